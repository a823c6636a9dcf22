// Who may see and change a file library: the one place these rules live.
// - DataSourcesRead, DataSourcesCreate and DataSourcesWrite see every library; DataSourcesReadSpecific and
//   DataSourcesWriteSpecific only those in their roles' entity configuration (`dataSourceIds`).
// - DataSourcesWrite changes every library, DataSourcesWriteSpecific those in scope, and DataSourcesCreate the
//   libraries its holder created (a creator fills the library they made).
// A library the caller may not see does not exist for them (404), so that ids cannot be probed.
import { requireArea, type Principal } from '../../platform/access.js';
import type { FileLibraryRow } from './knowledge.repository.js';

type LibraryFacts = Pick<FileLibraryRow, 'id' | 'createdByUserId'>;

const seesAll = (p: Principal) => p.actions.has('DataSourcesRead') || p.actions.has('DataSourcesCreate') || p.actions.has('DataSourcesWrite');
const inScope = (p: Principal, id: string) => p.scopes.dataSourceIds.has(id);
const createdBy = (p: Principal, library: LibraryFacts) => library.createdByUserId !== null && library.createdByUserId === p.userId;

export function mayReadLibrary(principal: Principal, library: LibraryFacts): boolean {
  if (seesAll(principal)) return true;
  const scoped = principal.actions.has('DataSourcesReadSpecific') || principal.actions.has('DataSourcesWriteSpecific');
  return scoped && inScope(principal, library.id);
}

export function mayWriteLibrary(principal: Principal, library: LibraryFacts): boolean {
  if (principal.actions.has('DataSourcesWrite')) return true;
  if (principal.actions.has('DataSourcesWriteSpecific') && inScope(principal, library.id)) return true;
  return principal.actions.has('DataSourcesCreate') && createdBy(principal, library);
}

/** The libraries a caller sees: all, or the ids of their scope (null: all). */
export const visibleLibraryIds = (principal: Principal): string[] | null => (seesAll(principal) ? null : [...principal.scopes.dataSourceIds]);

/** What the routes of file libraries and of their older data-source calls declare (each call then checks the library). */
export const LibraryRouteAccess = {
  read: { access: requireArea('dataSources', 'read') },
  create: { access: requireArea('dataSources', 'create') },
  edit: { access: requireArea('dataSources', 'editLibrary') },
} as const;
