import { encodeSseEvent, type SseEvent } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../http/http-client';
import { toChatStreamUpdate } from './chat-stream-updates';
import { streamSse } from './sse-client';

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** A response whose body yields `chunks` one by one, optionally never ending. */
function streamOf(chunks: (string | Uint8Array)[], { endless = false } = {}) {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) {
        const c = chunks[i++]!;
        controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
      } else if (!endless) controller.close();
      else return new Promise(() => undefined);
    },
  });
}

function clientFor(respond: (request: Request) => Response, token = { value: 'old' }) {
  const requests: Request[] = [];
  const client = createHttpClient({
    baseUrl: '/api/internal',
    getToken: () => token.value,
    renewal: { readiness: () => 'yes', renew: async () => (token.value = 'new') },
    onSessionLost: () => undefined,
    setWaiting: () => undefined,
    fetch: async (r) => {
      requests.push(r);
      return respond(r);
    },
  });
  return { client, requests };
}

const sse = (body: ReadableStream<Uint8Array>) => new Response(body, { headers: { 'content-type': 'text/event-stream' } });

async function collect(chunks: (string | Uint8Array)[]) {
  const { client, requests } = clientFor(() => sse(streamOf(chunks)));
  const events: SseEvent[] = [];
  const outcome = await streamSse(client, { url: '/x', body: { question: 'q' }, signal: new AbortController().signal, onEvent: (e) => events.push(e) });
  return { outcome, events, requests };
}

describe('streamSse', () => {
  it('posts JSON with the bearer token and reads one-block events', async () => {
    const text = encodeSseEvent('step-update', 'Thinking') + encodeSseEvent('response-updated', ' héllo 👋') + encodeSseEvent('no-more-data');
    const { outcome, events, requests } = await collect([text]);
    expect(outcome).toEqual({ kind: 'ended' });
    expect(events).toEqual([
      { event: 'step-update', data: 'Thinking' },
      { event: 'response-updated', data: ' héllo 👋' },
      { event: 'no-more-data', data: '' },
    ]);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer old');
    expect(await requests[0]!.json()).toEqual({ question: 'q' });
  });

  it('reads the original two-block layout (event name carried to the data block)', async () => {
    const { events } = await collect([`event: response-updated\n\ndata: ${b64('a')}\n\nevent: response-updated\n\ndata: ${b64('b')}\n\n`]);
    expect(events.map((e) => e.data)).toEqual(['a', 'b']);
    expect(events.every((e) => e.event === 'response-updated')).toBe(true);
  });

  it('joins events split across chunks, even inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(`event: response-updated\ndata: ${b64('ünï 😀')}\n\n`);
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    const { events } = await collect(chunks);
    expect(events).toEqual([{ event: 'response-updated', data: 'ünï 😀' }]);
  });

  it('renews the token on 401 and repeats the POST', async () => {
    const token = { value: 'old' };
    const { client, requests } = clientFor(
      (r) => (r.headers.get('authorization') === 'Bearer new' ? sse(streamOf([encodeSseEvent('no-more-data')])) : new Response('', { status: 401 })),
      token,
    );
    const events: SseEvent[] = [];
    const outcome = await streamSse(client, { url: '/x', body: {}, signal: new AbortController().signal, onEvent: (e) => events.push(e) });
    expect(outcome.kind).toBe('ended');
    expect(requests).toHaveLength(2);
    expect(events).toHaveLength(1);
  });

  it('stops on abort, keeps what arrived and delivers nothing later', async () => {
    const { client } = clientFor(() => sse(streamOf([encodeSseEvent('response-updated', 'partial')], { endless: true })));
    const controller = new AbortController();
    const events: SseEvent[] = [];
    const done = streamSse(client, {
      url: '/x',
      body: {},
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        controller.abort();
      },
    });
    expect(await done).toEqual({ kind: 'aborted' });
    expect(events.map((e) => e.data)).toEqual(['partial']);
  });

  it('reports an HTTP failure before the stream as failed', async () => {
    const { client } = clientFor(() => new Response(JSON.stringify({ code: 'x', message: 'no' }), { status: 403 }));
    const outcome = await streamSse(client, { url: '/x', body: {}, signal: new AbortController().signal, onEvent: () => undefined });
    expect(outcome).toMatchObject({ kind: 'failed', error: { status: 403 } });
  });
});

describe('toChatStreamUpdate', () => {
  it('maps the wire events to typed updates', () => {
    expect(toChatStreamUpdate({ event: 'conversation-and-segment-id', data: '{"ConversationId":"c","ConversationSegmentId":"s"}' })).toEqual({
      type: 'ids',
      conversationId: 'c',
      segmentId: 's',
    });
    expect(toChatStreamUpdate({ event: 'response-model', data: '{"conversationSegmentId":"s","citations":[{"title":"t","path":"p"}]}' })).toEqual({
      type: 'model',
      segmentId: 's',
      citations: [{ title: 't', path: 'p' }],
      errors: [],
    });
    expect(toChatStreamUpdate({ event: 'error', data: 'boom' })).toEqual({ type: 'error', text: 'boom', completes: true });
    expect(toChatStreamUpdate({ event: 'unknown', data: '' })).toBeNull();
  });
});
