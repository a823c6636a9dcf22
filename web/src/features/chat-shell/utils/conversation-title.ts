// The inline rename rule of docs/product.md §5: at most 50 characters; a blank or unchanged title saves nothing.
export const RenameMaxLength = 50;

export type RenameCheck = { ok: true; title: string } | { ok: false; reason: 'empty' | 'unchanged' | 'tooLong' };

export function checkRename(input: string, current: string): RenameCheck {
  const title = input.trim();
  if (!title) return { ok: false, reason: 'empty' };
  if (title.length > RenameMaxLength) return { ok: false, reason: 'tooLong' };
  if (title === current) return { ok: false, reason: 'unchanged' };
  return { ok: true, title };
}
