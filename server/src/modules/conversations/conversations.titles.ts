// Titles of new conversations as a pg-boss job (docs/jobs.md): when a conversation's first answer succeeds, the turn
// queues `conversations.title` with the conversation's and the segment's ids (the job's row holds no question or
// answer: they are read from the segment when it runs). The job names the conversation unless it has a generated
// title already or someone renamed it meanwhile, so a job run twice (retried, or run again after its process died)
// changes nothing the second time. A failing model call runs again (three more tries, with backoff); after the last,
// the conversation keeps its first-question title. The web reads the title when it refetches the conversation list.
import type { AppContext } from '../../platform/context.js';
import { generateTitle } from '../../ai/chat-titles.js';
import * as repo from './conversations.repository.js';
import { initialTitle } from './conversations.turns.js';

export const TitleQueue = 'conversations.title';

export interface TitleJob {
  conversationId: string;
  segmentId: string;
}

export type TitleContext = Pick<AppContext, 'db' | 'models' | 'chat' | 'logger' | 'jobs'>;

/** Names the conversation from the segment's question and answer; false when it had a title or was renamed (or is gone). */
export async function nameConversation(ctx: TitleContext, job: TitleJob, signal: AbortSignal): Promise<boolean> {
  const conversation = await repo.findConversation(ctx.db, job.conversationId);
  const segment = conversation ? await repo.findSegment(ctx.db, conversation.id, job.segmentId) : null;
  if (!conversation || !segment || conversation.titleIsGenerated) return false;
  const first = initialTitle(segment.question);
  if (conversation.title !== first) return false;
  const title = await generateTitle({ models: ctx.models, gate: ctx.chat.gate }, segment.question, segment.answer, signal);
  if (!title) return false;
  await repo.replaceInitialTitle(ctx.db, conversation.id, first, title);
  return true;
}

export function defineTitleJob(ctx: TitleContext): void {
  ctx.jobs.define<TitleJob>(
    TitleQueue,
    // a title is one short model call (30 s at most): a job running for two minutes was lost with its process
    { concurrency: 4, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 120, key: (job) => job.conversationId },
    async (job, run) => {
      try {
        await nameConversation(ctx, job, run.signal);
      } catch (e) {
        if (run.lastAttempt) ctx.logger.warn({ err: e, conversationId: job.conversationId }, 'could not generate a title');
        throw e;
      }
    },
  );
}

/** Queues the title of a new conversation; never throws (a title not queued leaves the first-question title). */
export function queueTitle(ctx: Pick<AppContext, 'jobs' | 'logger'>, job: TitleJob): void {
  void ctx.jobs.send<TitleJob>(TitleQueue, job).catch((e: unknown) => ctx.logger.warn({ err: e, conversationId: job.conversationId }, 'title not queued'));
}
