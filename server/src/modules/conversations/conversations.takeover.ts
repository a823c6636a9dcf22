// Taking over the answers of a process that died (kill -9, a lost machine) while it wrote them (docs/scaling.md "When a
// process dies"). platform/answer-leases.ts finds them (with Redis) and gives each to exactly one live process, which
// claims its segment in the database (the owner changes only while it is InProgress, so nothing ends twice) and answers
// the question again from the start, as it was asked, with the agent as it is now. Its events go on in the answer's
// log: its clients, reading the answer back from any process (GET …/segments/{id}/stream, which the web app does by
// itself when its connection drops), get a second `conversation-and-segment-id` event, which starts the answer over,
// and then the new answer to its end. The segment is finished once, by the process that owns it.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { LeaseNote } from '../../platform/answer-leases.js';
import { sseTransport } from '../../ai/chat-updates.js';
import { loadPrincipal } from '../users/users.principal.js';
import type { ConversationsContext } from './conversations.service.js';
import * as repo from './conversations.repository.js';
import { planTurn } from './conversations.turns.js';

const started = new WeakSet<object>();

/** What the readers of an answer read when its process died before it was saved. */
export const NotSavedMessage = 'The server answering this stopped before the answer was saved. Please ask again.';

export function startAnswerTakeover(ctx: AppContext, contextOf: (request: { log: FastifyBaseLogger }) => ConversationsContext): void {
  const { leases } = ctx.answers;
  // once per process (the routes may be built more than once on one context)
  if (!leases.shared || started.has(leases)) return;
  started.add(leases);
  leases.start((note) => {
    const logger = ctx.logger.child({ segmentId: note.segmentId, takenOver: true });
    takeOver(ctx, contextOf({ log: logger }), note, logger).catch((err: unknown) => logger.error({ err }, 'taking over an answer failed'));
  });
}

async function takeOver(ctx: AppContext, conversations: ConversationsContext, note: LeaseNote, logger: FastifyBaseLogger): Promise<void> {
  const row = await repo.claimSegment(ctx.db, note.segmentId);
  if (!row) {
    // Nothing to ask again. Its readers are told it ended, where its log has not said so: its process died in the
    // answer's first second, before its rows were written; or after it saved the answer whole but before the log's
    // end left it; or the sweep of stopped processes ended it first (a restart more than 35 s later). One taken by
    // another process is left alone (its log goes on).
    const status = await repo.segmentStatus(ctx.db, note.segmentId);
    if (status === null) await ctx.answers.interrupt(note.segmentId, NotSavedMessage);
    else if (status === 'Success') await ctx.answers.interrupt(note.segmentId, null);
    else if (status !== 'InProgress') await ctx.answers.interrupt(note.segmentId, repo.InterruptedMessage);
    return;
  }
  const release = ctx.answers.leases.hold(note);
  try {
    const principal = row.userId ? await loadPrincipal(ctx, row.userId) : null;
    let planned;
    try {
      if (!principal) throw new Error('the person who asked is no longer there');
      planned = await planTurn(
        conversations,
        principal,
        { kind: 'resume', segment: row, body: { visionImageIds: [], attachmentIds: [] } },
        performance.now(),
        note.timeZone,
      );
    } catch (err) {
      // the person, the conversation or the agent is gone or inactive: the answer ends as interrupted, with what it had
      logger.warn({ err }, 'a taken-over answer could not be asked again: it ends as interrupted');
      await repo.endTakenOverAnswer(ctx.db, row.id);
      return;
    }
    const writer = await ctx.answers.takeOver(row.id, planned.owner);
    try {
      await ctx.chat.run(planned.turn, planned.store, sseTransport(writer), { models: ctx.models, logger });
    } catch (err) {
      logger.error({ err }, 'chat stream failed');
      writer.send('internal-server-error', 'Something went wrong while answering. Please try again.');
      writer.send('no-more-data');
    } finally {
      writer.end();
    }
  } finally {
    release();
  }
}
