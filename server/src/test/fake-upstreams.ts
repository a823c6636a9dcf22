// Fake model providers for tests and benchmarks: real HTTP servers on 127.0.0.1 that speak the
// OpenAI chat-completions protocol (also what Azure OpenAI and compatible servers speak) and the
// Anthropic messages protocol, streamed or not. Each answer follows a script: text pieces with
// usage, a tool call, an HTTP error before the first token, a dropped connection or an error event
// mid-stream, a slow first token, or a stream that never ends. Requests are recorded, including
// whether the client went away before the answer was complete. The OpenAI fake also draws images
// (`POST …/images/generations`): a real PNG made with sharp, or a scripted failure. Both list their
// models for "Test connection" (`GET …/models`; the OpenAI fake also answers Azure's
// `GET /openai/deployments`), and with `apiKey` set they refuse requests without that key, as servers do.
// The OpenAI fake embeds too (`POST …/embeddings`, also Azure's paths): deterministic vectors of the words'
// stems and trigrams (fakeEmbedding), so that texts about the same things are near, or scripted failures.
// And it reranks (`POST …/rerank`, the Cohere v2 / Jina shape): each document scored by the share of the query's
// words it holds (fakeRerankScore), or scripted failures and delays.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { TitleInstructions } from '../ai/model-registry.js';

export interface FakeScript {
  /** the answer's text pieces, sent one per chunk; default ['Hello', ' from', ' the', ' fake', ' model.'] */
  chunks?: string[];
  /** before the first chunk (headers go out at once, as real servers do) */
  firstTokenDelayMs?: number;
  /** between chunks */
  chunkDelayMs?: number;
  /** reported at the end; null sends none from OpenAI (the registry then estimates) and zeros from Anthropic */
  usage?: { promptTokens: number; completionTokens: number } | null;
  /** after the text, the model calls this tool and stops */
  toolCall?: { name: string; input: Record<string, unknown> };
  /** answer with this HTTP status and an error body instead of a stream (e.g. 500, 429) */
  status?: number;
  errorMessage?: string;
  /**
   * how the stream ends after the chunks: normally, socket destroyed, an error event, or never ('hang': with no
   * chunks a model that never starts answering, after some a model that falls silent mid-answer)
   */
  end?: 'complete' | 'drop' | 'error-event' | 'hang';
}

export type ScriptSource = FakeScript | ((request: RecordedRequest) => FakeScript);

/** How the fake answers `images/generations` (its own script: image requests never take a chat script). */
export interface FakeImageScript {
  /** the image's bytes; default FakeImagePng() */
  data?: Buffer;
  /** answer with this HTTP status and an error body instead */
  status?: number;
  errorMessage?: string;
  delayMs?: number;
}

let fakePng: Promise<Buffer> | null = null;
/**
 * The default image: a real 256 x 256 PNG (a sunset over the sea in flat bands), so that a browser
 * shows a picture and a test can compare bytes.
 */
export const FakeImagePng = (): Promise<Buffer> =>
  (fakePng ??= (() => {
    const size = 256;
    const pixels = Buffer.alloc(size * size * 3);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const sun = (x - 128) ** 2 + (y - 150) ** 2 < 40 ** 2;
        const sky = y < 150;
        const [r, g, b] = sun && sky ? [255, 200, 60] : sky ? [250 - y / 2, 120 + y / 3, 90 + y / 2] : [20, 60 + ((x + y) % 16), 120 + (y - 150)];
        pixels.set(
          [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v)))),
          (y * size + x) * 3,
        );
      }
    }
    return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
  })());

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** the client closed the connection before the answer was complete */
  aborted: boolean;
  completed: boolean;
}

