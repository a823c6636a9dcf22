// A lean stream of OpenAI chat completions for the common turn: text messages, no tools, no images.
// The AI SDK's path (fetch's web streams, a chain of TransformStreams, a zod parse of every chunk) cost
// a chat turn about 4 ms of the server's one thread, more than everything else it does for the turn;
// this one is a keep-alive node:http request, a line splitter and JSON.parse. It keeps the contract of
// streamFromAiSdk: the same request body as @ai-sdk/openai-compatible, text parts (never half a
// surrogate pair), a final usage part (the server's counts, else a tokenizer estimate), an abort that
// closes the upstream socket and ends with an estimate, and failures as ModelError before or after the
// first text. Turns with tools or images, and other providers, keep the AI SDK.
import http from 'node:http';
import https from 'node:https';
import { ModelError, type AnswerRequest, type StreamPart } from '../model.types.js';
import { callSettings } from './ai-sdk-stream.js';
import { countTokens } from './tokenizer.js';

export interface OpenAIChatEndpoint {
  /** the API base, e.g. http://localhost:11434/v1; /chat/completions is appended */
  baseUrl: string;
  apiKey: string | null;
}

/** Whether the lean stream can answer this request exactly as the AI SDK would. */
export function leanStreamFits(request: AnswerRequest): boolean {
  if (request.deployment.tools && request.tools?.length) return false;
  for (const m of request.messages) {
    if (m.role === 'tool') return false;
    if (m.role === 'assistant' && m.toolCalls?.length) return false;
    if (m.role === 'user' && request.deployment.vision && m.images?.length) return false;
  }
  return true;
}

/**
 * How long a socket to the upstream may sit unused before this side closes it. Servers close idle
 * connections after their own timeout (Node and uvicorn, which vLLM runs on, after 5 s) and do not always
 * say so in a Keep-Alive header; a socket reused just as the server closes it fails the turn with "socket
 * hang up". Closing first, as fetch's pool does (4 s), leaves that to a retry on a rare race.
 */
const FreeSocketTimeoutMs = 4000;
// sockets to the upstream stay open between turns, as fetch's pool keeps them; an active request sets
// its own (much longer) idle timeout below, so this one applies to unused sockets only
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: FreeSocketTimeoutMs }),
  https: new https.Agent({ keepAlive: true, timeout: FreeSocketTimeoutMs }),
};

/** The JSON body @ai-sdk/openai-compatible sends for a text-only, tool-free streamed chat. */
export function chatRequestBody(model: string, request: AnswerRequest): string {
  const s = callSettings(request);
  const messages: { role: string; content: string }[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const m of request.messages) messages.push({ role: m.role, content: m.content });
  return JSON.stringify({
    model,
    max_tokens: s.maxOutputTokens,
    temperature: s.temperature,
    top_p: s.topP,
    frequency_penalty: s.frequencyPenalty,
    reasoning_effort: s.providerOptions?.openaiCompatible.reasoningEffort,
    verbosity: s.providerOptions?.openaiCompatible.textVerbosity,
    messages,
    stream: true,
    stream_options: { include_usage: true },
  });
}

const IdleTimeoutMs = 300_000;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

interface Chunk {
  choices?: { delta?: { content?: string | null } | null }[] | null;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  error?: { message?: unknown } | null;
}

/** The message of an error body ({error: {message}}), else the status text, as the AI SDK reports it. */
function errorMessage(body: string, statusText: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed?.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON: the status text
  }
  return statusText;
}

type Event = { kind: 'response'; res: http.IncomingMessage } | { kind: 'data'; text: string } | { kind: 'end' } | { kind: 'error'; error: Error };

