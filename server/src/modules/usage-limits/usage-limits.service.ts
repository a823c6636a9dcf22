// Usage limits (docs/usage-limits.md): an agent's daily token limits (its configuration's tokenLimitSettings: all of
// its tokens per day, and each person's per day) and the monthly token budgets of roles, checked when a turn starts.
// Days and months are UTC. A question is refused (403 usage_limit_reached, the limit's message) once the tokens so far
// reach a limit; the answer that passes it is the last. From 80% of a limit the turn carries the threshold message, and
// near a person's own limit (daily with the agent, or a Hard monthly budget) their questions start one at a time
// (usage-limits.claims.ts).
import {
  DefaultUsageMessages,
  RoleBudgetInputSchema,
  RoleBudgetMessages,
  UsageLimitErrorCodes,
  usageThreshold,
  type AgentUsage,
  type RoleBudget,
  type RoleBudgetInput,
  type UserUsage,
} from '@atrium/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import type { DbContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { agentTokensBetween, personTokensSince } from '../conversations/conversations.token-usage.js';
import { changeNamedSetting, readNamedSetting } from '../instance/instance.named-settings.js';
import { publishedTokenLimits, type TokenLimitSettings } from '../agents/agents.token-limits.js';
import { roleIdsOfUsers } from '../user-roles/user-roles.assignments.js';
import { rolesByIds } from '../user-roles/user-roles.lookup.js';
import { UserRoleAggregate } from '../user-roles/user-roles.service.js';

const DayMs = 86_400_000;
/** the instance setting that holds every role's budget: { [userRoleId]: { monthlyTokens, enforcement } } */
export const RoleBudgetsSetting = 'usageLimits.roleBudgets';

export const dayStart = (now: Date) => new Date(Math.floor(now.getTime() / DayMs) * DayMs);
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** A limit in force: a positive number of tokens (0, null or absent: none). */
const limitOf = (n: number | null | undefined): number | null => (typeof n === 'number' && n > 0 ? n : null);

/** The agent's daily limits in force (none unless limitTokens is on). */
export function dailyLimits(settings: TokenLimitSettings | null | undefined): { perDay: number | null; perUserPerDay: number | null } {
  if (!settings?.limitTokens) return { perDay: null, perUserPerDay: null };
  return { perDay: limitOf(settings.tokensPerDay), perUserPerDay: limitOf(settings.tokensPerUserPerDay) };
}

const message = (own: string | null | undefined, fallback: string) => (own && own.trim() !== '' ? own : fallback);

// ---- the settled part of an agent's day, cached per process ----

/**
 * Segments created more than SettledAfterMs ago have (nearly always) ended, so their tokens no longer change: an
 * agent's tokens of the day before a slot's start are read once per slot and process, and only the last minutes are
 * read at every turn. An answer still running SettledAfterMs after it started counts once the next slot is read.
 */
export const SettledAfterMs = 10 * 60_000;
const SlotMs = 5 * 60_000;
const MaxCachedAgents = 2000;
const settledCache = new WeakMap<object, Map<string, { slot: number; tokens: number }>>();

async function agentTokensToday(db: Db, gptSystemIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const start = dayStart(now);
  const slot = Math.max(start.getTime(), Math.floor((now.getTime() - SettledAfterMs) / SlotMs) * SlotMs);
  let cache = settledCache.get(db);
  if (!cache) settledCache.set(db, (cache = new Map()));
  const stale = gptSystemIds.filter((id) => cache.get(id)?.slot !== slot);
  const [settled, recent] = await Promise.all([
    agentTokensBetween(db, stale, start, new Date(slot)),
    agentTokensBetween(db, gptSystemIds, new Date(slot), new Date(now.getTime() + 1000)),
  ]);
  for (const [id, tokens] of settled) {
    cache.delete(id);
    if (cache.size >= MaxCachedAgents) cache.delete(cache.keys().next().value!);
    cache.set(id, { slot, tokens });
  }
  return new Map(gptSystemIds.map((id) => [id, (cache.get(id)?.tokens ?? 0) + (recent.get(id) ?? 0)]));
}

// ---- role budgets ----

const StoredBudgetsSchema = z.record(z.string().uuid(), RoleBudgetInputSchema);
type StoredBudgets = z.infer<typeof StoredBudgetsSchema>;

