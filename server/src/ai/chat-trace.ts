// The execution log of one answer (executionDetails, traceLogs). Info and Error entries are always
// kept; Debug entries only when the client asked for persisted traces.
import type { ExecutionLog } from '@atrium/contract';

export class TraceLog {
  private readonly entries: ExecutionLog[] = [];

  constructor(private readonly keepDebug: boolean) {}

  private add(executionLogType: string, executionLogDetailLevel: 'Info' | 'Debug' | 'Error', message: string): void {
    if (executionLogDetailLevel === 'Debug' && !this.keepDebug) return;
    this.entries.push({
      createdAt: new Date().toISOString(),
      executionLogType,
      executionLogDetailLevel,
      message,
      isError: executionLogDetailLevel === 'Error',
    });
  }

  info(type: string, message: string): void {
    this.add(type, 'Info', message);
  }

  debug(type: string, message: string): void {
    this.add(type, 'Debug', message);
  }

  error(message: string, type = 'Error'): void {
    this.add(type, 'Error', message);
  }

  persisted(): ExecutionLog[] {
    return [...this.entries];
  }
}
