// A fetch-based server-sent-events client for the chat stream (docs/wire-protocol.md "The chat stream"). It POSTs
// through the app's HTTP client, so the bearer token, x-cosmos headers, request id and the 401/503
// rules of docs/product.md §8 apply, then reads the body with the contract's SseDecoder (both block layouts).
import { SseDecoder, type FollowUpRequest, type NewConversationRequest, type RegenerateRequest, type SseEvent } from '@atrium/contract';
import type { HttpClient } from '../http/http-client';
import type { HttpError } from '../http/http.types';

export interface SseRequest {
  url: string;
  /** the contract's body of a turn: a new conversation, a follow-up or a regenerate; none: GET (an answer read back) */
  body?: NewConversationRequest | FollowUpRequest | RegenerateRequest;
  signal: AbortSignal;
  onEvent: (event: SseEvent) => void;
  /** more request headers (a visitor's SessionIdentifier) */
  headers?: Record<string, string>;
  /** the response, once its head arrived (a usage notice rides in a header) */
  onResponse?: (response: Response) => void;
}

export type SseOutcome = { kind: 'ended' } | { kind: 'aborted' } | { kind: 'failed'; error: HttpError | { status: 'STREAM_ERROR'; error: string } };

export async function streamSse(client: HttpClient, { url, body, signal, onEvent, headers, onResponse }: SseRequest): Promise<SseOutcome> {
  if (signal.aborted) return { kind: 'aborted' };
  const result = await client.request<ReadableStream<Uint8Array> | null>({
    url,
    method: body ? 'POST' : 'GET',
    body,
    headers: { ...headers, accept: 'text/event-stream' },
    responseKind: 'stream',
    // an answer may take minutes; Stop is the way to end it
    timeout: 0,
    signal,
  });
  if (signal.aborted) {
    await result.data?.cancel().catch(() => undefined);
    return { kind: 'aborted' };
  }
  if (result.error) return { kind: 'failed', error: result.error };
  if (result.meta.response) onResponse?.(result.meta.response);
  if (!result.data) return { kind: 'ended' };

  const reader = result.data.getReader();
  const decoder = new SseDecoder();
  // The client stops listening to the caller's signal once the head arrives: cancel the body here.
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) return { kind: 'aborted' };
      if (done) break;
      for (const event of decoder.push(value)) {
        if (signal.aborted) return { kind: 'aborted' };
        onEvent(event);
      }
    }
    for (const event of decoder.end()) onEvent(event);
    return { kind: 'ended' };
  } catch (e) {
    if (signal.aborted) return { kind: 'aborted' };
    return { kind: 'failed', error: { status: 'STREAM_ERROR', error: e instanceof Error ? e.message : String(e) } };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
