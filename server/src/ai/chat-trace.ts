// The execution log of one answer (executionDetails, traceLogs). Info and Error entries are always
// kept; Debug entries only when the client asked for persisted traces.
//
// In HIPAA mode (`withoutContent`) the log keeps no words of the conversation: an entry whose message may quote the
// question, the answer or what a tool made of them (a search query, an image's title) is kept in its content-free
// form (`plain`), and a tool's own message, which the log cannot vouch for, as a fixed sentence.
import type { ExecutionLog } from '@atrium/contract';

export interface TraceLogOptions {
  /** keep Debug entries (the client asked for persisted traces) */
  keepDebug: boolean;
  /** HIPAA mode: keep only content-free messages */
  withoutContent?: boolean;
}

/** Entries whose messages come from tools and may carry what the model or the person wrote. */
const ToolTypes = new Set(['ToolCall']);
export const HiddenToolMessage = 'A tool ran; its details are not kept in HIPAA mode.';
export const HiddenToolError = 'A tool failed; its details are not kept in HIPAA mode.';

export class TraceLog {
  private readonly entries: ExecutionLog[] = [];
  private readonly keepDebug: boolean;
  readonly withoutContent: boolean;

  constructor(options: TraceLogOptions | boolean) {
    const o = typeof options === 'boolean' ? { keepDebug: options } : options;
    this.keepDebug = o.keepDebug;
    this.withoutContent = o.withoutContent ?? false;
  }

  private add(executionLogType: string, executionLogDetailLevel: 'Info' | 'Debug' | 'Error', message: string, plain?: string): void {
    if (executionLogDetailLevel === 'Debug' && !this.keepDebug) return;
    let kept = message;
    if (this.withoutContent) {
      if (plain !== undefined) kept = plain;
      else if (ToolTypes.has(executionLogType)) kept = executionLogDetailLevel === 'Error' ? HiddenToolError : HiddenToolMessage;
    }
    this.entries.push({
      createdAt: new Date().toISOString(),
      executionLogType,
      executionLogDetailLevel,
      message: kept,
      isError: executionLogDetailLevel === 'Error',
    });
  }

  /** `plain`: the message without words of the conversation, kept instead in HIPAA mode */
  info(type: string, message: string, plain?: string): void {
    this.add(type, 'Info', message, plain);
  }

  debug(type: string, message: string, plain?: string): void {
    this.add(type, 'Debug', message, plain);
  }

  error(message: string, type = 'Error', plain?: string): void {
    this.add(type, 'Error', message, plain);
  }

  persisted(): ExecutionLog[] {
    return [...this.entries];
  }
}
