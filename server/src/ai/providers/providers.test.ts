// Each networked provider against a real HTTP fake of its protocol: streamed text, usage, tool calls,
// failures before and during the stream, and a client abort that must close the upstream socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, type AnswerRequest, type ResolvedDeployment, type StreamPart } from '../model.types.js';
import { startFakeAnthropic, startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { providerAdapters } from './index.js';
import { streamFromAiSdk } from './ai-sdk-stream.js';
import { leanStreamFits, streamOpenAIChat } from './openai-chat-stream.js';
import type { ProviderTypeName } from '@atrium/contract';

let openai: FakeUpstream;
let anthropic: FakeUpstream;
beforeAll(async () => {
  openai = await startFakeOpenAI();
  anthropic = await startFakeAnthropic();
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});

const deployment = (providerType: ProviderTypeName, extra: Partial<ResolvedDeployment> = {}): ResolvedDeployment => ({
  deploymentId: '11111111-1111-4111-8111-111111111111',
  name: 'test',
  displayName: 'Test',
  model: 'test-model',
  providerType,
  category: providerType,
  vision: false,
  tools: true,
  hipaaCompliant: false,
  contextWindow: null,
  maxOutputTokens: null,
  ...extra,
});

type Case = { type: ProviderTypeName; lean?: boolean; fake: () => FakeUpstream; connection: () => { endpoint: string | null; apiVersion: string | null } };
const cases: Case[] = [
  { type: 'OpenAI', fake: () => openai, connection: () => ({ endpoint: openai.url, apiVersion: null }) },
  { type: 'OpenAICompatible', fake: () => openai, connection: () => ({ endpoint: openai.url, apiVersion: null }) },
  // text-only turns of OpenAI-compatible servers: the registry's lean stream instead of the AI SDK
  { type: 'OpenAICompatible', lean: true, fake: () => openai, connection: () => ({ endpoint: openai.url, apiVersion: null }) },
  { type: 'AzureOpenAI', fake: () => openai, connection: () => ({ endpoint: openai.origin, apiVersion: '2024-10-21' }) },
  { type: 'Anthropic', fake: () => anthropic, connection: () => ({ endpoint: anthropic.origin, apiVersion: null }) },
];

function run(type: ProviderTypeName, connection: { endpoint: string | null; apiVersion: string | null }, overrides: Partial<AnswerRequest> = {}, lean = false) {
  const d = overrides.deployment ?? deployment(type);
  const request: AnswerRequest = {
    deployment: d,
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'Say hello' }],
    params: { temperature: 0.3, topP: 0.9, frequencyPenalty: null, maxTokens: 500 },
    passages: [],
    signal: new AbortController().signal,
    ...overrides,
  };
  if (lean) return streamOpenAIChat({ baseUrl: connection.endpoint!, apiKey: 'sk-test' }, d.model, request);
  const model = providerAdapters[type].languageModel!({ connectionId: 'c', name: 'c', apiKey: 'sk-test', ...connection }, d.model);
  return streamFromAiSdk(model, request, providerAdapters[type].quirks);
}

