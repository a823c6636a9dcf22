// Metadata filters of file libraries (docs/knowledge.md, "Text index and metadata filters"): which fields a library
// lets filters name, the check of a filter against them (400 naming the condition), and a filter as SQL over a chunk
// (alias `c`, library_chunks), which both retrievers add to their search.
import { sql, type SQL } from 'drizzle-orm';
import {
  LibraryFilterFieldTypes,
  LibraryFilterFields,
  LibraryFilterOperatorsByType,
  LibraryMetadataFieldPrefix,
  isLibraryMetadataField,
  libraryFilterConditionProblem,
  libraryFilterFieldType,
  libraryFilterValueProblem,
  type LibraryFilter,
  type LibraryFilterField,
  type LibraryFilterFieldType,
  type ErrorDetail,
} from '@atrium/contract';
import { badRequest } from '../../platform/errors.js';
import type { FileLibraryRow } from './knowledge.repository.js';

const isField = (name: string): name is LibraryFilterField => Object.hasOwn(LibraryFilterFieldTypes, name);
/** A field a filter may name: a built-in one or `metadata.<key>`. */
const isKnownField = (name: string) => isField(name) || isLibraryMetadataField(name);

/**
 * The fields a library's filters may name: its choice (built-in fields in Atrium's order, then the metadata keys it
 * chose), or, until one is made, every built-in field and `metadata.<key>` of the metadata keys its files use
 * (`metadataKeys`; any other key may be named too, see allowedFor).
 */
export function filterableFieldsOf(library: Pick<FileLibraryRow, 'filterableFields'>, metadataKeys: readonly string[] = []): string[] {
  if (library.filterableFields === null) return [...LibraryFilterFields, ...metadataKeys.map((k) => `${LibraryMetadataFieldPrefix}${k}`)];
  const chosen = library.filterableFields;
  return [...LibraryFilterFields.filter((f) => chosen.includes(f)), ...chosen.filter((f) => !isField(f) && isLibraryMetadataField(f))];
}

/** The filterable fields a PUT …/textIndex/filters sends, checked: known fields or metadata keys, each once; 400 naming the others. */
export function checkFilterableFields(fields: readonly string[]): string[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  fields.forEach((name, i) => {
    if (!isKnownField(name))
      details.push({
        field: `filterableFields.${i}`,
        message: `${name} is not a field of files. Fields: ${LibraryFilterFields.join(', ')}, or metadata.<key> for a key of the files' metadata.`,
      });
    else if (seen.has(name)) details.push({ field: `filterableFields.${i}`, message: `${name} is listed twice.` });
    seen.add(name);
  });
  if (details.length > 0) throw badRequest('The filterable fields are not valid.', details);
  return [...LibraryFilterFields.filter((f) => seen.has(f)), ...fields.filter((f) => !isField(f))];
}

/** The fields one condition may name: a library that has not chosen lets it name any metadata key. */
function allowedFor(library: Pick<FileLibraryRow, 'filterableFields'>, filter: LibraryFilter): string[] {
  const allowed = filterableFieldsOf(library);
  return library.filterableFields === null && isLibraryMetadataField(filter.field) ? [...allowed, filter.field] : allowed;
}

/** The problems of one condition against the fields it may name, each with the path of what is wrong. */
function conditionProblems(filter: LibraryFilter, allowed: readonly string[], path: string): ErrorDetail[] {
  const problem = libraryFilterConditionProblem(filter, allowed);
  return problem ? [{ field: `${path}.${problem.part}`, message: problem.message }] : [];
}

/** The problems of a filter against a library's filterable fields (empty: it is valid). */
export function filterProblems(library: Pick<FileLibraryRow, 'filterableFields'>, filters: readonly LibraryFilter[], path: string): ErrorDetail[] {
  return filters.flatMap((f, i) => conditionProblems(f, allowedFor(library, f), `${path}.${i}`));
}

