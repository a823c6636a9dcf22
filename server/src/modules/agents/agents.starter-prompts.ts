// An agent's starter prompts (the suggestions under the chat's input), managed by its administrators and
// owner; every change audited in its transaction.
import { type StarterPrompt, type StarterPromptInput } from '@atrium/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { gptSystemPrompts } from '../../db/schema/index.js';
import { type AgentRow } from './agents.repository.js';
import {} from './drafts/config-states.service.js';
import { page } from './admin-agents.service.js';
import { auditActorOf } from '../../platform/access.js';

const promptColumns = { promptId: gptSystemPrompts.id, title: gptSystemPrompts.title, prompt: gptSystemPrompts.prompt, sortOrder: gptSystemPrompts.sortOrder };

export async function listStarterPrompts(ctx: Pick<AppContext, 'db' | 'caches'>, agent: AgentRow) {
  const items: StarterPrompt[] = await ctx.db
    .select(promptColumns)
    .from(gptSystemPrompts)
    .where(eq(gptSystemPrompts.gptSystemId, agent.id))
    .orderBy(asc(gptSystemPrompts.sortOrder), asc(gptSystemPrompts.createdAt), asc(gptSystemPrompts.id));
  return page(items);
}

async function findPrompt(ctx: Pick<AppContext, 'db' | 'caches'>, agent: AgentRow, promptId: string): Promise<StarterPrompt> {
  const [row] = await ctx.db
    .select(promptColumns)
    .from(gptSystemPrompts)
    .where(and(eq(gptSystemPrompts.gptSystemId, agent.id), eq(gptSystemPrompts.id, promptId)));
  if (!row) throw notFound('The prompt');
  return row;
}

export const getStarterPrompt = findPrompt;

export async function createStarterPrompt(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  principal: Principal,
  agent: AgentRow,
  input: StarterPromptInput,
): Promise<StarterPrompt> {
  return ctx.db.transaction(async (tx) => {
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${gptSystemPrompts.sortOrder}) + 1, 0)::int` })
      .from(gptSystemPrompts)
      .where(eq(gptSystemPrompts.gptSystemId, agent.id));
    const [row] = await tx
      .insert(gptSystemPrompts)
      .values({ gptSystemId: agent.id, title: input.title, prompt: input.prompt, sortOrder: input.sortOrder ?? max?.n ?? 0 })
      .returning(promptColumns);
    await recordAudit(tx, { aggregateType: 'GptSystem', aggregateId: agent.id, domainOperation: 'PromptCreated', actor: auditActorOf(principal), after: row });
    return row!;
  });
}

export async function updateStarterPrompt(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  principal: Principal,
  agent: AgentRow,
  promptId: string,
  input: StarterPromptInput,
): Promise<StarterPrompt> {
  const before = await findPrompt(ctx, agent, promptId);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(gptSystemPrompts)
      .set({ title: input.title, prompt: input.prompt, sortOrder: input.sortOrder ?? before.sortOrder })
      .where(eq(gptSystemPrompts.id, promptId))
      .returning(promptColumns);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'PromptUpdated',
      actor: auditActorOf(principal),
      before,
      after: row,
    });
    return row!;
  });
}

export async function deleteStarterPrompt(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: AgentRow, promptId: string): Promise<void> {
  const before = await findPrompt(ctx, agent, promptId);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(gptSystemPrompts).where(eq(gptSystemPrompts.id, promptId));
    await recordAudit(tx, { aggregateType: 'GptSystem', aggregateId: agent.id, domainOperation: 'PromptDeleted', actor: auditActorOf(principal), before });
  });
}

// Retrieval data-source links ------------------------------------------------------------------------
