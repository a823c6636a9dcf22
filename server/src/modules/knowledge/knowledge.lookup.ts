// What other modules may ask the knowledge module about file libraries: which of some ids name a library (the agents'
// configurations name the libraries they answer from), and which of them a person may read.
import type { ErrorDetail, LibraryFilter } from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import type { DbContext } from '../../platform/context.js';
import { mayReadLibrary } from './knowledge.policy.js';
import { filterProblems } from './library-filters.js';
import * as repo from './knowledge.repository.js';

/** The ids among `ids` that name a file library. */
export async function knownLibraryIds({ db }: DbContext, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await repo.listLibraries(db, [...new Set(ids)]);
  return new Set(rows.map((r) => r.id));
}

/** The ids among `ids` that name a file library the principal may read (knowledge.policy.ts). */
export async function librariesReadableBy({ db }: DbContext, principal: Principal, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await repo.listLibraries(db, [...new Set(ids)]);
  return new Set(rows.filter((r) => mayReadLibrary(principal, r)).map((r) => r.id));
}

/**
 * What is wrong with the metadata filters of an agent's libraries (`{field}.{i}.filters.{j}…`): each must name the
 * library's filterable fields with a fitting operator and value. Entries of libraries that do not exist are left to
 * the caller.
 */
export async function dataSourceFilterProblems(
  { db }: DbContext,
  sources: readonly { dataSourceId: string; filters?: readonly LibraryFilter[] | undefined }[],
  field: string,
): Promise<ErrorDetail[]> {
  const filtered = sources.flatMap((s, i) => (s.filters && s.filters.length > 0 ? [{ ...s, filters: s.filters, i }] : []));
  if (filtered.length === 0) return [];
  const libraries = new Map((await repo.listLibraries(db, [...new Set(filtered.map((s) => s.dataSourceId))])).map((l) => [l.id, l]));
  return filtered.flatMap((s) => {
    const library = libraries.get(s.dataSourceId);
    return library ? filterProblems(library, s.filters, `${field}.${s.i}.filters`) : [];
  });
}

/**
 * What is wrong with a metadata filter on one library (`{path}.{j}.field`, …): an agent's data source link
 * (ragDataSources) carries one. A filter on what is not a file library is refused as a whole (`{path}`).
 */
export async function libraryFilterProblems({ db }: DbContext, libraryId: string, filters: readonly LibraryFilter[], path = 'filters'): Promise<ErrorDetail[]> {
  if (filters.length === 0) return [];
  const [library] = await repo.listLibraries(db, [libraryId]);
  if (!library) return [{ field: path, message: 'Filters apply to file libraries; this data source is not one.' }];
  return filterProblems(library, filters, path);
}
