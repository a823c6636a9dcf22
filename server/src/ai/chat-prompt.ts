// Assembles what the model reads: the agent's system prompt and the conversation along the segment
// lineage (root..parent), each earlier question with its files' text and images as it was asked,
// then the new question, trimmed oldest-first to fit the context window.
import { GeneratedImagePathPrefix } from '@atrium/contract';
import type { ResolvedDeployment } from './model.types.js';
import { estimateTokens } from './offline-engine.js';

export interface LineageSegment<I = never> {
  id: string;
  parentSegmentId: string | null;
  question: string;
  answer: string;
  /** the question as the model read it, with its attached files' text; the question alone when absent */
  content?: string;
  /** the question's images (leave them out for a deployment without vision) */
  images?: readonly I[];
}

/** A message whose images are still references; the caller turns the kept ones into bytes. */
export interface PromptMessage<I> {
  role: 'user' | 'assistant';
  content: string;
  images?: I[];
}

/**
 * What one image costs in the context window. OpenAI's vision pricing counts a high-detail image as
 * 85 tokens plus 170 per 512 px tile after scaling it to fit 2048 px and its shorter side to 768 px:
 * a square image of any size above 768 px is four tiles, 85 + 4 x 170 = 765. Wide images cost more
 * there and Anthropic counts about width x height / 750 (up to ~1,600); the history's 256-token margin
 * and the cap below absorb the difference. A fixed figure keeps trimming free of image decoding.
 */
export const ImageTokens = 765;

/**
 * How many images of earlier questions go to the model again. Follow-ups nearly always mean the
 * latest picture or two ("what else is in it?"); every image resent is read from storage, uploaded
 * to the provider (up to 3.5 MB each) and billed again on every later turn, which lengthens the time
 * to the first token and the bill, and providers cap images per request (Azure's first vision models
 * took 10). Four keep the recent pictures in view and leave room for the new question's own images.
 */
export const MaxEarlierImages = 4;

// `![title](/api/internal/generatedImages/…)`: the markdown a created image leaves in its answer
const generatedImageLink = new RegExp(`!\\[([^\\]\\n]*)\\]\\(${GeneratedImagePathPrefix.replaceAll('/', '\\/')}[^)\\s]*\\)`, 'g');

/**
 * An earlier answer as the model reads it again: an image the agent created is named by its title, not
 * linked, because the link's key authorises reading the picture without a token and has no business
 * at the model provider (nor any use there: the address is relative to this server).
 */
export const answerForModel = (answer: string) => answer.replace(generatedImageLink, (_, title: string) => `[image created: ${title}]`);

/** The ancestors of `parentId`, root first. Unknown ids end the walk (a cycle cannot loop). */
export function lineageOf<T extends { id: string; parentSegmentId: string | null }>(segments: readonly T[], parentId: string | null): T[] {
  const byId = new Map(segments.map((s) => [s.id, s]));
  const path: T[] = [];
  const seen = new Set<string>();
  for (let id = parentId; id !== null && !seen.has(id);) {
    const s = byId.get(id);
    if (!s) break;
    seen.add(id);
    path.push(s);
    id = s.parentSegmentId;
  }
  return path.reverse();
}

const cost = (m: { content: string; images?: readonly unknown[] }) => estimateTokens(m.content) + (m.images?.length ?? 0) * ImageTokens;

/** Room left for history: the context window minus the answer's budget, the new question and a safety margin. */
function historyBudget(deployment: ResolvedDeployment, system: string, current: PromptMessage<unknown>): number {
  if (!deployment.contextWindow) return Number.POSITIVE_INFINITY;
  const output = deployment.maxOutputTokens ?? Math.min(4096, Math.floor(deployment.contextWindow / 4));
  return deployment.contextWindow - output - estimateTokens(system) - cost(current) - 256;
}

/**
 * The earlier turns that fit, oldest first, then `current`. Walking from the newest turn back, a turn
 * goes in whole (question with its files' text and images, and the answer); when it does not fit, its
 * question and answer alone, and every older turn then goes without files and images too, so that
 * what is dropped is always the oldest. At most MaxEarlierImages earlier images are kept, the newest.
 */
export function buildMessages<I>(
  lineage: readonly LineageSegment<I>[],
  current: PromptMessage<I>,
  system: string,
  deployment: ResolvedDeployment,
): PromptMessage<I>[] {
  let budget = historyBudget(deployment, system, current);
  let imagesLeft = MaxEarlierImages;
  let plain = false;
  const turns: PromptMessage<I>[][] = [];
  // newest first, so that trimming drops the oldest turns
  for (let i = lineage.length - 1; i >= 0; i--) {
    const s = lineage[i]!;
    // a turn without an answer (failed before any text) would leave two questions in a row
    if (s.answer.trim() === '') continue;
    const answer = answerForModel(s.answer);
    const answerCost = estimateTokens(answer);
    let question: PromptMessage<I> = { role: 'user', content: s.question };
    if (!plain) {
      const images = (s.images ?? []).slice(0, imagesLeft);
      const whole: PromptMessage<I> = { role: 'user', content: s.content ?? s.question, ...(images.length ? { images } : {}) };
      if (cost(whole) + answerCost <= budget) question = whole;
      else if (whole.content !== s.question || images.length) plain = true;
    }
    const total = cost(question) + answerCost;
    if (total > budget) break;
    budget -= total;
    imagesLeft -= question.images?.length ?? 0;
    turns.push([question, { role: 'assistant', content: answer }]);
  }
  return [...turns.reverse().flat(), current];
}
