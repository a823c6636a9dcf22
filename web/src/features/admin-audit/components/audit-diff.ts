// Which top-level fields a change touched, for the expanded audit row. Values compare as JSON.
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/** Fields present on either side whose values differ; timestamps of the change itself are left out. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = asRecord(before) ?? {};
  const a = asRecord(after) ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'updatedAt');
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])).map((k) => ({ field: k, before: b[k], after: a[k] }));
}

/** A short text of a value for a table cell. */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
