// A condition on a library's file metadata as the forms hold it (the value as typed, a list as text separated by
// commas) and as the API takes it (numbers as numbers, lists split): the agent editors' filters per library and the
// "Try a question" panel's. Zod-free, so that the chat route's editors can load it.
import {
  LibraryFilterFieldTypes,
  LibraryFilterFields,
  LibraryFilterOperatorsByType,
  LibraryMetadataFieldPrefix,
  isLibraryMetadataField,
  libraryFilterFieldType,
  type LibraryFilter,
  type LibraryFilterField,
  type LibraryFilterOperator,
} from '@atrium/contract';

export interface FilterDraft {
  field: string;
  operator: LibraryFilterOperator;
  value: string;
}

export const isFilterField = (name: string): name is LibraryFilterField => Object.hasOwn(LibraryFilterFieldTypes, name);

/** A field that names a key of the files' custom metadata (`metadata.<key>`). */
export const isMetadataField = isLibraryMetadataField;

/** The key a `metadata.<key>` field names. */
export const metadataKeyOf = (field: string) => field.slice(LibraryMetadataFieldPrefix.length);

/**
 * The fields a library lets filters name, of those Atrium knows: the built-in ones in Atrium's order, then the
 * metadata keys (`metadata.<key>`) as the library lists them.
 */
export const filterableFieldsOf = (names: readonly string[]): string[] => [
  ...LibraryFilterFields.filter((f) => names.includes(f)),
  ...names.filter((n) => !isFilterField(n) && isLibraryMetadataField(n)),
];

export const isListOperator = (operator: LibraryFilterOperator) => operator === 'in' || operator === 'notIn';

/** The operators a field takes (all of them for a field Atrium does not know, which the server names as wrong). */
export const operatorsOf = (field: string): readonly LibraryFilterOperator[] => LibraryFilterOperatorsByType[libraryFilterFieldType(field) ?? 'string'];

/** A new condition on a field: its type's first operator, no value. */
export const newFilterDraft = (field: string): FilterDraft => ({ field, operator: operatorsOf(field)[0]!, value: '' });

/** The condition as the API takes it: a number field's numbers as numbers (anything else as typed, for the checks to name). */
export function wireFilter(draft: FilterDraft): LibraryFilter {
  const number = isFilterField(draft.field) && LibraryFilterFieldTypes[draft.field] === 'number';
  const one = (v: string) => (number && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v.trim());
  return {
    field: draft.field,
    operator: draft.operator,
    value: isListOperator(draft.operator)
      ? draft.value
          .split(',')
          .map(one)
          .filter((v) => v !== '')
      : one(draft.value),
  };
}

/** A saved condition as the forms hold it. */
export const filterDraft = (filter: LibraryFilter): FilterDraft => ({
  field: filter.field,
  operator: filter.operator,
  value: Array.isArray(filter.value) ? filter.value.join(', ') : String(filter.value),
});