export interface FakeUpstream {
  /** base URL to configure: `<origin>/v1` (OpenAI and Anthropic clients both append their paths to it) */
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** how many requests the client abandoned before the answer was complete */
  readonly aborted: number;
  /** the script for every following request */
  setScript(script: ScriptSource): void;
  /**
   * scripts for the next requests only, in order; then the default script again. A title request (a job that may
   * reach the upstream at any time) never takes a queued script: it gets the default one.
   */
  enqueue(...scripts: ScriptSource[]): void;
  /** how every following images/generations request is answered (OpenAI protocol only) */
  setImageScript(script: FakeImageScript): void;
  /** what every following `GET …/models` lists */
  setModels(models: string[]): void;
  /**
   * the next `times` embeddings requests answer `status` instead of vectors (a 429 says how long to wait in
   * Retry-After and retry-after-ms, `retryAfterMs`, default 20 ms; other statuses only when `retryAfterMs` is given)
   */
  failEmbeddings(times: number, status?: number, options?: { retryAfterMs?: number; message?: string }): void;
  /** waits this long before each embeddings answer */
  setEmbeddingDelay(ms: number): void;
  /**
   * the next `times` rerank requests answer `status` instead of a ranking (with `retryAfterMs`, in Retry-After and
   * retry-after-ms), or 200 with `body` when given (an answer that is not a ranking)
   */
  failRerank(times: number, status?: number, options?: { retryAfterMs?: number; message?: string; body?: unknown }): void;
  /** waits this long before each rerank answer */
  setRerankDelay(ms: number): void;
  /** resolves once `count` requests in all have been abandoned by their clients (default: one more than now) */
  waitForAbort(count?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeOptions {
  script?: ScriptSource;
  /** the length of the fake's vectors when a request asks none (`dimensions`); default FakeEmbeddingDimensions */
  embeddingDimensions?: number;
  /** what `GET …/models` lists; default DefaultFakeModels (OpenAI) or DefaultFakeClaudeModels (Anthropic) */
  models?: string[];
  /** refuse (401) every request that does not carry this key (Bearer, api-key or x-api-key) */
  apiKey?: string;
}

/** A chat model, an image model and an embedding model, one of each kind a test connection tells apart. */
export const DefaultFakeModels = ['fake-model', 'gpt-image-1', 'text-embedding-3-small'];
export const DefaultFakeClaudeModels = ['claude-sonnet-4-5', 'claude-haiku-4-5'];

export const DefaultChunks = ['Hello', ' from', ' the', ' fake', ' model.'];
const DefaultUsage = { promptTokens: 12, completionTokens: 5 };

type Writer = (res: http.ServerResponse, script: Required<Pick<FakeScript, 'chunks'>> & FakeScript, model: string, isOpen: () => boolean) => Promise<void>;

interface Protocol {
  matches(path: string): boolean;
  /** the models the fake serves, as the protocol lists them for this GET path (null: not a list path) */
  modelList(path: string, models: string[]): unknown;
  defaultModels: string[];
  /** serves POST …/images/generations */
  images?: boolean;
  errorBody(status: number, message: string): unknown;
  completion(script: FakeScript & { chunks: string[] }, model: string): unknown;
  stream: Writer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startFake(protocol: Protocol, options: FakeOptions): Promise<FakeUpstream> {
  let script: ScriptSource = options.script ?? {};
  let imageScript: FakeImageScript = {};
  let models = options.models ?? protocol.defaultModels;
  const embeddingFailures: { status: number; retryAfterMs?: number | undefined; message?: string | undefined }[] = [];
  let embeddingDelayMs = 0;
  const rerankFailures: { status: number; retryAfterMs?: number | undefined; message?: string | undefined; body?: unknown }[] = [];
  let rerankDelayMs = 0;
  const queue: ScriptSource[] = [];
  const requests: RecordedRequest[] = [];
  const abortWaiters: { count: number; resolve: () => void }[] = [];
  let aborted = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // recorded as empty; the protocol check below answers 400
      }
      const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, aborted: false, completed: false };
      requests.push(record);
      res.on('close', () => {
        if (record.completed) return;
        record.aborted = true;
        aborted += 1;
        for (const w of abortWaiters.filter((w) => aborted >= w.count)) {
          abortWaiters.splice(abortWaiters.indexOf(w), 1);
          w.resolve();
        }
      });
      const markDone = () => {
        record.completed = !record.aborted && res.writableFinished;
      };
      const path = record.path.split('?')[0]!;
      if (options.apiKey !== undefined && keyOf(req.headers) !== options.apiKey) {
        // real servers repeat (part of) the key they were given: the platform must not pass it on
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify(protocol.errorBody(401, `Incorrect API key provided: ${keyOf(req.headers) ?? '(none)'}`)), markDone);
        return;
      }
      const list = record.method === 'GET' ? protocol.modelList(path, models) : null;
      if (list !== null) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list), markDone);
        return;
      }
      if (protocol.images && record.method === 'POST' && record.path.split('?')[0]!.endsWith('/images/generations')) {
        void drawImage(record, imageScript, res).then(markDone);
        return;
      }
      if (protocol.images && record.method === 'POST' && path.endsWith('/embeddings')) {
        void embed(record, res).then(markDone);
        return;
      }
      if (protocol.images && record.method === 'POST' && path.endsWith('/rerank')) {
        void rerankAnswer(record, res).then(markDone);
        return;
      }
      const title = JSON.stringify(record.body).includes(TitleInstructions);
      const source = (title ? undefined : queue.shift()) ?? script;
      const s = typeof source === 'function' ? source(record) : source;
      void answer(record, s, res).then(() => {
        record.completed = !record.aborted && res.writableFinished;
      });
    });
  });

  async function drawImage(record: RecordedRequest, s: FakeImageScript, res: http.ServerResponse): Promise<void> {
    if (s.delayMs) await sleep(s.delayMs);
    if (res.destroyed) return;
    if (s.status && s.status >= 400) {
      res
        .writeHead(s.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(protocol.errorBody(s.status, s.errorMessage ?? 'The fake image model failed')));
      return;
    }
    if (typeof record.body.prompt !== 'string' || record.body.prompt === '') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(protocol.errorBody(400, 'prompt is required')));
      return;
    }
    const data = s.data ?? (await FakeImagePng());
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [{ b64_json: data.toString('base64'), revised_prompt: record.body.prompt }] }));
  }

  async function embed(record: RecordedRequest, res: http.ServerResponse): Promise<void> {
    if (embeddingDelayMs) await sleep(embeddingDelayMs);
    if (res.destroyed) return;
    const failure = embeddingFailures.shift();
    if (failure) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const wait = failure.retryAfterMs ?? (failure.status === 429 ? 20 : undefined);
      if (wait !== undefined) {
        headers['retry-after-ms'] = String(wait);
        headers['retry-after'] = String(Math.ceil(wait / 1000));
      }
      res.writeHead(failure.status, headers).end(JSON.stringify(protocol.errorBody(failure.status, failure.message ?? 'The fake embedding model failed')));
      return;
    }
    const input = record.body.input;
    const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((i) => typeof i === 'string') ? (input as string[]) : null;
    if (!texts || texts.length === 0 || texts.some((t) => t === '')) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify(protocol.errorBody(400, 'input must be a non-empty string or array of them')));
      return;
    }
    const asked = record.body.dimensions;
    const dimensions = typeof asked === 'number' && Number.isInteger(asked) && asked > 0 ? asked : (options.embeddingDimensions ?? FakeEmbeddingDimensions);
    const base64 = record.body.encoding_format === 'base64';
    const data = texts.map((text, index) => {
      const vector = fakeEmbedding(text, dimensions);
      return { object: 'embedding', index, embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector };
    });
    const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ object: 'list', data, model: record.body.model ?? 'text-embedding-3-small', usage: { prompt_tokens: tokens, total_tokens: tokens } }),
      );
  }

  async function rerankAnswer(record: RecordedRequest, res: http.ServerResponse): Promise<void> {
    if (rerankDelayMs) await sleep(rerankDelayMs);
    if (res.destroyed) return;
    const failure = rerankFailures.shift();
    if (failure) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (failure.retryAfterMs !== undefined) {
        headers['retry-after-ms'] = String(failure.retryAfterMs);
        headers['retry-after'] = String(Math.ceil(failure.retryAfterMs / 1000));
      }
      const body = failure.body !== undefined ? failure.body : protocol.errorBody(failure.status, failure.message ?? 'The fake reranker failed');
      res.writeHead(failure.status, headers).end(JSON.stringify(body));
      return;
    }
    const { model, query, documents, top_n: topN } = record.body;
    const fail = (message: string) => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(protocol.errorBody(400, message)));
    if (typeof model !== 'string' || model === '') return void fail('model is required');
    if (typeof query !== 'string' || query === '') return void fail('query must be a non-empty string');
    if (!Array.isArray(documents) || documents.length === 0 || !documents.every((d) => typeof d === 'string')) {
      return void fail('documents must be a non-empty array of strings');
    }
    if (topN !== undefined && (typeof topN !== 'number' || !Number.isInteger(topN) || topN < 1)) return void fail('top_n must be a positive integer');
    const results = (documents as string[])
      .map((d, index) => ({ index, relevance_score: fakeRerankScore(query, d) }))
      .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
      .slice(0, topN ?? documents.length);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ id: `rerank-${requests.length}`, results, meta: { billed_units: { search_units: 1 } } }));
  }

  async function answer(record: RecordedRequest, s: FakeScript, res: http.ServerResponse): Promise<void> {
    const isOpen = () => !res.destroyed && !res.writableEnded;
    if (record.method !== 'POST' || !protocol.matches(record.path.split('?')[0]!)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(protocol.errorBody(404, `No route ${record.path}`)));
      return;
    }
    const full = { ...s, chunks: s.chunks ?? DefaultChunks, usage: s.usage === undefined ? DefaultUsage : s.usage };
    const model = typeof record.body.model === 'string' ? record.body.model : 'fake-model';
    if (s.status && s.status >= 400) {
      if (s.firstTokenDelayMs) await sleep(s.firstTokenDelayMs);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (s.status === 429) headers['retry-after'] = '1';
      res.writeHead(s.status, headers).end(JSON.stringify(protocol.errorBody(s.status, s.errorMessage ?? 'The fake upstream failed')));
      return;
    }
    if (record.body.stream !== true) {
      if (s.firstTokenDelayMs) await sleep(s.firstTokenDelayMs);
      if (!isOpen()) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(protocol.completion(full, model)));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    await protocol.stream(res, full, model, isOpen);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    get aborted() {
      return aborted;
    },
    setScript(next) {
      script = next;
    },
    enqueue(...scripts) {
      queue.push(...scripts);
    },
    setImageScript(next) {
      imageScript = next;
    },
    setModels(next) {
      models = next;
    },
    failEmbeddings(times, status = 429, failOptions = {}) {
      for (let i = 0; i < times; i++) embeddingFailures.push({ status, retryAfterMs: failOptions.retryAfterMs, message: failOptions.message });
    },
    setEmbeddingDelay(ms) {
      embeddingDelayMs = ms;
    },
    failRerank(times, status = 503, failOptions = {}) {
      for (let i = 0; i < times; i++) rerankFailures.push({ status, ...failOptions });
    },
    setRerankDelay(ms) {
      rerankDelayMs = ms;
    },
    waitForAbort(count = aborted + 1, timeoutMs = 5000) {
      if (aborted >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} aborted requests, saw ${aborted}`)), timeoutMs);
        abortWaiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The length of the fake embedding model's vectors. */
export const FakeEmbeddingDimensions = 256;

const StopWords = new Set(
  'a an and are as at be by for from has have how i in is it its of on or that the this to was were what when where which who why will with you your'.split(
    ' ',
  ),
);

/** A crude stem: enough for "policies", "policy" and "refunds", "refunded", "refunding" to meet. */
const stem = (word: string) => word.replace(/(ies|ied)$/, 'y').replace(/(ing|ed|es|s|ly)$/, '') || word;

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The fake embedding of a text: its words' stems (weight 1) and their letter trigrams (weight 0.3), each hashed
 * to a dimension with a hashed sign, normalised to length 1. Texts that share words (in any form) are near in
 * cosine similarity, so nearest neighbours come out as a reader expects; a text with no words is a fixed vector.
 */
export function fakeEmbedding(text: string, dimensions = FakeEmbeddingDimensions): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const add = (feature: string, weight: number) => {
    const h = hash(feature);
    v[h % dimensions]! += h & 0x80000000 ? -weight : weight;
  };
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !StopWords.has(w));
  for (const word of words) {
    const s = stem(word);
    add(`w:${s}`, 1);
    const padded = `^${s}$`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.3);
  }
  if (words.length === 0) add('w:', 1);
  const norm = Math.sqrt(v.reduce((n, x) => n + x * x, 0)) || 1;
  return v.map((x) => Math.round((x / norm) * 1e6) / 1e6);
}

/** The words of a text as the fake models see them: lower case, stop words left out, crudely stemmed. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !StopWords.has(w))
    .map(stem);

/**
 * The fake reranker's relevance of a document to a query: the share of the query's distinct words (stemmed, stop
 * words left out) the document holds, 0 to 1, to 4 digits. Unlike full-text ranking it does not count repetitions:
 * a passage naming every word of the question once outranks one repeating a single word.
 */
export function fakeRerankScore(query: string, document: string): number {
  const asked = new Set(wordsOf(query));
  if (asked.size === 0) return 0;
  const held = new Set(wordsOf(document));
  return Math.round(([...asked].filter((w) => held.has(w)).length / asked.size) * 10_000) / 10_000;
}

/** Writes the chunks with the script's delays; false when the client went away or the script drops. */
async function pace(script: FakeScript, count: number, isOpen: () => boolean, write: (i: number) => void): Promise<boolean> {
  for (let i = 0; i < count; i++) {
    const delay = i === 0 ? script.firstTokenDelayMs : script.chunkDelayMs;
    if (delay) await sleep(delay);
    if (!isOpen()) return false;
    write(i);
  }
  if (count === 0 && script.firstTokenDelayMs) await sleep(script.firstTokenDelayMs);
  return isOpen();
}

/** Ends a stream the way the script says; returns true when the normal ending should be written. */
function abnormalEnd(res: http.ServerResponse, script: FakeScript, errorEvent: () => void): boolean {
  switch (script.end) {
    case 'drop':
      res.socket?.destroy();
      return false;
    case 'error-event':
      errorEvent();
      res.end();
      return false;
    case 'hang':
      // never ends; the client's abort (or close()) finishes it
      return false;
    default:
      return true;
  }
}

/** The key a request carries, in any of the headers the providers use. */
function keyOf(headers: http.IncomingHttpHeaders): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined);
  return bearer ?? header('api-key') ?? header('x-api-key');
}

const openaiProtocol: Protocol = {
  matches: (path) => path.endsWith('/chat/completions'),
  defaultModels: DefaultFakeModels,
  modelList: (path, models) => {
    // Azure's data-plane deployments list: a deployment named like its model
    if (path.endsWith('/openai/deployments'))
      return { object: 'list', data: models.map((id) => ({ id, model: id, object: 'deployment', status: 'succeeded', owner: 'organization-owner' })) };
    if (path.endsWith('/models')) return { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) };
    return null;
  },
  images: true,
  errorBody: (status, message) => ({ error: { message, type: status === 429 ? 'rate_limit_exceeded' : 'server_error', code: String(status) } }),
  completion: (s, model) => ({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: s.chunks.join('') }, finish_reason: 'stop' }],
    ...(s.usage
      ? {
          usage: {
            prompt_tokens: s.usage.promptTokens,
            completion_tokens: s.usage.completionTokens,
            total_tokens: s.usage.promptTokens + s.usage.completionTokens,
          },
        }
      : {}),
  }),
  async stream(res, s, model, isOpen) {
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model };
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const ok = await pace(s, s.chunks.length, isOpen, (i) =>
      send({ ...base, choices: [{ index: 0, delta: { ...(i === 0 ? { role: 'assistant' } : {}), content: s.chunks[i] }, finish_reason: null }] }),
    );
    if (!ok) return;
    if (!abnormalEnd(res, s, () => send({ error: { message: s.errorMessage ?? 'The fake upstream failed mid-stream', type: 'server_error', code: null } })))
      return;
    if (s.toolCall) {
      send({
        ...base,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [{ index: 0, id: 'call_fake_1', type: 'function', function: { name: s.toolCall.name, arguments: JSON.stringify(s.toolCall.input) } }],
            },
            finish_reason: null,
          },
        ],
      });
    }
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: s.toolCall ? 'tool_calls' : 'stop' }] });
    if (s.usage) {
      send({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: s.usage.promptTokens,
          completion_tokens: s.usage.completionTokens,
          total_tokens: s.usage.promptTokens + s.usage.completionTokens,
        },
      });
    }
    res.end('data: [DONE]\n\n');
  },
};

const anthropicProtocol: Protocol = {
  matches: (path) => path.endsWith('/messages'),
  defaultModels: DefaultFakeClaudeModels,
  modelList: (path, models) =>
    path.endsWith('/models')
      ? {
          data: models.map((id) => ({
            type: 'model',
            id,
            display_name: id.replace(/^claude-/, 'Claude ').replace(/-/g, ' '),
            created_at: '2025-09-29T00:00:00Z',
          })),
          has_more: false,
          first_id: models[0] ?? null,
          last_id: models[models.length - 1] ?? null,
        }
      : null,
  errorBody: (status, message) => ({
    type: 'error',
    error: { type: status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message },
  }),
  completion: (s, model) => ({
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: s.chunks.join('') }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: s.usage?.promptTokens ?? 0, output_tokens: s.usage?.completionTokens ?? 0 },
  }),
  async stream(res, s, model, isOpen) {
    const send = (event: string, payload: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    send('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: s.usage?.promptTokens ?? 0, output_tokens: 1 },
      },
    });
    const ok = await pace(s, s.chunks.length, isOpen, (i) => {
      if (i === 0) send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: s.chunks[i] } });
    });
    if (!ok) return;
    if (!abnormalEnd(res, s, () => send('error', { type: 'error', error: { type: 'overloaded_error', message: s.errorMessage ?? 'Overloaded' } }))) return;
    if (s.chunks.length > 0) send('content_block_stop', { type: 'content_block_stop', index: 0 });
    if (s.toolCall) {
      const index = s.chunks.length > 0 ? 1 : 0;
      send('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: 'toolu_fake_1', name: s.toolCall.name, input: {} },
      });
      send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(s.toolCall.input) } });
      send('content_block_stop', { type: 'content_block_stop', index });
    }
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: s.toolCall ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: s.usage?.completionTokens ?? 0 },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  },
};

/** OpenAI chat completions (`POST …/chat/completions`); also serves as Azure OpenAI and any compatible server. */
export const startFakeOpenAI = (options: FakeOptions = {}) => startFake(openaiProtocol, options);

/** Anthropic messages (`POST …/messages`). */
export const startFakeAnthropic = (options: FakeOptions = {}) => startFake(anthropicProtocol, options);
