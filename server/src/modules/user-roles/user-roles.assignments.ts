// Which roles people hold, for modules that act per role on people other than the caller (the usage limits show each
// person's budget on the admin users list).
import { inArray } from 'drizzle-orm';
import { userRoleAssignments } from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';

/** Each person's role ids (a person without roles maps to none). */
export async function roleIdsOfUsers({ db }: DbContext, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ userId: userRoleAssignments.userId, roleId: userRoleAssignments.roleId })
    .from(userRoleAssignments)
    .where(inArray(userRoleAssignments.userId, [...new Set(userIds)]));
  for (const r of rows) found.get(r.userId)?.push(r.roleId);
  return found;
}
