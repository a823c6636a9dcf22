// Reading an answer back and stopping it, from any server process (ai/resumable-answers.ts, docs/architecture.md
// "Resumable answers"): GET …/segments/{segmentId}/stream sends the answer's events after the last one the client saw
// (`Last-Event-ID` or `lastEventId`: how many it read), each numbered with `id:`, then the rest as they come;
// POST …/segments/{segmentId}/stop stops it where it streams and answers once it ended. Only the person who asked may.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConversationRoutes as R, SegmentParamsSchema, SegmentStreamQuerySchema } from '@atrium/contract';
import type { Api, AppContext } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { openSseStream } from '../../platform/sse.js';
import type { AnswerOwner } from '../../platform/answer-log.js';
import { ownConversation } from './conversations.service.js';

const auth = { access: 'authenticated' } as const;
/** how long the stop call waits for the answer's end before it answers anyway */
export const StopWaitMs = 5_000;

/** Who may read an answer back: its owner, for the conversation the path names. */
export type MayRead = (owner: AnswerOwner) => boolean;

/** The number of the last event the client read: the `Last-Event-ID` header, else the `lastEventId` query, else 0. */
function lastEventIdOf(request: FastifyRequest, query: { lastEventId?: number | undefined }): number {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header.trim() !== '') {
    const n = Number(header.trim());
    if (!Number.isSafeInteger(n) || n < 0)
      throw badRequest('Last-Event-ID is not an event number.', [{ field: 'Last-Event-ID', message: 'A whole number of events, 0 or more' }]);
    return n;
  }
  return query.lastEventId ?? 0;
}

/** Streams the answer's events after `after`, then its tail until it ends or the client leaves; 404 for someone else's. */
export async function resumeAnswer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, segmentId: string, after: number, may: MayRead) {
  const reading = new AbortController();
  const found = await ctx.answers.read(segmentId, after, reading.signal);
  if (found.kind !== 'found' || !may(found.owner)) {
    reading.abort();
    // an expired answer is in the conversation (GET the conversation); a trimmed one too
    throw notFound(found.kind === 'gone' ? 'The answer’s earlier events' : 'The answer');
  }
  const sse = openSseStream(request, reply);
  sse.signal.addEventListener('abort', () => reading.abort(), { once: true });
  const stopWatching = ctx.answers.keepWatching(segmentId);
  try {
    for await (const event of found.events) sse.write(`id: ${event.id}\n${event.block}`);
  } catch (e) {
    // the client reconnects and reads on from its last event
    if (!reading.signal.aborted) request.log.warn({ err: e, segmentId }, 'reading an answer back failed');
  } finally {
    stopWatching();
    reading.abort();
    sse.end();
  }
}

/**
 * Stops the answer on the process that streams it and waits (up to StopWaitMs) for its end, so that the conversation
 * read next has it saved. An answer no longer kept (ended long ago) has nothing to stop: `orElse` checks the caller
 * may see the conversation (404 otherwise).
 */
export async function stopAnswer(ctx: AppContext, segmentId: string, may: MayRead, orElse: () => Promise<unknown>): Promise<void> {
  const reading = new AbortController();
  const timer = setTimeout(() => reading.abort(), StopWaitMs);
  try {
    const found = await ctx.answers.read(segmentId, 0, reading.signal);
    if (found.kind !== 'found') {
      await orElse();
      return;
    }
    if (!may(found.owner)) throw notFound('The answer');
    ctx.answers.bus.stop(segmentId);
    // drained to its end (the events themselves are not needed)
    for await (const _ of found.events);
  } finally {
    clearTimeout(timer);
    reading.abort();
  }
}

export function registerAnswerRoutes(api: Api, ctx: AppContext): void {
  const mayRead = (request: FastifyRequest, conversationId: string): MayRead => {
    const principal = principalOf(request);
    return (owner) => owner.conversationId === conversationId && 'userId' in owner && owner.userId === principal.userId;
  };

  api.get(
    R.segmentStream,
    {
      config: auth,
      schema: {
        description:
          'An answer’s events again, after the last one the client read (`Last-Event-ID` header or `lastEventId` query: the number of events it read; 0 or none: from the start), then the rest as they come, until `no-more-data`. Each event carries its number in `id:`. Answers are kept for a few minutes after their last event (ANSWER_KEEP_MS); 404 when it is not kept (read the conversation instead) or not the caller’s.',
        params: SegmentParamsSchema,
        querystring: SegmentStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const { conversationId, segmentId } = request.params;
      await resumeAnswer(ctx, request, reply, segmentId, lastEventIdOf(request, request.query), mayRead(request, conversationId));
    },
  );

  api.post(
    R.stopSegment,
    {
      config: auth,
      schema: {
        description:
          'Stops the answer being written, on whichever server process writes it; answers 204 once it ended and was saved with what it had (Aborted), or after 5 s. 204 also when the answer already ended.',
        params: SegmentParamsSchema,
      },
    },
    async (request, reply) => {
      const { conversationId, segmentId } = request.params;
      await stopAnswer(ctx, segmentId, mayRead(request, conversationId), () => ownConversation(ctx, principalOf(request), conversationId));
      return reply.status(204).send();
    },
  );
}
