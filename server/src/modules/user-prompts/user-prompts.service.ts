// A person's saved prompts: only their owner ever sees or changes them; anyone else gets 404.
import type { UserPrompt, UserPromptBody, UserPromptList } from '@atrium/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import * as repo from './user-prompts.repository.js';
import type { PageAfter, UserPromptRow } from './user-prompts.repository.js';
import type { DbContext } from '../../platform/context.js';

const present = (row: UserPromptRow): UserPrompt => ({
  promptId: row.id,
  title: row.title,
  prompt: row.prompt,
  createdAt: row.createdAt.toISOString(),
  lastModifiedAt: row.updatedAt.toISOString(),
});

const encodeToken = (row: UserPromptRow) => Buffer.from(JSON.stringify({ c: row.createdAtKey, i: row.id })).toString('base64url');

function decodeToken(token: string): PageAfter {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { c?: unknown; i?: unknown };
    if (
      typeof value.c === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value.c) &&
      typeof value.i === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.i)
    ) {
      return { createdAt: value.c, id: value.i };
    }
  } catch {
    // falls through to the refusal below
  }
  throw badRequest('The continuation token is not valid.', [{ field: 'continuationToken', message: 'Not a token this list issued' }]);
}

export async function listUserPrompts(
  { db }: DbContext,
  userId: string,
  query: { pageSize: number; continuationToken?: string | undefined },
): Promise<UserPromptList> {
  const after = query.continuationToken ? decodeToken(query.continuationToken) : null;
  // one extra row tells whether another page exists
  const rows = await repo.listPage(db, userId, query.pageSize + 1, after);
  const items = rows.slice(0, query.pageSize);
  const last = items[items.length - 1];
  return { items: items.map(present), continuationToken: rows.length > query.pageSize && last ? encodeToken(last) : null };
}

export async function createUserPrompt({ db }: DbContext, userId: string, body: UserPromptBody): Promise<UserPrompt> {
  return present(await repo.insert(db, userId, { title: body.title, prompt: body.prompt }));
}

export async function updateUserPrompt({ db }: DbContext, userId: string, promptId: string, body: UserPromptBody): Promise<UserPrompt> {
  const row = await repo.update(db, userId, promptId, { title: body.title, prompt: body.prompt });
  if (!row) throw notFound('The prompt');
  return present(row);
}

export async function deleteUserPrompt({ db }: DbContext, userId: string, promptId: string): Promise<void> {
  if (!(await repo.remove(db, userId, promptId))) throw notFound('The prompt');
}
