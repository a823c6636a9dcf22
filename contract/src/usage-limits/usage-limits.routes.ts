// Paths of the usage limits (docs/usage-limits.md), exported as UsageLimitRoutes (see ../routes.ts).

/** every role's monthly token budget */
export const roleBudgets = '/admin/usageLimits/roleBudgets';
/** one role's monthly token budget (PUT sets it, DELETE removes it) */
export const roleBudget = '/admin/usageLimits/roleBudgets/:userRoleId';
/** today's tokens of agents (`gptSystemIds`), against their daily limits */
export const agentUsage = '/admin/usageLimits/agentUsage';
/** this month's tokens of people (`userIds`), against their roles' budgets */
export const userUsage = '/admin/usageLimits/userUsage';
