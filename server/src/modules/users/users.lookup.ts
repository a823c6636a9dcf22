// Read-only lookups of people, roles and directory groups for other modules' admin pickers and
// presenters (chat access policies name users, roles and groups). Queries of the users module's tables.
import { and, asc, ilike, inArray, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

export interface UserName {
  userId: string;
  displayName: string;
  emailAddress: string;
}

const userName = { userId: users.id, displayName: users.displayName, emailAddress: users.email };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The people with these ids (unknown ids are left out), by name. */
export async function userNames({ db }: DbContext, ids: readonly string[]): Promise<UserName[]> {
  if (ids.length === 0) return [];
  return db
    .select(userName)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .orderBy(asc(users.displayName), asc(users.id));
}

/** Enabled people whose email or display name contains `search`, for pickers. */
export async function searchUsers({ db }: DbContext, search: string, limit = 20): Promise<UserName[]> {
  const like = `%${escapeLike(search)}%`;
  const match = search ? or(ilike(users.email, like), ilike(users.displayName, like)) : undefined;
  return db
    .select(userName)
    .from(users)
    .where(and(sql`${users.disabled} = false`, match))
    .orderBy(asc(users.displayName))
    .limit(limit);
}

export interface KnownDirectoryGroup {
  id: string;
  displayName: string;
  description: string | null;
}

/**
 * The directory groups people brought in their identity tokens (users.directory_groups), one row per
 * group id, sorted ascending by displayName (docs/product.md §3). `ids` narrows to those groups; `search` matches
 * the name or the id.
 */
export async function knownDirectoryGroups(
  { db }: DbContext,
  options: { search?: string; ids?: readonly string[]; limit?: number } = {},
): Promise<KnownDirectoryGroup[]> {
  if (options.ids && options.ids.length === 0) return [];
  const like = options.search ? `%${escapeLike(options.search)}%` : null;
  const wanted = options.ids ? new Set(options.ids) : null;
  const result = (await db.execute(sql`
    select distinct on (g->>'id') g->>'id' as id, coalesce(g->>'displayName', g->>'id') as "displayName", g->>'description' as description
    from ${users}, jsonb_array_elements(${users.directoryGroups}) as g
    where g->>'id' is not null
    ${like ? sql`and (g->>'displayName' ilike ${like} or g->>'id' ilike ${like})` : sql``}
    order by g->>'id'
  `)) as unknown as { rows: KnownDirectoryGroup[] };
  return result.rows
    .filter((g) => !wanted || wanted.has(g.id))
    .sort((a, b) => a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id))
    .slice(0, options.limit ?? 200);
}
