// The built-in offline engine: a deterministic answerer without a language model. It says plainly
// that no model is configured, and when the agent has knowledge it answers from the retrieved
// passages with citations. It streams like any provider so every path works without a key.
import type { AnswerRequest, ResolvedDeployment, StreamPart } from './model.types.js';

export const OfflineDeployment: ResolvedDeployment = {
  deploymentId: '00000000-0000-4000-8000-000000000000',
  name: 'offline',
  displayName: 'Offline (no model configured)',
  model: 'atrium-offline',
  providerType: 'Offline',
  category: 'Offline',
  vision: false,
  tools: false,
  hipaaCompliant: true,
  contextWindow: null,
  maxOutputTokens: null,
};

const NoModel =
  'No language model is configured on this Atrium instance yet, so I cannot compose an answer to your question. ' +
  'An administrator can connect one under Admin, Connections: OpenAI, Azure OpenAI, Anthropic, or any OpenAI-compatible server such as Ollama, vLLM or LM Studio.';

/** Rough token estimate for text without a tokenizer: about four characters a token. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export function composeOfflineAnswer(request: Pick<AnswerRequest, 'passages'>): { text: string; citations: { title: string; path: string }[] } {
  if (request.passages.length === 0) return { text: NoModel, citations: [] };
  const top = request.passages.slice(0, 3);
  const parts = top.map((p, i) => `${p.text.trim().replace(/\s+/g, ' ').slice(0, 600)} [${i + 1}]`);
  return {
    text: `No language model is configured, so here are the most relevant passages from this agent's knowledge:\n\n${parts.map((p) => `> ${p}`).join('\n\n')}`,
    citations: top.map((p) => ({ title: p.title, path: p.path })),
  };
}

/** Splits text into word-sized pieces, keeping leading spaces, never inside a character. */
export function* pieces(text: string): Generator<string> {
  const re = /\s*\S+/gy;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = re.exec(text))) {
    last = re.lastIndex;
    yield m[0];
  }
  if (last < text.length) yield text.slice(last);
}

export async function* streamOffline(request: AnswerRequest): AsyncIterable<StreamPart> {
  const { text, citations } = composeOfflineAnswer(request);
  for (const piece of pieces(text)) {
    if (request.signal.aborted) return;
    yield { type: 'text', text: piece };
    // yield to the event loop so that a long answer streams rather than arriving in one write
    await new Promise((r) => setImmediate(r));
  }
  for (const c of citations) yield { type: 'citation', ...c };
  const prompt = [request.system, ...request.messages.map((m) => m.content)].join('\n');
  yield { type: 'usage', promptTokens: estimateTokens(prompt), completionTokens: estimateTokens(text), estimated: true };
}
