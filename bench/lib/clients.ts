// Benchmark clients: one reading the platform's SSE stream, one reading the upstream's directly.
import { SseDecoder } from '../../contract/src/sse/sse.codec.js';

export interface StreamTiming {
  /** request start to the first answer text */
  ttftMs: number;
  /** arrival times (ms since request start) of every answer piece */
  arrivals: number[];
}

export async function platformStream(baseUrl: string, token: string, gptSystemId: string, question: string): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/internal/userConversations/byGptSystemId/${gptSystemId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      question,
      visionImageIds: [],
      attachmentIds: [],
      session: { sessionIdentifier: crypto.randomUUID() },
      segmentTraceLogLevel: 'NonPersisted',
    }),
  });
  if (!res.ok || !res.body) throw new Error(`platform answered ${res.status}: ${await res.text()}`);
  const decoder = new SseDecoder();
  const arrivals: number[] = [];
  let ttftMs = Number.NaN;
  let failed: string | null = null;
  for await (const chunk of res.body) {
    const now = performance.now() - started;
    for (const ev of decoder.push(chunk as Uint8Array)) {
      if (ev.event === 'response-updated') {
        if (Number.isNaN(ttftMs)) ttftMs = now;
        arrivals.push(now);
      } else if (ev.event === 'error' || ev.event === 'internal-server-error') failed = ev.data;
    }
  }
  if (failed || Number.isNaN(ttftMs)) throw new Error(`stream failed: ${failed ?? 'no answer text'}`);
  return { ttftMs, arrivals };
}

export async function directStream(upstreamUrl: string, model: string, question: string): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(`${upstreamUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: question }] }),
  });
  if (!res.ok || !res.body) throw new Error(`upstream answered ${res.status}`);
  const arrivals: number[] = [];
  let buffer = '';
  const text = new TextDecoder();
  for await (const chunk of res.body) {
    const now = performance.now() - started;
    buffer += text.decode(chunk as Uint8Array, { stream: true });
    let i: number;
    while ((i = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const data = block.startsWith('data: ') ? block.slice(6) : '';
      if (data && data !== '[DONE]' && (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content) arrivals.push(now);
    }
  }
  if (arrivals.length === 0) throw new Error('upstream sent no text');
  return { ttftMs: arrivals[0]!, arrivals };
}

/** Gaps between consecutive pieces of each stream. */
export const gaps = (timings: StreamTiming[]) => timings.flatMap((t) => t.arrivals.slice(1).map((a, i) => a - t.arrivals[i]!));
