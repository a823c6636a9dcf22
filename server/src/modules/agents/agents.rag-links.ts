// An agent's links to retrieval data sources (ragDataSources), managed by its administrators and owner; every
// change audited in its transaction. The chat searches the libraries they name (agents.knowledge.ts).
import { DataSourceTypes, type LibraryFilter, type RagDataSource } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { type AgentRow } from './agents.repository.js';
import * as repo from './drafts/config-states.repository.js';
import { ragLinksChanged } from './agents.knowledge.js';
import { page } from './admin-agents.service.js';
import { auditActorOf } from '../../platform/access.js';
import { libraryFilterProblems } from '../knowledge/knowledge.lookup.js';

const presentLink = (l: repo.RagLinkRow): RagDataSource => ({
  ragDataSourceId: l.id,
  gptSystemId: l.gptSystemId,
  dataSourceId: l.dataSourceId,
  dataSourceType: (DataSourceTypes as readonly string[]).includes(l.dataSourceType) ? (l.dataSourceType as RagDataSource['dataSourceType']) : 'FileLibrary',
  topK: l.topK,
  filters: l.filters,
  createdAt: l.createdAt.toISOString(),
});

/** Refuses (400, `filters.0.field`, …) a filter that does not fit the linked library's filterable fields. */
async function checkLinkFilters(ctx: Pick<AppContext, 'db'>, dataSourceId: string, filters: readonly LibraryFilter[] | undefined) {
  const details = await libraryFilterProblems(ctx, dataSourceId, filters ?? []);
  if (details.length > 0) throw badRequest('The filter is not valid for this library.', details);
}

export async function listRagLinks(ctx: Pick<AppContext, 'db' | 'caches'>, agent: AgentRow) {
  return page((await repo.listRagLinks(ctx.db, agent.id)).map(presentLink));
}

export async function getRagLink(ctx: Pick<AppContext, 'db' | 'caches'>, agent: AgentRow, id: string) {
  const link = await repo.findRagLink(ctx.db, agent.id, id);
  if (!link) throw notFound('The data source link');
  return presentLink(link);
}

export async function createRagLink(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  principal: Principal,
  agent: AgentRow,
  input: { dataSourceId: string; dataSourceType: RagDataSource['dataSourceType']; topK: number; filters?: LibraryFilter[] | undefined },
) {
  await checkLinkFilters(ctx, input.dataSourceId, input.filters);
  const created = await ctx.db.transaction(async (tx) => {
    const link = await repo.insertRagLink(tx, { gptSystemId: agent.id, ...input, filters: input.filters ?? [] });
    if (!link) throw conflict('The agent already uses this data source.', [{ field: 'dataSourceId', message: 'Already linked' }]);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceAdded',
      actor: auditActorOf(principal),
      after: input,
    });
    return presentLink(link);
  });
  ragLinksChanged(ctx, agent.id);
  return created;
}

export async function updateRagLink(
  ctx: Pick<AppContext, 'db' | 'caches'>,
  principal: Principal,
  agent: AgentRow,
  id: string,
  input: { dataSourceType?: RagDataSource['dataSourceType'] | undefined; topK?: number | undefined; filters?: LibraryFilter[] | undefined },
) {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to change.', [{ field: '(root)', message: 'Send dataSourceType, topK or filters' }]);
  await checkLinkFilters(ctx, before.dataSourceId, input.filters);
  const updated = await ctx.db.transaction(async (tx) => {
    const link = await repo.updateRagLink(tx, id, values);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceUpdated',
      actor: auditActorOf(principal),
      before: presentLink(before),
      after: presentLink(link),
    });
    return presentLink(link);
  });
  ragLinksChanged(ctx, agent.id);
  return updated;
}

export async function deleteRagLink(ctx: Pick<AppContext, 'db' | 'caches'>, principal: Principal, agent: AgentRow, id: string): Promise<void> {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRagLink(tx, id);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceRemoved',
      actor: auditActorOf(principal),
      before: presentLink(before),
    });
  });
  ragLinksChanged(ctx, agent.id);
}

// What the agent form can offer ----------------------------------------------------------------------
