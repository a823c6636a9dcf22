// The configuration audit log, read side: filtered, newest-first pages and the human name of an
// aggregate. Names come from the owning module's registered resolver, else from what the latest audit
// rows recorded about the aggregate (so deleted objects and other modules' types still get a name).
import { decodePageToken, encodePageToken } from '../../platform/keyset-page.js';
import type {
  AggregateRootName,
  AggregateRootNameQuery,
  ConfigurationChange,
  ConfigurationChangeFacets,
  ConfigurationChangeList,
  ConfigurationChangeQuery,
} from '@atrium/contract';
import { badRequest } from '../../platform/errors.js';
import * as repo from './audit.repository.js';
import type { AuditRow } from './audit.repository.js';
import type { AppContext, DbContext } from '../../platform/context.js';

const present = (row: AuditRow): ConfigurationChange => ({
  configurationChangeId: row.id,
  type: row.aggregateType,
  aggregateRootId: row.aggregateId,
  domainOperation: row.domainOperation,
  userId: row.userId,
  userName: row.userName,
  timeStamp: row.createdAt.toISOString(),
  details: row.details,
});

const encodeToken = encodePageToken;
const decodeToken = decodePageToken;

export async function listConfigurationChanges({ db }: DbContext, query: ConfigurationChangeQuery): Promise<ConfigurationChangeList> {
  if (query.timeStampFrom && query.timeStampTo && Date.parse(query.timeStampFrom) > Date.parse(query.timeStampTo)) {
    throw badRequest('The time range is empty.', [{ field: 'timeStampTo', message: 'Must not be before timeStampFrom' }]);
  }
  const rows = await repo.listChanges(
    db,
    {
      type: query.type || null,
      aggregateRootId: query.aggregateRootId || null,
      userName: query.userName || null,
      domainOperation: query.domainOperation || null,
      details: query.details || null,
      from: query.timeStampFrom ?? null,
      to: query.timeStampTo ?? null,
    },
    query.continuationToken ? decodeToken(query.continuationToken) : null,
    query.pageSize + 1,
  );
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return { items: page.map(present), continuationToken: rows.length > query.pageSize && last ? encodeToken(last) : null };
}

const NameKeys = ['name', 'displayName', 'documentTitle', 'title', 'brandKey'] as const;

/** A name-like field of a recorded snapshot, e.g. {after: {name: 'Editors'}}. */
function nameIn(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  for (const key of NameKeys) {
    const v = record[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
}

export async function aggregateRootName(ctx: Pick<AppContext, 'db' | 'caches' | 'aggregateNames'>, query: AggregateRootNameQuery): Promise<AggregateRootName> {
  const { db } = ctx;
  const resolver = ctx.aggregateNames.resolverOf(query.type);
  let name = resolver ? await resolver(ctx, query.aggregateRootId) : null;
  if (name === null) {
    for (const details of await repo.latestDetails(db, query.type, query.aggregateRootId)) {
      name = nameIn(details.after) ?? nameIn(details.before);
      if (name !== null) break;
    }
  }
  return { type: query.type, aggregateRootId: query.aggregateRootId, name };
}

export const configurationChangeFacets = ({ db }: DbContext): Promise<ConfigurationChangeFacets> => repo.facets(db);

export const countChanges = ({ db }: DbContext) => repo.countChanges(db);
