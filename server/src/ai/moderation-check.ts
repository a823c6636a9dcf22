// Automatic moderation of a chat turn (docs/moderation.md): an agent's blocked patterns and, where it names one, an
// OpenAI-compatible moderation service (`POST {endpoint}/moderations`). The chat engine asks TurnModeration to screen
// the question before anything else, and passes the answer's text through an AnswerGuard that checks it in windows
// while it streams: a flagged window stops the answer, and the answer kept ends before that window. What happens on
// a flag (the report) is the moderation module's (modules/moderation/moderation.automatic.ts).
import type { AgentModeration } from '@atrium/contract';
import type { ChatTransport, ChatUpdate } from './chat-updates.js';

export interface ModerationVerdict {
  /** what flagged it, for the report: `pattern "…"` or the service's categories */
  reason: string;
}

export interface AnswerGuard {
  /** the transport the model's text goes through: text after a flagged window is not sent */
  transport: ChatTransport;
  /** Once the answer has ended: checks what was not checked yet; the answer to keep when it was cut, else null. */
  settle(answer: string): Promise<string | null>;
}

export interface TurnModeration {
  /** the refusal to answer with when the question is flagged, else null */
  screenQuestion(signal: AbortSignal): Promise<string | null>;
  /** `stop` ends the model's answer (the engine's abort) */
  guardAnswer(transport: ChatTransport, stop: (reason: unknown) => void, signal: AbortSignal): AnswerGuard;
}

/** How many characters of an answer the service checks at once; each window repeats the end of the one before. */
export const WindowChars = 400;
const OverlapChars = 80;
/** the most a service may take before the check is given up (the answer goes on: moderation fails open) */
export const ServiceTimeoutMs = 10_000;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/…/flags` is a regular expression (invalid ones are skipped); anything else a case-insensitive whole word or phrase. */
export function compilePatterns(patterns: readonly string[]): Array<{ source: string; regex: RegExp }> {
  const out: Array<{ source: string; regex: RegExp }> = [];
  for (const source of patterns) {
    const literal = /^\/(.+)\/([a-z]*)$/s.exec(source);
    try {
      const regex = literal
        ? new RegExp(literal[1]!, [...new Set(literal[2]!.replace(/[gy]/g, '') + 'u')].join(''))
        : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(source)}(?![\\p{L}\\p{N}])`, 'iu');
      out.push({ source, regex });
    } catch {
      // an invalid expression matches nothing (the configuration screen says so)
    }
  }
  return out;
}

export interface ServiceError {
  (error: unknown): void;
}

/** One agent's checks: patterns first (no network), then the service. */
export class ModerationChecker {
  private readonly patterns;

  constructor(
    private readonly settings: AgentModeration,
    private readonly options: { apiKey?: string | null; onServiceError?: ServiceError; fetch?: typeof fetch } = {},
  ) {
    this.patterns = compilePatterns(settings.blockedPatterns);
  }

  /** the first pattern found in the text, with where it starts */
  matchPattern(text: string): (ModerationVerdict & { index: number }) | null {
    for (const p of this.patterns) {
      const m = p.regex.exec(text);
      if (m) return { reason: `pattern "${p.source}"`, index: m.index };
    }
    return null;
  }

  async check(text: string, signal: AbortSignal): Promise<ModerationVerdict | null> {
    return this.matchPattern(text) ?? (await this.askService(text, signal));
  }

  async askService(text: string, signal: AbortSignal): Promise<ModerationVerdict | null> {
    const endpoint = this.settings.endpoint;
    if (!endpoint || text.trim() === '') return null;
    try {
      const res = await (this.options.fetch ?? fetch)(`${endpoint.replace(/\/+$/, '')}/moderations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
        body: JSON.stringify({ input: text, ...(this.settings.model ? { model: this.settings.model } : {}) }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(ServiceTimeoutMs)]),
      });
      if (!res.ok) throw new Error(`the moderation service answered ${res.status}`);
      const body = (await res.json()) as { results?: Array<{ flagged?: boolean; categories?: Record<string, boolean> }> };
      const flagged = (body.results ?? []).filter((r) => r.flagged === true);
      if (flagged.length === 0) return null;
      const categories = [...new Set(flagged.flatMap((r) => Object.entries(r.categories ?? {}).flatMap(([k, v]) => (v ? [k] : []))))];
      return { reason: categories.length ? `moderation service: ${categories.join(', ')}` : 'moderation service' };
    } catch (e) {
      if (!signal.aborted) this.options.onServiceError?.(e);
      return null;
    }
  }
}

/**
 * The answer's text as it streams: patterns are checked on every piece (with the end of what came before, so that a
 * word split between pieces is seen); the service gets windows of WindowChars, one at a time. After a flag, no more
 * text is sent and the model is stopped; `settle` names where the kept answer ends.
 */
export function guardAnswer(
  checker: ModerationChecker,
  transport: ChatTransport,
  stop: (reason: unknown) => void,
  signal: AbortSignal,
  onFlag: (verdict: ModerationVerdict, kept: string) => Promise<string>,
): AnswerGuard {
  let text = '';
  /** the answer up to here has passed the service (patterns are checked at once) */
  let approved = 0;
  let flaggedAt: number | null = null;
  let verdict: ModerationVerdict | null = null;
  let checking: Promise<void> | null = null;

  const flag = (at: number, v: ModerationVerdict) => {
    if (flaggedAt !== null && flaggedAt <= at) return;
    flaggedAt = at;
    verdict = v;
    stop(new Error('moderation'));
  };
  const checkWindow = (from: number, to: number) => {
    const start = Math.max(0, from - OverlapChars);
    checking = checker.askService(text.slice(start, to), signal).then((v) => {
      if (v) flag(from, v);
      // a check given up because the answer stopped approves nothing
      else if (!signal.aborted) approved = Math.max(approved, to);
      checking = null;
      if (flaggedAt === null && text.length - approved >= WindowChars) checkWindow(approved, text.length);
    });
  };

  const guarded: ChatTransport = {
    get signal() {
      return transport.signal;
    },
    close: () => transport.close(),
    publish(update: ChatUpdate) {
      if (update.type !== 'text') return transport.publish(update);
      if (flaggedAt !== null) return;
      const before = text.length;
      text += update.text;
      const tailStart = Math.max(0, before - 200);
      const hit = checker.matchPattern(text.slice(tailStart));
      if (hit) {
        // the kept answer ends where the match starts; the piece with it is not sent
        flag(tailStart + hit.index, hit);
        return;
      }
      transport.publish(update);
      if (!checking && text.length - approved >= WindowChars) checkWindow(approved, text.length);
    },
  };

  return {
    transport: guarded,
    async settle(answer: string) {
      while (checking) await checking;
      if (flaggedAt === null && answer.length > approved && checker.matchPattern(answer) === null) {
        const v = await checker.askService(answer.slice(Math.max(0, approved - OverlapChars)), signal);
        if (v) flag(approved, v);
      } else if (flaggedAt === null) {
        const hit = checker.matchPattern(answer);
        if (hit) flag(hit.index, hit);
      }
      if (flaggedAt === null || !verdict) return null;
      return onFlag(verdict, answer.slice(0, flaggedAt));
    },
  };
}
