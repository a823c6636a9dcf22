// An agent's links to retrieval data sources (ragDataSources), managed by its administrators and owner; every
// change audited in its transaction. Nothing answers from them yet: the knowledge issue reads them.
import { DataSourceTypes, type RagDataSource } from '@atrium/contract';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { type AgentRow } from './agents.repository.js';
import * as repo from './config-states.repository.js';
import { actorOf } from './config-states.service.js';
import { page } from './admin-agents.service.js';

const presentLink = (l: repo.RagLinkRow): RagDataSource => ({
  ragDataSourceId: l.id,
  gptSystemId: l.gptSystemId,
  dataSourceId: l.dataSourceId,
  dataSourceType: (DataSourceTypes as readonly string[]).includes(l.dataSourceType) ? (l.dataSourceType as RagDataSource['dataSourceType']) : 'FileLibrary',
  topK: l.topK,
  createdAt: l.createdAt.toISOString(),
});

export async function listRagLinks(ctx: Pick<AppContext, 'db'>, agent: AgentRow) {
  return page((await repo.listRagLinks(ctx.db, agent.id)).map(presentLink));
}

export async function getRagLink(ctx: Pick<AppContext, 'db'>, agent: AgentRow, id: string) {
  const link = await repo.findRagLink(ctx.db, agent.id, id);
  if (!link) throw notFound('The data source link');
  return presentLink(link);
}

export async function createRagLink(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  input: { dataSourceId: string; dataSourceType: RagDataSource['dataSourceType']; topK: number },
) {
  return ctx.db.transaction(async (tx) => {
    const link = await repo.insertRagLink(tx, { gptSystemId: agent.id, ...input });
    if (!link) throw conflict('The agent already uses this data source.', [{ field: 'dataSourceId', message: 'Already linked' }]);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceAdded',
      actor: actorOf(principal),
      after: input,
    });
    return presentLink(link);
  });
}

export async function updateRagLink(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  agent: AgentRow,
  id: string,
  input: { dataSourceType?: RagDataSource['dataSourceType'] | undefined; topK?: number | undefined },
) {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length === 0) throw badRequest('Nothing to change.', [{ field: '(root)', message: 'Send dataSourceType or topK' }]);
  return ctx.db.transaction(async (tx) => {
    const link = await repo.updateRagLink(tx, id, values);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceUpdated',
      actor: actorOf(principal),
      before: presentLink(before),
      after: presentLink(link),
    });
    return presentLink(link);
  });
}

export async function deleteRagLink(ctx: Pick<AppContext, 'db'>, principal: Principal, agent: AgentRow, id: string): Promise<void> {
  const before = await repo.findRagLink(ctx.db, agent.id, id);
  if (!before) throw notFound('The data source link');
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRagLink(tx, id);
    await recordAudit(tx, {
      aggregateType: 'GptSystem',
      aggregateId: agent.id,
      domainOperation: 'RagDataSourceRemoved',
      actor: actorOf(principal),
      before: presentLink(before),
    });
  });
}

// What the agent form can offer ----------------------------------------------------------------------
