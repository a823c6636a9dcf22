// Fake model providers for tests and benchmarks: real HTTP servers on 127.0.0.1 that speak the
// OpenAI chat-completions protocol (also what Azure OpenAI and compatible servers speak) and the
// Anthropic messages protocol, streamed or not. Each answer follows a script: text pieces with
// usage, a tool call, an HTTP error before the first token, a dropped connection or an error event
// mid-stream, a slow first token, or a stream that never ends. Requests are recorded, including
// whether the client went away before the answer was complete. The OpenAI fake also draws images
// (`POST …/images/generations`): a real PNG made with sharp, or a scripted failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

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
  /** how the stream ends after the chunks: normally, socket destroyed, an error event, or never */
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
  /** scripts for the next requests only, in order; then the default script again */
  enqueue(...scripts: ScriptSource[]): void;
  /** how every following images/generations request is answered (OpenAI protocol only) */
  setImageScript(script: FakeImageScript): void;
  /** resolves once `count` requests in all have been abandoned by their clients (default: one more than now) */
  waitForAbort(count?: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeOptions {
  script?: ScriptSource;
}

export const DefaultChunks = ['Hello', ' from', ' the', ' fake', ' model.'];
const DefaultUsage = { promptTokens: 12, completionTokens: 5 };

type Writer = (res: http.ServerResponse, script: Required<Pick<FakeScript, 'chunks'>> & FakeScript, model: string, isOpen: () => boolean) => Promise<void>;

interface Protocol {
  matches(path: string): boolean;
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
      if (protocol.images && record.method === 'POST' && record.path.split('?')[0]!.endsWith('/images/generations')) {
        void drawImage(record, imageScript, res).then(markDone);
        return;
      }
      const source = queue.shift() ?? script;
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

const openaiProtocol: Protocol = {
  matches: (path) => path.endsWith('/chat/completions'),
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
