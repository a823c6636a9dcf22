// Reading answers aloud (docs/speech.md). The browser names an answer (conversation, segment) and a sentence of it;
// the server reads the answer itself, as stored, and sends that sentence to the instance's Speech deployment, so that
// only answers of the person's own conversations are ever synthesized at the instance's cost. A sentence of an answer
// still being written is waited for (the answer is saved as it grows) up to SpeechSentenceWaitMs.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DefaultVoice,
  ErrorCodes,
  OpenAiVoices,
  SpeechCallsPerMinute,
  SpeechInputMaxChars,
  SpeechSentenceWaitMs,
  splitSentences,
  type SegmentSpeechQuery,
  type SpeechOptions,
} from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { perPersonLimit, type PersonLimit, type RateLimitStore } from '../../platform/rate-limit.js';
import { ModelError } from '../../ai/model.types.js';
import { synthesizeSpeech, type SpeechAudio } from '../../ai/speech.js';
import { answerToReadOf } from '../conversations/conversations.lookup.js';

export type SpeechContext = Pick<AppContext, 'db' | 'models'>;

/** How often an answer being written is read again for the sentence asked. */
const SentencePollMs = 250;
/**
 * How long a segment that is not there yet is waited for: an answer's rows are written once it has run for a second
 * (ai/segment-writer.ts), and the browser knows the segment's id from the stream's first event.
 */
export const SegmentAppearWaitMs = 3_000;

const notConfigured = () => new AppError(ErrorCodes.notReady, 409, 'No Speech deployment is configured: the browser reads answers aloud with its own voice.');

/** What reading aloud uses here: the default Speech deployment (and its voices), else the browser's voice. */
export async function speechOptions(ctx: SpeechContext): Promise<SpeechOptions> {
  const target = await ctx.models.speaker().catch(() => null);
  if (!target) return { engine: 'Browser', deploymentName: null, voices: [], defaultVoice: null };
  // an Azure AI Speech deployment is one voice (its model)
  if (target.deployment.providerType === 'AzureSpeech')
    return { engine: 'Server', deploymentName: target.deployment.displayName, voices: [], defaultVoice: target.deployment.model };
  return { engine: 'Server', deploymentName: target.deployment.displayName, voices: [...OpenAiVoices], defaultVoice: DefaultVoice };
}

/**
 * Each person's speech calls in a minute, counted where the rate limits count (platform/rate-limit.ts): in Redis with
 * REDIS_URL, so that the limit holds across server processes.
 */
export function createSpeechLimiter(pointsPerMinute = SpeechCallsPerMinute, store: RateLimitStore | null = null): PersonLimit {
  return perPersonLimit(store, 'speech', pointsPerMinute, (seconds) => `Too many answers read aloud; try again in ${seconds} s.`);
}

/** The words of the whole answer that one call may read: whole sentences up to SpeechInputMaxChars. */
export function wholeAnswerText(sentences: string[]): string {
  let text = '';
  for (const sentence of sentences) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (next.length > SpeechInputMaxChars) return text || cutToLimit(sentence);
    text = next;
  }
  return text;
}

/** A sentence longer than one call may read, cut at the last space that fits. */
function cutToLimit(text: string): string {
  if (text.length <= SpeechInputMaxChars) return text;
  const cut = text.slice(0, SpeechInputMaxChars);
  const space = cut.lastIndexOf(' ');
  return space > SpeechInputMaxChars / 2 ? cut.slice(0, space) : cut;
}

/**
 * The text of the sentence asked (or of the whole answer), once the stored answer holds it complete; 404 when the
 * conversation is not the person's (after SegmentAppearWaitMs: a new answer's rows come a second after its id), or the
 * finished answer has no such sentence; 409 when the sentence did not come within SpeechSentenceWaitMs.
 */
async function textToRead(
  ctx: SpeechContext,
  principal: Principal,
  ids: { conversationId: string; segmentId: string },
  sentence: number | undefined,
  signal: AbortSignal,
) {
  const started = Date.now();
  const deadline = started + SpeechSentenceWaitMs;
  for (;;) {
    const row = await answerToReadOf(ctx, principal.userId, ids.conversationId, ids.segmentId);
    if (!row) {
      if (Date.now() - started >= SegmentAppearWaitMs) throw notFound('The answer');
      await sleep(SentencePollMs, undefined, { signal });
      continue;
    }
    const sentences = splitSentences(row.answer, !row.inProgress);
    if (sentence === undefined && !row.inProgress) {
      const text = wholeAnswerText(sentences);
      if (!text) throw notFound('Text to read in this answer');
      return text;
    }
    if (sentence !== undefined && sentence < sentences.length) return cutToLimit(sentences[sentence]!);
    if (!row.inProgress) throw notFound(`Sentence ${sentence} of the answer`);
    if (Date.now() >= deadline)
      throw new AppError(ErrorCodes.conflict, 409, 'The answer is still being written; ask again for this part of it later.', [], { 'retry-after': '2' });
    await sleep(SentencePollMs, undefined, { signal });
  }
}

/** The audio of a sentence of the person's answer (or the whole answer, cut at SpeechInputMaxChars). */
export async function segmentSpeech(
  ctx: SpeechContext,
  limiter: PersonLimit,
  principal: Principal,
  ids: { conversationId: string; segmentId: string },
  query: SegmentSpeechQuery,
  signal: AbortSignal,
): Promise<SpeechAudio> {
  const target = await ctx.models.speaker();
  if (!target) throw notConfigured();
  // counted before the wait: asking for answers that never come costs the asker too
  await limiter.take(principal.userId);
  const input = await textToRead(ctx, principal, ids, query.sentence, signal);
  try {
    return await synthesizeSpeech(target, { input, voice: query.voice ?? DefaultVoice, signal });
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    if (error.kind === 'aborted') throw error;
    // the provider's words, its key removed (ai/speech.ts): what an administrator needs to put it right
    const status = error.status === 429 ? 429 : 502;
    throw new AppError(
      status === 429 ? ErrorCodes.tooManyAttempts : ErrorCodes.internal,
      status,
      error.message,
      [],
      status === 429 ? { 'retry-after': '5' } : {},
    );
  }
}
