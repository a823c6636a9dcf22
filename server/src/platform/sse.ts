// Server-sent events over a hijacked Fastify reply: the chat stream writes straight to the socket and
// learns about a client that went away through an AbortSignal. Blocks written in the same tick go out
// as one socket write (flushed on process.nextTick, before any I/O): with hundreds of streams the
// per-write cost (chunk framing, writev) dominated, and no block waits longer than the current tick.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodeSseEvent } from '@atrium/contract';

export interface SseWriter {
  /** aborted when the client disconnects before the stream ended */
  readonly signal: AbortSignal;
  /** false once the stream ended or the client left */
  readonly open: boolean;
  /** writes one `event:`/`data:` block; ignored once closed */
  send(event: string, data?: string): void;
  /** writes pre-encoded text (one or more blocks) */
  write(text: string): void;
  end(): void;
}

export function openSseStream(request: FastifyRequest, reply: FastifyReply, status = 200): SseWriter {
  // Hijacked replies skip onSend hooks, so the request id is echoed here.
  reply.hijack();
  const res = reply.raw;
  const controller = new AbortController();
  let ended = false;

  res.on('close', () => {
    if (!ended) {
      ended = true;
      controller.abort(new Error('The client disconnected'));
      // a half-closed socket would otherwise linger until the server closes
      res.destroy();
    }
  });
  res.on('error', () => {
    // a reset socket: 'close' follows and aborts the stream
  });

  res.writeHead(status, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-request-id': request.id,
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  // no flushHeaders(): the head goes out with the first blocks, written in this same tick (one write less)

  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    if (text !== '' && !res.destroyed) res.write(text);
  };
  const write = (text: string) => {
    if (ended || res.destroyed) return;
    if (pending === '') process.nextTick(flush);
    // every block is complete (event + data + blank line), so concatenating keeps the framing
    pending += text;
  };

  return {
    signal: controller.signal,
    get open() {
      return !ended && !res.destroyed;
    },
    send: (event, data = '') => write(encodeSseEvent(event, data)),
    write,
    end() {
      if (ended) return;
      ended = true;
      flush();
      res.end();
    },
  };
}
