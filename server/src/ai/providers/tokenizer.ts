// Token estimates for providers that report no usage (some OpenAI-compatible servers, streams cut
// short). cl100k_base ships inside js-tiktoken, so nothing is downloaded; it is loaded on first use
// because parsing its ranks costs ~100 ms that most requests never need.
import type { Tiktoken } from 'js-tiktoken/lite';

let encoder: Promise<Tiktoken> | null = null;

const load = async (): Promise<Tiktoken> => {
  const [{ Tiktoken }, ranks] = await Promise.all([import('js-tiktoken/lite'), import('js-tiktoken/ranks/cl100k_base')]);
  return new Tiktoken(ranks.default);
};

/** Counts tokens of text; falls back to four characters a token if the tokenizer cannot load. */
export async function countTokens(text: string): Promise<number> {
  if (text === '') return 0;
  try {
    encoder ??= load();
    // special tokens in user text are ordinary text here, never control tokens
    return (await encoder).encode(text, [], []).length;
  } catch {
    return Math.ceil(text.length / 4);
  }
}
