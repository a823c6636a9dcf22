// Test factories for agents: rows written directly, as an administrator's publishing would leave them.
import { eq } from 'drizzle-orm';
import { userChanged } from '../users/users.service.js';
import type { Db } from '../../db/client.js';
import { gptSystems, userRoleAssignments, userRoles, type PublishedAgentConfig } from '../../db/schema/index.js';
import type { CachedContext } from '../../platform/caches.js';

export const publishedConfig = (over: Partial<PublishedAgentConfig> = {}): PublishedAgentConfig => ({
  systemPrompt: 'You help.',
  introduction: '<p>Hi</p>',
  deploymentName: null,
  temperature: 0.2,
  topP: null,
  frequencyPenalty: null,
  maxTokens: 500,
  ...over,
});

export async function createAgent(db: Db, over: Partial<typeof gptSystems.$inferInsert> & { name?: string } = {}): Promise<typeof gptSystems.$inferSelect> {
  const [row] = await db
    .insert(gptSystems)
    .values({ name: over.name ?? `Agent ${Math.random().toString(36).slice(2, 8)}`, gptSystemType: 'System', publishedConfig: publishedConfig(), ...over })
    .returning();
  return row!;
}

/** Scopes every role of the user to these agents (GptSystemsReadSpecific/WriteSpecific). */
export async function scopeUserTo({ db, caches }: CachedContext, userId: string, gptSystemIds: string[]): Promise<void> {
  const roles = await db.select({ roleId: userRoleAssignments.roleId }).from(userRoleAssignments).where(eq(userRoleAssignments.userId, userId));
  for (const { roleId } of roles) {
    await db
      .update(userRoles)
      .set({ entityConfiguration: { gptSystemIds, dataSourceIds: [] } })
      .where(eq(userRoles.id, roleId));
  }
  // as a role editor would: principals are cached by the access hook
  userChanged({ caches });
}