async function collect(parts: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const out: StreamPart[] = [];
  for await (const p of parts) out.push(p);
  return out;
}
const textOf = (parts: StreamPart[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');

describe.each(cases)('$type provider (lean stream: $lean)', ({ type, lean, fake, connection }) => {
  const stream = (overrides: Partial<AnswerRequest> = {}) => run(type, connection(), overrides, lean);
  it('streams the answer in pieces and ends with the provider usage', async () => {
    fake().setScript({ chunks: ['Hel', 'lo ', 'wörld 👋'], usage: { promptTokens: 21, completionTokens: 4 } });
    const parts = await collect(stream());
    expect(parts.filter((p) => p.type === 'text').length).toBeGreaterThanOrEqual(3);
    expect(textOf(parts)).toBe('Hello wörld 👋');
    expect(parts.at(-1)).toEqual({ type: 'usage', promptTokens: 21, completionTokens: 4, estimated: false });
    const body = fake().requests.at(-1)!.body;
    expect(body.stream).toBe(true);
    expect(JSON.stringify(body)).toContain('Say hello');
    expect(body.temperature).toBe(0.3);
  });

  it("sends the agent's reasoning effort and verbosity to models that take them, and to no other", async () => {
    fake().setScript({});
    const params = { temperature: null, topP: null, frequencyPenalty: null, maxTokens: 500, reasoningEffort: 'high', verbosity: 'low' };
    await collect(stream({ deployment: deployment(type, { model: 'gpt-5-mini' }), params }));
    const reasoning = fake().requests.at(-1)!.body;
    if (type === 'Anthropic') expect(JSON.stringify(reasoning)).not.toMatch(/effort|verbosity/);
    else expect(reasoning).toMatchObject({ reasoning_effort: 'high', verbosity: 'low' });
    await collect(stream({ deployment: deployment(type, { model: 'o4-mini' }), params }));
    if (type !== 'Anthropic') expect(fake().requests.at(-1)!.body).toMatchObject({ reasoning_effort: 'high' });
    expect(fake().requests.at(-1)!.body).not.toHaveProperty('verbosity');
    await collect(stream({ deployment: deployment(type, { model: 'gpt-4o' }), params }));
    expect(JSON.stringify(fake().requests.at(-1)!.body)).not.toMatch(/effort|verbosity/);
  });

  // the registry sends turns with tools through the AI SDK
  it.runIf(!lean)('passes a tool call through', async () => {
    fake().setScript({ chunks: [], toolCall: { name: 'search_web', input: { query: 'atrium' } } });
    const parts = await collect(
      stream({
        tools: [
          {
            name: 'search_web',
            description: 'Searches the web',
            inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
          },
        ],
      }),
    );
    expect(parts).toContainEqual({ type: 'tool-call', toolCallId: expect.any(String), toolName: 'search_web', input: { query: 'atrium' } });
    expect(parts.at(-1)?.type).toBe('usage');
  });

  it.each([500, 429])('turns HTTP %i before the first token into an upstream ModelError', async (status) => {
    fake().setScript({ status, errorMessage: 'upstream is unhappy' });
    const error = await collect(stream()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'upstream', status, beforeFirstToken: true });
    fake().setScript({});
  });

  it.each(['drop', 'error-event'] as const)('turns a mid-stream failure (%s) into a ModelError after the first text', async (end) => {
    fake().setScript({ chunks: ['Partial', ' answer'], end });
    const parts: StreamPart[] = [];
    const error = await (async () => {
      for await (const p of stream()) parts.push(p);
    })().catch((e: unknown) => e);
    expect(textOf(parts)).toContain('Partial');
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'upstream', beforeFirstToken: false });
    fake().setScript({});
  });

  it('stops the upstream request when the caller aborts, and keeps what was answered', async () => {
    fake().setScript({ chunks: ['One', ' two'], chunkDelayMs: 20, end: 'hang' });
    const before = fake().aborted;
    const controller = new AbortController();
    const parts: StreamPart[] = [];
    for await (const p of stream({ signal: controller.signal })) {
      parts.push(p);
      if (textOf(parts).includes('two')) controller.abort();
    }
    await fake().waitForAbort(before + 1);
    expect(textOf(parts)).toBe('One two');
    expect(parts.at(-1)).toMatchObject({ type: 'usage', estimated: true });
    fake().setScript({});
  });

  it('closes the upstream socket when the consumer stops reading', async () => {
    fake().setScript({ chunks: ['a', 'b', 'c'], chunkDelayMs: 10, end: 'hang' });
    const before = fake().aborted;
    for await (const p of stream()) {
      if (p.type === 'text') break;
    }
    await fake().waitForAbort(before + 1);
    fake().setScript({});
  });
});