export async function* streamOpenAIChat(endpoint: OpenAIChatEndpoint, model: string, request: AnswerRequest): AsyncIterable<StreamPart> {
  const url = new URL(`${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const body = chatRequestBody(model, request);
  const signal = request.signal;

  // events of the request in arrival order; the generator below takes them one at a time
  const queue: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (e: Event) => {
    queue.push(e);
    const w = wake;
    wake = null;
    w?.();
  };
  const next = async (): Promise<Event> => {
    while (queue.length === 0) await new Promise<void>((r) => (wake = r));
    return queue.shift()!;
  };

  const client = url.protocol === 'https:' ? https : http;
  let retried = false;
  const send = () => {
    const r = client.request(url, {
      method: 'POST',
      agent: url.protocol === 'https:' ? agents.https : agents.http,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
    });
    let answered = false;
    r.on('response', (res) => {
      answered = true;
      push({ kind: 'response', res });
    });
    r.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as this request went out: the server never read the request
      // (it answered nothing), so it is sent once more on a new connection, as node:http's documentation advises.
      if (r.reusedSocket && !answered && !retried && !signal.aborted && error.code === 'ECONNRESET') {
        retried = true;
        req = send();
        return;
      }
      push({ kind: 'error', error });
    });
    // as fetch's pool does: an upstream silent this long (no headers, or no piece of the body) is gone
    r.setTimeout(IdleTimeoutMs, () => r.destroy(new Error(`no answer for ${IdleTimeoutMs / 1000} s`)));
    r.end(body);
    return r;
  };
  let req = send();
  const onAbort = () => req.destroy(Object.assign(new Error('The request was cancelled.'), { name: 'AbortError' }));
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });

  let response: http.IncomingMessage | null = null;
  let answer = '';
  let pending = '';
  let sentText = false;
  let input: number | undefined;
  let output: number | undefined;
  const usage = async (): Promise<StreamPart> => {
    if (input !== undefined && output !== undefined) return { type: 'usage', promptTokens: input, completionTokens: output, estimated: false };
    const prompt = [request.system, ...request.messages.map((m) => m.content)].join('\n');
    return {
      type: 'usage',
      promptTokens: input ?? (await countTokens(prompt)),
      completionTokens: output ?? (await countTokens(answer + pending)),
      estimated: true,
    };
  };
  const failed = (message: string, status: number | null = null) =>
    new ModelError(`The model provider failed${status ? ` (HTTP ${status})` : ''}: ${message}`, 'upstream', status, !sentText);

  try {
    const first = await next();
    if (first.kind === 'error') throw first.error;
    if (first.kind !== 'response') throw new Error('no response');
    const res = (response = first.res);
    res.setEncoding('utf8');
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      let text = '';
      for await (const piece of res) text += piece as string;
      throw failed(errorMessage(text, res.statusMessage ?? ''), status);
    }
    res.on('data', (text: string) => push({ kind: 'data', text }));
    res.on('end', () => push({ kind: 'end' }));
    res.on('error', (error) => push({ kind: 'error', error }));
    // a socket closed before the end of the body ("aborted" in node:http terms)
    res.on('aborted', () => push({ kind: 'error', error: new Error('The connection closed before the answer was complete.') }));

    // server-sent events: `data:` lines, a blank line ends an event; CRLF, CR or LF line ends
    let buffer = '';
    let data: string | null = null;
    for (;;) {
      const e = await next();
      if (e.kind === 'error') throw e.error;
      const last = e.kind === 'end';
      // the end of the body ends its last line and event too
      buffer += e.kind === 'data' ? e.text : '\n\n';
      const parts: StreamPart[] = [];
      /** an error event or a broken chunk: thrown once the text before it went out */
      let failure: ModelError | null = null;
      let start = 0;
      for (;;) {
        let end = start;
        while (end < buffer.length && buffer.charCodeAt(end) !== 10 && buffer.charCodeAt(end) !== 13) end++;
        if (end >= buffer.length) break;
        // a CR at the very end may be the first half of a CRLF: wait for more
        if (buffer.charCodeAt(end) === 13 && end + 1 >= buffer.length && !last) break;
        const line = buffer.slice(start, end);
        start = end + (buffer.charCodeAt(end) === 13 && buffer.charCodeAt(end + 1) === 10 ? 2 : 1);
        if (line === '') {
          if (data !== null && data !== '[DONE]') {
            let chunk: Chunk;
            try {
              chunk = JSON.parse(data) as Chunk;
            } catch {
              failure = failed('the stream held a chunk that is not JSON');
              break;
            }
            if (chunk.error) {
              failure = failed(String(chunk.error.message ?? 'unknown error'));
              break;
            }
            if (chunk.usage) {
              input = chunk.usage.prompt_tokens ?? undefined;
              output = chunk.usage.completion_tokens ?? undefined;
            }
            const delta = chunk.choices?.[0]?.delta?.content;
            if (delta) {
              let text = pending + delta;
              pending = '';
              // never hand out half of a surrogate pair: keep it until its other half arrives
              if (isHighSurrogate(text.charCodeAt(text.length - 1))) {
                pending = text.slice(-1);
                text = text.slice(0, -1);
              }
              if (text !== '') {
                answer += text;
                sentText = true;
                parts.push({ type: 'text', text });
              }
            }
          }
          data = null;
        } else if (line.startsWith('data:')) {
          const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
          data = data === null ? value : `${data}\n${value}`;
        }
      }
      buffer = start === 0 ? buffer : buffer.slice(start);
      for (const p of parts) yield p;
      if (failure) throw failure;
      if (last) break;
    }
    if (pending) {
      answer += pending;
      yield { type: 'text', text: pending };
      pending = '';
    }
    yield await usage();
  } catch (e) {
    if (signal.aborted) {
      // the caller stopped the answer: what came so far, and an estimate
      if (pending) yield { type: 'text', text: pending };
      pending = '';
      yield await usage();
      return;
    }
    if (e instanceof ModelError) throw e;
    throw failed(e instanceof Error ? e.message : String(e));
  } finally {
    signal.removeEventListener('abort', onAbort);
    // a consumer that stops reading (or a failure) must not leave the upstream answering
    if (!req.destroyed && !response?.complete) req.destroy();
  }
}
