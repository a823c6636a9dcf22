// Test helpers for the chat stream: three independent SSE decoders, a streaming fetch client and a
// scripted model gateway. Each decoder reads the raw bytes the way a different kind of client does.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SseDecoder, type SseEvent } from '@atrium/contract';
import { gptSystems } from '../db/schema/index.js';
import type { TestApp } from './harness.js';
import { ModelError, type AnswerRequest, type ModelGateway, type ResolvedDeployment, type StreamPart } from '../ai/model.types.js';

const b64 = (raw: string) => (raw === '' ? '' : Buffer.from(raw, 'base64').toString('utf8'));

/** (2) A naive client: splits on blank lines and reads `event:`/`data:` inside one block only. */
export class NaiveBlockDecoder {
  private buffer = '';
  private text = new TextDecoder();

  push(chunk: Uint8Array): SseEvent[] {
    this.buffer += this.text.decode(chunk, { stream: true });
    const out: SseEvent[] = [];
    for (let at = this.buffer.indexOf('\n\n'); at !== -1; at = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      let event: string | null = null;
      let data: string | null = null;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data = line.slice(5).trim();
      }
      // the event name is forgotten at the blank line: a data-only block would be a nameless message
      if (data !== null) out.push({ event: event ?? 'message', data: b64(data) });
    }
    return out;
  }
}

/** (3) The HTML living standard's event-stream interpretation, literally (event type resets after each dispatch). */
export class SpecDecoder {
  private text = new TextDecoder();
  private buffer = '';
  private data = '';
  private type = '';
  private first = true;
  private pendingCr = false;

  push(chunk: Uint8Array): SseEvent[] {
    let s = this.text.decode(chunk, { stream: true });
    if (this.first && s.length > 0) {
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
      this.first = false;
    }
    if (this.pendingCr && s.startsWith('\n')) s = s.slice(1);
    this.pendingCr = s.endsWith('\r');
    this.buffer += s;
    const out: SseEvent[] = [];
    for (let m = /\r\n|\r|\n/.exec(this.buffer); m; m = /\r\n|\r|\n/.exec(this.buffer)) {
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.processLine(line, out);
    }
    return out;
  }

  private processLine(line: string, out: SseEvent[]): void {
    if (line === '') {
      // dispatch
      if (this.data === '') {
        this.type = '';
        return;
      }
      const data = this.data.endsWith('\n') ? this.data.slice(0, -1) : this.data;
      out.push({ event: this.type === '' ? 'message' : this.type, data: b64(data) });
      this.data = '';
      this.type = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.type = value;
    else if (field === 'data') this.data += `${value}\n`;
    // id and retry do not matter here; other fields are ignored as the standard says
  }
}

export interface StreamResult {
  status: number;
  headers: Headers;
  /** events as the contract decoder (event name kept as state) reads them */
  events: SseEvent[];
  naive: SseEvent[];
  spec: SseEvent[];
  raw: string;
  /** milliseconds from sending the request to each event */
  times: number[];
  /** the body, when the server refused with JSON */
  json?: unknown;
}

export interface StreamOptions {
  token: string;
  headers?: Record<string, string>;
  /** abort the request after this many response-updated events */
  abortAfterPieces?: number;
  /** abort the request once this event arrives */
  abortOn?: (event: SseEvent) => boolean;
}

export async function postStream(base: string, path: string, body: unknown, options: StreamOptions): Promise<StreamResult> {
  const controller = new AbortController();
  const started = performance.now();
  const res = await fetch(`${base}/api/internal${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: controller.signal,
  });
  const result: StreamResult = { status: res.status, headers: res.headers, events: [], naive: [], spec: [], raw: '', times: [] };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    result.json = await res.json();
    return result;
  }
  const contract = new SseDecoder();
  const naive = new NaiveBlockDecoder();
  const spec = new SpecDecoder();
  const rawText = new TextDecoder();
  const reader = res.body!.getReader();
  let pieces = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      result.raw += rawText.decode(value, { stream: true });
      for (const e of contract.push(value)) {
        result.events.push(e);
        result.times.push(performance.now() - started);
        if (e.event === 'response-updated') pieces++;
        if (options.abortOn?.(e)) controller.abort();
      }
      result.naive.push(...naive.push(value));
      result.spec.push(...spec.push(value));
      if ((options.abortAfterPieces !== undefined && pieces >= options.abortAfterPieces) || controller.signal.aborted) {
        controller.abort();
        break;
      }
    }
  } catch (e) {
    if (!controller.signal.aborted) throw e;
  }
  if (!controller.signal.aborted) result.events.push(...contract.end());
  return result;
}

export const names = (events: SseEvent[]) => events.map((e) => e.event);
export const answerOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'response-updated')
    .map((e) => e.data)
    .join('');
export const dataOf = <T>(events: SseEvent[], name: string): T => JSON.parse(events.find((e) => e.event === name)!.data) as T;

/**
 * A JSON call over real HTTP to a listening test app: `{status, body}` with the body parsed when JSON.
 * `defaultToken` reads the token at call time (tests create their users in beforeAll).
 */
export const jsonCaller =
  (base: () => string, defaultToken: () => string) =>
  async <T = unknown>(method: string, path: string, body?: unknown, token = defaultToken()) => {
    const res = await fetch(`${base()}/api/internal${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T };
  };

export const baseUrl = (t: TestApp) => {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
};

export async function systemAgentId(t: TestApp): Promise<string> {
  const [agent] = await t.ctx.db.select({ id: gptSystems.id }).from(gptSystems).where(eq(gptSystems.gptSystemType, 'System')).limit(1);
  return agent!.id;
}

export const ScriptedDeployment: ResolvedDeployment = {
  deploymentId: '11111111-1111-4111-8111-111111111111',
  name: 'scripted',
  displayName: 'Scripted model',
  model: 'scripted-model-1',
  providerType: 'OpenAICompatible',
  category: 'OpenAI',
  vision: false,
  tools: false,
  hipaaCompliant: false,
  contextWindow: null,
  maxOutputTokens: null,
};

export type Script = (request: AnswerRequest) => AsyncIterable<StreamPart>;

/** A model gateway that answers from a script and records every request and whether its signal fired. */
export function scriptedGateway(script: Script, title: string | null = null) {
  const requests: AnswerRequest[] = [];
  const gateway: ModelGateway & { requests: AnswerRequest[] } = {
    requests,
    resolve: async (name) => ({ ...ScriptedDeployment, name: name ?? ScriptedDeployment.name }),
    stream(request) {
      requests.push(request);
      return script(request);
    },
    generateTitle: async () => title,
    imageDeployment: async () => null,
    generateImage: async () => {
      throw new ModelError('The scripted gateway draws no images.', 'not_configured');
    },
    embeddingDeployments: async () => [],
    embed: async () => {
      throw new ModelError('The scripted gateway embeds nothing.', 'not_configured');
    },
    reranker: async () => null,
    speaker: async () => null,
    invalidate: () => undefined,
  };
  return gateway;
}

/** The body of a question as clients send it: no uploads, a fresh session, no persisted traces. */
export const questionBody = (question: string) => ({
  question,
  visionImageIds: [],
  attachmentIds: [],
  session: { sessionIdentifier: randomUUID() },
  segmentTraceLogLevel: 'NonPersisted',
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await sleep(20);
  }
}
