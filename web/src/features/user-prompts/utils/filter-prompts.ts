// The picker's search: every word must appear in the title or the text, in any case and order.
import type { UserPrompt } from '@atrium/contract';

export function filterPrompts(prompts: readonly UserPrompt[], search: string): UserPrompt[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const sorted = [...prompts].sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }));
  if (words.length === 0) return sorted;
  return sorted.filter((p) => {
    const haystack = `${p.title}\n${p.prompt}`.toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Where a picked prompt goes: it fills an empty input, or follows what is already written on a new line. */
export function insertPrompt(current: string, prompt: string): string {
  if (current.trim() === '') return prompt;
  return `${current.replace(/\s+$/, '')}\n${prompt}`;
}
