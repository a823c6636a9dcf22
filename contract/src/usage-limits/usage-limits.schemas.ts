// Wire shapes of the usage limits (docs/usage-limits.md): the roles' monthly token budgets and the usage the admin
// pages show against the limits.
import { z } from 'zod';
import { RoleBudgetEnforcements, UsageLimitMaxTokens, UsageQueryMaxIds } from './usage-limits.constants.js';

export const RoleBudgetInputSchema = z.object({
  monthlyTokens: z.number().int('A whole number of tokens').min(1, 'At least 1 token').max(UsageLimitMaxTokens, 'Too many tokens'),
  enforcement: z.enum(RoleBudgetEnforcements),
});
export type RoleBudgetInput = z.infer<typeof RoleBudgetInputSchema>;

export const RoleBudgetSchema = RoleBudgetInputSchema.extend({ userRoleId: z.string().uuid() });
export type RoleBudget = z.infer<typeof RoleBudgetSchema>;

export const RoleBudgetListSchema = z.object({ items: z.array(RoleBudgetSchema) });
export type RoleBudgetList = z.infer<typeof RoleBudgetListSchema>;

export const RoleBudgetParamsSchema = z.object({ userRoleId: z.string().uuid() });

/** A comma-separated list of ids (an admin list's page). */
const idList = (field: string) =>
  z
    .string()
    .max(UsageQueryMaxIds * 37)
    .transform((s) => s.split(',').filter((x) => x !== ''))
    .pipe(z.array(z.string().uuid(`Each of ${field} is an id`)).max(UsageQueryMaxIds, `At most ${UsageQueryMaxIds} ids`));

export const AgentUsageQuerySchema = z.object({ gptSystemIds: idList('gptSystemIds') });
export const UserUsageQuerySchema = z.object({ userIds: idList('userIds') });

/** An agent's tokens today (the UTC day) and its daily limit (null: none). */
export const AgentUsageSchema = z.object({
  gptSystemId: z.string().uuid(),
  tokensToday: z.number(),
  tokensPerDay: z.number().nullable(),
  tokensPerUserPerDay: z.number().nullable(),
});
export type AgentUsage = z.infer<typeof AgentUsageSchema>;

/** A person's tokens this month (the UTC month) and the budget of their most generous role (null: none). */
export const UserUsageSchema = z.object({
  userId: z.string().uuid(),
  tokensThisMonth: z.number(),
  monthlyTokens: z.number().nullable(),
  enforcement: z.enum(RoleBudgetEnforcements).nullable(),
});
export type UserUsage = z.infer<typeof UserUsageSchema>;

export const AgentUsageListSchema = z.object({ items: z.array(AgentUsageSchema) });
export type AgentUsageList = z.infer<typeof AgentUsageListSchema>;
export const UserUsageListSchema = z.object({ items: z.array(UserUsageSchema) });
export type UserUsageList = z.infer<typeof UserUsageListSchema>;