/** The stored budgets; a value that no longer parses counts as none rather than refusing every question. */
function parseBudgets(value: unknown): StoredBudgets {
  const parsed = StoredBudgetsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

const readBudgets = async (db: Db) => parseBudgets(await readNamedSetting({ db }, RoleBudgetsSetting));

/**
 * The budget that applies to a person with these roles: the most generous of their roles' budgets (a Soft one, which
 * never refuses, before a Hard one; then the most tokens). Roles without a budget do not count: a person none of whose
 * roles has one has no budget.
 */
export function budgetFor(budgets: StoredBudgets, roleIds: readonly string[]): RoleBudgetInput | null {
  let best: RoleBudgetInput | null = null;
  for (const id of roleIds) {
    const b = budgets[id];
    if (!b) continue;
    const rank = (x: RoleBudgetInput) => (x.enforcement === 'Soft' ? 1 : 0);
    if (!best || rank(b) > rank(best) || (rank(b) === rank(best) && b.monthlyTokens > best.monthlyTokens)) best = b;
  }
  return best;
}

export async function listRoleBudgets({ db }: DbContext): Promise<{ items: RoleBudget[] }> {
  const budgets = await readBudgets(db);
  return { items: Object.entries(budgets).map(([userRoleId, b]) => ({ userRoleId, ...b })) };
}

export async function getRoleBudget({ db }: DbContext, userRoleId: string): Promise<RoleBudget> {
  const budget = (await readBudgets(db))[userRoleId];
  if (!budget) throw notFound('The role\u2019s budget');
  return { userRoleId, ...budget };
}

async function requireRole(db: Db, userRoleId: string) {
  if ((await rolesByIds({ db }, [userRoleId])).length === 0) throw notFound('The role');
}

export async function setRoleBudget({ db }: DbContext, actor: AuditActor, userRoleId: string, input: RoleBudgetInput): Promise<RoleBudget> {
  await requireRole(db, userRoleId);
  const budget = { monthlyTokens: input.monthlyTokens, enforcement: input.enforcement };
  await changeNamedSetting({ db }, RoleBudgetsSetting, async (value, tx) => {
    const budgets = parseBudgets(value);
    const before = budgets[userRoleId];
    await recordAudit(tx, {
      aggregateType: UserRoleAggregate,
      aggregateId: userRoleId,
      domainOperation: 'BudgetSet',
      actor,
      before: before ? { monthlyTokenBudget: before } : undefined,
      after: { monthlyTokenBudget: budget },
    });
    return { ...budgets, [userRoleId]: budget };
  });
  return { userRoleId, ...budget };
}

export async function removeRoleBudget({ db }: DbContext, actor: AuditActor, userRoleId: string): Promise<void> {
  await changeNamedSetting({ db }, RoleBudgetsSetting, async (value, tx) => {
    const { [userRoleId]: before, ...rest } = parseBudgets(value);
    if (!before) throw notFound('The role\u2019s budget');
    await recordAudit(tx, {
      aggregateType: UserRoleAggregate,
      aggregateId: userRoleId,
      domainOperation: 'BudgetRemoved',
      actor,
      before: { monthlyTokenBudget: before },
    });
    return rest;
  });
}

// ---- the check at turn start ----

export interface TurnAsker {
  /** null for a public endpoint's visitor: only the agent's own daily limit applies */
  userId: string | null;
  roleIds: readonly string[];
}

export const refuse = (text: string, limit: 'TokensPerDay' | 'TokensPerUserPerDay' | 'MonthlyBudget') =>
  new AppError(UsageLimitErrorCodes.limitReached, 403, text, [{ field: 'limit', message: limit }]);

/**
 * A turn of a person at or past the threshold of one of their own limits: it may start only once no other answer of
 * theirs that counts against that limit is being written, and is checked again then (usage-limits.claims.ts).
 */
export interface TurnGuard {
  userId: string;
  gptSystemId: string;
  /** the person's daily limit with the agent, when at or past its threshold, and its limit-reached message */
  perUserPerDay: { limit: number; message: string } | null;
  /** the person's Hard monthly budget, when at or past its threshold */
  monthlyBudget: number | null;
}

export interface TurnCheck {
  /** the notice to show with the turn (a limit's threshold message, or the budget's warning), or null */
  notice: string | null;
  /** null below the thresholds of the person's own limits: the turn starts at once (the fast path) */
  guard: TurnGuard | null;
}

/**
 * Checks a turn against the agent's daily limits and the asker's monthly budget before anything is written: throws
 * 403 usage_limit_reached with the limit's message once one is reached, else answers the notice to show with the
 * turn and, near the person's own limits, the guard its start must pass (claimTurn).
 */
export async function checkTurn(
  { db }: DbContext,
  asker: TurnAsker,
  agent: { gptSystemId: string; tokenLimitSettings: TokenLimitSettings | null | undefined },
  now = new Date(),
): Promise<TurnCheck> {
  const settings = agent.tokenLimitSettings;
  const { perDay, perUserPerDay } = dailyLimits(settings);
  const person = asker.userId;
  const [agentToday, personToday, budgets] = await Promise.all([
    perDay ? agentTokensToday(db, [agent.gptSystemId], now).then((m) => m.get(agent.gptSystemId) ?? 0) : 0,
    perUserPerDay && person ? personTokensSince(db, [person], dayStart(now), agent.gptSystemId).then((m) => m.get(person) ?? 0) : 0,
    person && asker.roleIds.length ? readBudgets(db) : null,
  ]);
  const budget = budgets ? budgetFor(budgets, asker.roleIds) : null;
  const month = budget && person ? ((await personTokensSince(db, [person], monthStart(now))).get(person) ?? 0) : 0;

  if (perUserPerDay && person && personToday >= perUserPerDay)
    throw refuse(message(settings?.limitReachedTokensPerUserPerDayMessage, DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage), 'TokensPerUserPerDay');
  if (perDay && agentToday >= perDay)
    throw refuse(message(settings?.limitReachedTokensPerDayMessage, DefaultUsageMessages.limitReachedTokensPerDayMessage), 'TokensPerDay');
  if (budget?.enforcement === 'Hard' && month >= budget.monthlyTokens) throw refuse(RoleBudgetMessages.reached, 'MonthlyBudget');

  const dailyNear = !!(perUserPerDay && person && personToday >= usageThreshold(perUserPerDay));
  const hardNear = budget?.enforcement === 'Hard' && month >= usageThreshold(budget.monthlyTokens);
  const guard: TurnGuard | null =
    person && (dailyNear || hardNear)
      ? {
          userId: person,
          gptSystemId: agent.gptSystemId,
          perUserPerDay: dailyNear
            ? {
                limit: perUserPerDay!,
                message: message(settings?.limitReachedTokensPerUserPerDayMessage, DefaultUsageMessages.limitReachedTokensPerUserPerDayMessage),
              }
            : null,
          monthlyBudget: hardNear ? budget.monthlyTokens : null,
        }
      : null;
  return { notice: noticeOf(), guard };

  function noticeOf(): string | null {
    if (dailyNear) return message(settings?.thresholdTokensPerUserPerDayMessage, DefaultUsageMessages.thresholdTokensPerUserPerDayMessage);
    if (perDay && agentToday >= usageThreshold(perDay))
      return message(settings?.thresholdTokensPerDayMessage, DefaultUsageMessages.thresholdTokensPerDayMessage);
    if (budget && month >= budget.monthlyTokens) return RoleBudgetMessages.exceeded;
    if (budget && month >= usageThreshold(budget.monthlyTokens)) return RoleBudgetMessages.threshold;
    return null;
  }
}

// ---- what the admin pages show ----

export async function agentUsage({ db }: DbContext, gptSystemIds: readonly string[], now = new Date()): Promise<{ items: AgentUsage[] }> {
  const ids = [...new Set(gptSystemIds)];
  const limits = await publishedTokenLimits({ db }, ids);
  const known = ids.filter((id) => limits.has(id));
  const today = await agentTokensToday(db, known, now);
  return {
    items: known.map((id) => {
      const l = dailyLimits(limits.get(id));
      return { gptSystemId: id, tokensToday: today.get(id) ?? 0, tokensPerDay: l.perDay, tokensPerUserPerDay: l.perUserPerDay };
    }),
  };
}

export async function userUsage({ db }: DbContext, userIds: readonly string[], now = new Date()): Promise<{ items: UserUsage[] }> {
  const ids = [...new Set(userIds)];
  const [roles, budgets, month] = await Promise.all([roleIdsOfUsers({ db }, ids), readBudgets(db), personTokensSince(db, ids, monthStart(now))]);
  return {
    items: ids.map((id) => {
      const budget = budgetFor(budgets, roles.get(id) ?? []);
      return { userId: id, tokensThisMonth: month.get(id) ?? 0, monthlyTokens: budget?.monthlyTokens ?? null, enforcement: budget?.enforcement ?? null };
    }),
  };
}
