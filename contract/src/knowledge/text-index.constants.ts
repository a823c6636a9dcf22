// A library's full-text index and its metadata filters, without zod (the browser's filter form uses them too).
//
// A filter narrows what a library gives a question to the chunks of the files (or pages) it matches: a list of
// `{field, operator, value}`, all of which must hold. The fields are what Atrium knows of every file; a library says
// which of them may be filtered on (its `filterableFields`, all of them until an administrator chooses).

/** The fields a filter may name, with the type of their values. */
export const LibraryFilterFieldTypes = {
  /** the file's name as uploaded */
  fileName: 'string',
  /** the type read from the content (application/pdf, text/markdown, …) */
  mimeType: 'string',
  /** who uploaded it (their display name) */
  uploadedBy: 'string',
  /** when it was uploaded: an ISO 8601 date or time */
  uploadedAt: 'date',
  sizeBytes: 'number',
  /** the page (or slide) the passage is on; passages of documents without pages match no page filter */
  page: 'number',
  fileId: 'id',
} as const;
export type LibraryFilterField = keyof typeof LibraryFilterFieldTypes;
export type LibraryFilterFieldType = (typeof LibraryFilterFieldTypes)[LibraryFilterField];
export const LibraryFilterFields = Object.keys(LibraryFilterFieldTypes) as LibraryFilterField[];

/**
 * A file's custom metadata (`metadata` of a library file: set at upload or with PUT …/files/{fileId}) is filtered on
 * as the field `metadata.<key>`, of type string.
 */
export const LibraryMetadataFieldPrefix = 'metadata.';
/** A metadata key: a letter, then letters, digits, `_`, `.` or `-`; 64 characters at most. */
export const LibraryMetadataKeyPattern = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** Keys one file's metadata may hold, and the length of one value. */
export const MaxLibraryFileMetadataKeys = 20;
export const MaxLibraryFileMetadataValueLength = 500;

/** Whether a field names a metadata key (`metadata.<key>` with a key of the pattern). */
export const isLibraryMetadataField = (name: string): boolean =>
  name.startsWith(LibraryMetadataFieldPrefix) && LibraryMetadataKeyPattern.test(name.slice(LibraryMetadataFieldPrefix.length));

/** The type of a field a filter may name: a built-in field's, string for a metadata key, null for anything else. */
export function libraryFilterFieldType(name: string): LibraryFilterFieldType | null {
  if (Object.hasOwn(LibraryFilterFieldTypes, name)) return LibraryFilterFieldTypes[name as LibraryFilterField];
  return isLibraryMetadataField(name) ? 'string' : null;
}

/**
 * What is wrong with a file's metadata (null: nothing): at most MaxLibraryFileMetadataKeys keys of the pattern, text
 * values of at most MaxLibraryFileMetadataValueLength characters. `key` names the key at fault (null: the whole).
 */
export function libraryFileMetadataProblem(metadata: unknown): { key: string | null; message: string } | null {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    return { key: null, message: 'Metadata is an object of text values, keys to values.' };
  }
  const entries = Object.entries(metadata as Record<string, unknown>);
  if (entries.length > MaxLibraryFileMetadataKeys) return { key: null, message: `A file holds at most ${MaxLibraryFileMetadataKeys} metadata keys.` };
  for (const [key, value] of entries) {
    if (!LibraryMetadataKeyPattern.test(key)) {
      return { key, message: `${key} is not a metadata key: a letter, then letters, digits, _, . or -, 64 characters at most.` };
    }
    if (typeof value !== 'string') return { key, message: `The value of ${key} is not a text.` };
    if (value.length > MaxLibraryFileMetadataValueLength) {
      return { key, message: `The value of ${key} is longer than ${MaxLibraryFileMetadataValueLength} characters.` };
    }
  }
  return null;
}

/**
 * eq and ne compare exactly; in and notIn take a list; contains and startsWith ignore case; gt, gte, lt and lte
 * compare numbers and dates.
 */
export const LibraryFilterOperators = ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith', 'gt', 'gte', 'lt', 'lte'] as const;
export type LibraryFilterOperator = (typeof LibraryFilterOperators)[number];

/** The operators each type of field takes. */
export const LibraryFilterOperatorsByType: Record<LibraryFilterFieldType, readonly LibraryFilterOperator[]> = {
  string: ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith'],
  id: ['eq', 'ne', 'in', 'notIn'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  date: ['gt', 'gte', 'lt', 'lte'],
};

/** Conditions one filter may hold, and values one `in` or `notIn` may list. */
export const MaxLibraryFilters = 10;
export const MaxLibraryFilterValues = 100;

const isFilterDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
const FilterUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether one value suits a field's type: null, or what it should be ("a number"). */
export function libraryFilterValueProblem(type: LibraryFilterFieldType, value: unknown): string | null {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? null : 'a text';
    case 'id':
      return typeof value === 'string' && FilterUuid.test(value) ? null : 'a file id (uuid)';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'a number';
    case 'date':
      return isFilterDate(value) ? null : 'an ISO 8601 date or time (2026-01-31, 2026-01-31T12:00:00Z)';
  }
}

/**
 * What is wrong with one condition against the fields a library lets filters name (null: nothing): the part that is
 * wrong and a message saying what it should be. The server refuses such a condition with this message (400); the
 * agent editors show it at the condition before saving.
 */
export function libraryFilterConditionProblem(
  filter: { field: string; operator: LibraryFilterOperator; value: string | number | readonly (string | number)[] },
  allowed: readonly string[],
): { part: 'field' | 'operator' | 'value'; message: string } | null {
  const type = libraryFilterFieldType(filter.field);
  if (type === null || !allowed.includes(filter.field)) {
    const fields = allowed.length > 0 ? `Filterable fields: ${allowed.join(', ')}.` : 'The library has no filterable field.';
    return { part: 'field', message: `${filter.field} is not a filterable field of this library. ${fields}` };
  }
  const operators = LibraryFilterOperatorsByType[type];
  if (!operators.includes(filter.operator)) return { part: 'operator', message: `${filter.field} takes the operators ${operators.join(', ')}.` };
  const list = filter.operator === 'in' || filter.operator === 'notIn';
  if (list !== Array.isArray(filter.value)) {
    return { part: 'value', message: list ? `${filter.operator} takes a list of values.` : `${filter.operator} takes one value, not a list.` };
  }
  const values: readonly unknown[] = Array.isArray(filter.value) ? filter.value : [filter.value];
  const wrong = values.map((v) => libraryFilterValueProblem(type, v)).find((p) => p !== null);
  return wrong ? { part: 'value', message: `${filter.field} compares with ${wrong}.` } : null;
}

/**
 * Where the last build of a library's full-text index (POST …/textIndex) stands: NotBuilt (the index is off and no
 * build is on record), Queued (waiting, or waiting to be retried after a failure), Building, Ready (the last build
 * ended, or none is on record and the index is on: the files' own index steps keep it), Failed (its retries spent).
 */
export const TextIndexBuildStatuses = ['NotBuilt', 'Queued', 'Building', 'Ready', 'Failed'] as const;
export type TextIndexBuildStatus = (typeof TextIndexBuildStatuses)[number];

/** How often the library page asks for the index definition again while a build is queued or running. */
export const TextIndexBuildPollMs = 2_000;