describe('request mapping', () => {
  it('takes the lean stream only for text turns without tools', () => {
    const base: AnswerRequest = {
      deployment: deployment('OpenAICompatible', { vision: true }),
      system: '',
      messages: [{ role: 'user', content: 'Hi' }],
      params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null },
      passages: [],
      signal: new AbortController().signal,
    };
    const tool = { name: 't', description: 'd', inputSchema: { type: 'object' } };
    expect(leanStreamFits(base)).toBe(true);
    expect(leanStreamFits({ ...base, tools: [tool] })).toBe(false);
    expect(leanStreamFits({ ...base, messages: [{ role: 'user', content: 'Hi', images: [{ mimeType: 'image/png', base64: 'AA==' }] }] })).toBe(false);
    // a deployment without vision drops images anyway, and one without tools never offers them
    expect(
      leanStreamFits({
        ...base,
        deployment: deployment('OpenAICompatible', { vision: false, tools: false }),
        tools: [tool],
        messages: [{ role: 'user', content: 'Hi', images: [{ mimeType: 'image/png', base64: 'AA==' }] }],
      }),
    ).toBe(true);
    expect(
      leanStreamFits({
        ...base,
        messages: [
          { role: 'assistant', content: '', toolCalls: [{ toolCallId: 'c', toolName: 't', input: {} }] },
          { role: 'tool', content: '{}', toolCallId: 'c', toolName: 't' },
        ],
      }),
    ).toBe(false);
  });

  it('reads a server-sent stream however its bytes are split (lean stream)', async () => {
    const chunk = (content: string) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });
    const body = [
      ': a comment\r\n\r\n',
      `event: message\r\ndata:${chunk('Grüße ')}\r\n\r\n`,
      `data: ${chunk('👋')}\r\n\r\n`,
      `data: ${chunk(' done')}\n\n`,
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 3 } })}\r\r`,
      'data: [DONE]\n\n',
    ].join('');
    const bytes = Buffer.from(body, 'utf8');
    // seven bytes at a time: lines, CRLF pairs and multi-byte characters all cut in two
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let at = 0;
      const next = () => {
        if (at >= bytes.length) return void res.end();
        res.write(bytes.subarray(at, (at += 7)));
        setTimeout(next, 1);
      };
      next();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const parts = await collect(run('OpenAICompatible', { endpoint: `http://127.0.0.1:${port}/v1`, apiVersion: null }, {}, true));
      expect(textOf(parts)).toBe('Grüße 👋 done');
      expect(parts.every((p) => p.type !== 'text' || !/[\ud800-\udbff]$/.test(p.text))).toBe(true);
      expect(parts.at(-1)).toEqual({ type: 'usage', promptTokens: 9, completionTokens: 3, estimated: false });
    } finally {
      server.close();
    }
  });

  it('turns a refused connection into an upstream ModelError before the first token (lean stream)', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    const error = await collect(run('OpenAICompatible', { endpoint: `http://127.0.0.1:${port}/v1`, apiVersion: null }, {}, true)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'upstream', beforeFirstToken: true });
  });

  it('sends a question once more when the server closed the kept-alive socket it went out on (lean stream)', async () => {
    // the race of keep-alive: the server closes an idle connection just as a new request is written to it
    const sse = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Hello' } }] })}\n\ndata: [DONE]\n\n`;
    const seen: { socketRequest: number; closed: boolean }[] = [];
    const server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      const closeRace = socket.served === 2;
      seen.push({ socketRequest: socket.served, closed: closeRace });
      req.resume();
      req.on('end', () => {
        if (closeRace) return void socket.destroy();
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end(sse);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      expect(textOf(await collect(run('OpenAICompatible', { endpoint, apiVersion: null }, {}, true)))).toBe('Hello');
      // the second turn reuses the socket; the server drops it unanswered, and the question goes again on a new one
      expect(textOf(await collect(run('OpenAICompatible', { endpoint, apiVersion: null }, {}, true)))).toBe('Hello');
      expect(seen).toEqual([
        { socketRequest: 1, closed: false },
        { socketRequest: 2, closed: true },
        { socketRequest: 1, closed: false },
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('does not send a question twice when a new connection is dropped unanswered (lean stream)', async () => {
    let requests = 0;
    const server = http.createServer((req) => {
      requests++;
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const error = await collect(run('OpenAICompatible', { endpoint, apiVersion: null }, {}, true)).catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'upstream', beforeFirstToken: true });
      expect(requests).toBe(1);
    } finally {
      server.close();
    }
  });

  it('waits longer than its idle-socket timeout for a slow first token on a kept-alive socket (lean stream)', async () => {
    // the same socket answers first at once, then after 4.5 s: only unused sockets are closed after 4 s
    await collect(run('OpenAICompatible', { endpoint: openai.url, apiVersion: null }, {}, true));
    openai.enqueue({ chunks: ['Slow', ' but here'], firstTokenDelayMs: 4500 });
    const parts = await collect(run('OpenAICompatible', { endpoint: openai.url, apiVersion: null }, {}, true));
    expect(textOf(parts)).toBe('Slow but here');
  }, 15_000);

  it('sends the lean stream the body the AI SDK sends', async () => {
    openai.setScript({});
    const request = {
      system: 'Be brief.',
      messages: [
        { role: 'user' as const, content: 'Hi' },
        { role: 'assistant' as const, content: 'Hello' },
        { role: 'user' as const, content: 'More' },
      ],
    };
    await collect(
      run('OpenAICompatible', { endpoint: openai.url, apiVersion: null }, { ...request, deployment: deployment('OpenAICompatible', { maxOutputTokens: 100 }) }),
    );
    const viaSdk = openai.requests.at(-1)!;
    await collect(
      run(
        'OpenAICompatible',
        { endpoint: openai.url, apiVersion: null },
        { ...request, deployment: deployment('OpenAICompatible', { maxOutputTokens: 100 }) },
        true,
      ),
    );
    const lean = openai.requests.at(-1)!;
    expect(lean.body).toEqual(viaSdk.body);
    expect(lean.path).toBe(viaSdk.path);
    expect(lean.headers.authorization).toBe('Bearer sk-test');
    expect(lean.body.max_tokens).toBe(100);
  });

  it('sends images only to vision deployments and caps max tokens by the deployment', async () => {
    openai.setScript({});
    const image = { mimeType: 'image/png', base64: 'iVBORw0KGgo=' };
    const messages = [{ role: 'user' as const, content: 'What is this?', images: [image] }];
    await collect(
      run('OpenAI', { endpoint: openai.url, apiVersion: null }, { messages, deployment: deployment('OpenAI', { vision: false, maxOutputTokens: 100 }) }),
    );
    const plain = openai.requests.at(-1)!.body;
    expect(JSON.stringify(plain)).not.toContain('iVBORw0KGgo');
    expect(plain.max_tokens ?? plain.max_completion_tokens).toBe(100);
    await collect(run('OpenAI', { endpoint: openai.url, apiVersion: null }, { messages, deployment: deployment('OpenAI', { vision: true }) }));
    expect(JSON.stringify(openai.requests.at(-1)!.body)).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it.each([false, true])('estimates usage with the tokenizer when the server reports none (lean stream: %s)', async (lean) => {
    openai.setScript({ chunks: ['Four', ' score', ' and', ' seven'], usage: null });
    const parts = await collect(run('OpenAICompatible', { endpoint: openai.url, apiVersion: null }, {}, lean));
    const usage = parts.at(-1);
    expect(usage).toMatchObject({ type: 'usage', estimated: true });
    expect(usage).toMatchObject({ completionTokens: 4 });
    openai.setScript({});
  });

  it('uses the Azure deployment URL and api-version, and the api-key header', async () => {
    openai.setScript({});
    await collect(run('AzureOpenAI', { endpoint: openai.origin, apiVersion: '2024-10-21' }, { deployment: deployment('AzureOpenAI', { model: 'my-gpt4o' }) }));
    const last = openai.requests.at(-1)!;
    expect(last.path).toBe('/openai/deployments/my-gpt4o/chat/completions?api-version=2024-10-21');
    expect(last.headers['api-key']).toBe('sk-test');
  });

  it('sends Anthropic the key header and only one of temperature and top_p', async () => {
    anthropic.setScript({});
    await collect(run('Anthropic', { endpoint: anthropic.origin, apiVersion: null }));
    const last = anthropic.requests.at(-1)!;
    expect(last.path).toBe('/v1/messages');
    expect(last.headers['x-api-key']).toBe('sk-test');
    expect(last.body.temperature).toBe(0.3);
    expect(last.body.top_p).toBeUndefined();
  });
});