/** Refuses (400) a filter that names a field the library does not let filters name, or compares it wrongly. */
export function checkFilters(library: Pick<FileLibraryRow, 'filterableFields'>, filters: readonly LibraryFilter[] | undefined, path = 'filters'): void {
  const details = filterProblems(library, filters ?? [], path);
  if (details.length > 0) throw badRequest('The filter is not valid for this library.', details);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A file column's SQL (alias f, library_files); a metadata key's value is `f.metadata ->> key`, the key a parameter. */
const fileColumns: Record<Exclude<LibraryFilterField, 'page'>, SQL> = {
  fileName: sql`f.file_name`,
  mimeType: sql`f.mime_type`,
  uploadedBy: sql`f.uploaded_by_name`,
  uploadedAt: sql`f.created_at`,
  sizeBytes: sql`f.size_bytes`,
  fileId: sql`f.id`,
};

function typed(type: LibraryFilterFieldType, value: string | number): SQL {
  if (type === 'date') return sql`${String(value)}::timestamptz`;
  if (type === 'id') return sql`${String(value)}::uuid`;
  if (type === 'number') return sql`${Number(value)}::float8`;
  return sql`${String(value)}`;
}

/** A comparison of a column; null for one the checks would have refused (the caller makes it match nothing). */
function comparison(column: SQL, type: LibraryFilterFieldType, filter: LibraryFilter): SQL | null {
  const one = Array.isArray(filter.value) ? null : typed(type, filter.value);
  const many = Array.isArray(filter.value)
    ? sql.join(
        filter.value.map((v) => typed(type, v)),
        sql`, `,
      )
    : null;
  switch (filter.operator) {
    case 'eq':
      return one && sql`${column} = ${one}`;
    case 'ne':
      return one && sql`${column} is distinct from ${one}`;
    case 'in':
      return many && sql`${column} in (${many})`;
    case 'notIn':
      return many && sql`${column} is not null and ${column} not in (${many})`;
    case 'contains':
      return typeof filter.value === 'string' ? sql`${column} ilike ${`%${escapeLike(filter.value)}%`}` : null;
    case 'startsWith':
      return typeof filter.value === 'string' ? sql`${column} ilike ${`${escapeLike(filter.value)}%`}` : null;
    case 'gt':
      return one && sql`${column} > ${one}`;
    case 'gte':
      return one && sql`${column} >= ${one}`;
    case 'lt':
      return one && sql`${column} < ${one}`;
    case 'lte':
      return one && sql`${column} <= ${one}`;
  }
}

/**
 * A page condition over the chunk's pages (a chunk holds one page's text, page_start = page_end; an older one may span
 * two): eq the page is among them, ne it is not, gt/gte/lt/lte some of them is beyond or before it. Chunks without
 * pages match no page condition.
 */
function pageCondition(filter: LibraryFilter): SQL | null {
  const v = Array.isArray(filter.value) ? null : Number(filter.value);
  if (v === null || !Number.isFinite(v)) return null;
  const start = sql`c.page_start`;
  const end = sql`coalesce(c.page_end, c.page_start)`;
  switch (filter.operator) {
    case 'eq':
      return sql`(${start} <= ${v} and ${end} >= ${v})`;
    case 'ne':
      return sql`(${start} > ${v} or ${end} < ${v})`;
    case 'gt':
      return sql`${end} > ${v}`;
    case 'gte':
      return sql`${end} >= ${v}`;
    case 'lt':
      return sql`${start} < ${v}`;
    case 'lte':
      return sql`${start} <= ${v}`;
    default:
      return null;
  }
}

/**
 * A filter as a condition on a chunk `c` (library_chunks); null for no filter. A condition that cannot be read (a
 * field or operator unknown: stored before the checks, or by hand) matches nothing: a filter narrows, and one that
 * cannot be applied must not widen what an agent answers from.
 */
export function filterCondition(filters: readonly LibraryFilter[] | undefined): SQL | null {
  if (!filters || filters.length === 0) return null;
  const onChunk: SQL[] = [];
  const onFile: SQL[] = [];
  for (const filter of filters) {
    const type = libraryFilterFieldType(filter.field);
    if (type === null) return sql`false`;
    if (filter.field === 'page') {
      const condition = pageCondition(filter);
      if (!condition) return sql`false`;
      onChunk.push(condition);
      continue;
    }
    if (!LibraryFilterOperatorsByType[type].includes(filter.operator)) return sql`false`;
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    if (values.some((v) => libraryFilterValueProblem(type, v) !== null)) return sql`false`;
    const column = isField(filter.field)
      ? fileColumns[filter.field as Exclude<LibraryFilterField, 'page'>]
      : sql`(f.metadata ->> ${filter.field.slice(LibraryMetadataFieldPrefix.length)}::text)`;
    const condition = comparison(column, type, filter);
    if (!condition) return sql`false`;
    onFile.push(condition);
  }
  if (onFile.length > 0) onChunk.push(sql`exists (select 1 from library_files f where f.id = c.file_id and ${sql.join(onFile, sql` and `)})`);
  return sql.join(onChunk, sql` and `);
}

/** A key that is the same for identical filters (libraries searched together share one statement). */
const filterKey = (filters: readonly LibraryFilter[] | undefined) => (filters && filters.length > 0 ? JSON.stringify(filters) : '');

/** A library as a retriever searches it: with the filter its chunks must meet, if any. */
export type SearchedLibrary = FileLibraryRow & { filters?: readonly LibraryFilter[] | undefined };

/** Libraries grouped by `key` and their filter: each group is searched in one statement, with its filter's condition. */
export function groupByFilter<K>(libraries: readonly SearchedLibrary[], key: (l: SearchedLibrary) => K) {
  const groups = new Map<string, { key: K; filters: readonly LibraryFilter[] | undefined; ids: string[] }>();
  const keys = new Map<K, number>();
  for (const l of libraries) {
    const k = key(l);
    if (!keys.has(k)) keys.set(k, keys.size);
    const id = `${keys.get(k)}|${filterKey(l.filters)}`;
    const group = groups.get(id) ?? { key: k, filters: l.filters, ids: [] };
    group.ids.push(l.id);
    groups.set(id, group);
  }
  return [...groups.values()].map((g) => ({ ...g, where: filterCondition(g.filters) }));
}
