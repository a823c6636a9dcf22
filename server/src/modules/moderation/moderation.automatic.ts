// An agent's automatic moderation for one chat turn (docs/moderation.md): the checks of ai/moderation-check.ts with
// the agent's settings, and what a flag does here: a moderation report with the reason Automatic (no reporter), the
// refusal as the answer to a flagged question, and a cut answer ending with the refusal.
import { AgentModerationSchema, DefaultModerationRefusal } from '@atrium/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatAgent } from '../../ai/agent.types.js';
import { guardAnswer, ModerationChecker, type ModerationVerdict, type TurnModeration } from '../../ai/moderation-check.js';
import type { DbContext } from '../../platform/context.js';
import { createAutomaticReport } from './moderation.service.js';

/** what a flagged question is answered with when the agent sets no message of its own */
export const DefaultRefusal = DefaultModerationRefusal;

interface TurnFacts {
  conversationId: string;
  segmentId: string;
  question: string;
  /** an editor's preview of a draft: moderated, but no report is filed */
  preview: boolean;
}

/** The turn's moderation, or undefined when the agent has none (no patterns and no endpoint, or both checks off). */
export function turnModeration(
  ctx: DbContext & { logger: FastifyBaseLogger; config: { moderationApiKey: string | null } },
  agent: Pick<ChatAgent, 'gptSystemId' | 'config'>,
  turn: TurnFacts,
): TurnModeration | undefined {
  const parsed = AgentModerationSchema.safeParse(agent.config.moderation ?? null);
  if (!parsed.success || !parsed.data) return undefined;
  const settings = parsed.data;
  if ((!settings.checkQuestions && !settings.checkAnswers) || (!settings.endpoint && settings.blockedPatterns.length === 0)) return undefined;
  const checker = new ModerationChecker(settings, {
    apiKey: ctx.config.moderationApiKey,
    onServiceError: (err) => ctx.logger.warn({ err, gptSystemId: agent.gptSystemId }, 'moderation service unavailable: the text was not checked by it'),
  });
  const refusal = settings.refusalMessage || DefaultRefusal;
  const report = async (what: 'question' | 'answer', verdict: ModerationVerdict) => {
    if (turn.preview) return;
    try {
      await createAutomaticReport(ctx, {
        gptSystemId: agent.gptSystemId,
        conversationId: turn.conversationId,
        conversationSegmentId: turn.segmentId,
        question: turn.question,
        comment: `The ${what} was flagged by ${verdict.reason}.`,
      });
    } catch (err) {
      ctx.logger.error({ err, segmentId: turn.segmentId }, 'the automatic moderation report could not be saved');
    }
  };
  return {
    async screenQuestion(signal) {
      if (!settings.checkQuestions) return null;
      const verdict = await checker.check(turn.question, signal);
      if (!verdict) return null;
      await report('question', verdict);
      return refusal;
    },
    guardAnswer(transport, stop, signal) {
      if (!settings.checkAnswers) return { transport, settle: async () => null };
      return guardAnswer(checker, transport, stop, signal, async (verdict, kept) => {
        await report('answer', verdict);
        return kept.trim() ? `${kept.trimEnd()}\n\n${refusal}` : refusal;
      });
    },
  };
}
