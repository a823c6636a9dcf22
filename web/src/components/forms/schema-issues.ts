// What a contract schema (zod, from @atrium/contract/forms) finds wrong with a form's body, as a message in plain
// words per field: "Temperature must be between 0 and 2", never zod's "Too big: expected number to be <=2". The
// numbers come from the schema itself (an issue's bound, and a number field's other bound read from the field's
// schema), so that no limit is written twice. Only types are used from the schema, so this file loads no zod.
import './forms-texts';
import { i18n, t } from '../../app/i18n/i18n';

/** The parts of a zod issue the messages need. */
export interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  format?: string;
  values?: readonly unknown[];
  input?: unknown;
}

/** A field's schema as far as its bounds go: zod's optional and nullable wrappers, and its number schema. */
interface FieldSchema {
  unwrap?: () => unknown;
  minValue?: number | null;
  maxValue?: number | null;
}

/** An object schema: `safeParse` and the fields' schemas (zod's `z.object`). */
export interface FormSchema {
  safeParse(value: unknown, params?: { reportInput?: boolean }): { success: boolean; error?: { issues: readonly SchemaIssue[] } };
  shape: Record<string, unknown>;
}

/** Both bounds of a number field (through optional and nullable), or nulls when the field has none. */
export function numberBounds(schema: FormSchema, field: string): { min: number | null; max: number | null } {
  let s = schema.shape[field] as FieldSchema | undefined;
  for (let i = 0; i < 5 && s && s.minValue === undefined && typeof s.unwrap === 'function'; i++) s = s.unwrap() as FieldSchema;
  const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : null);
  return { min: finite(s?.minValue), max: finite(s?.maxValue) };
}

const formatNumber = (n: number | bigint | null | undefined) =>
  n === null || n === undefined ? '' : new Intl.NumberFormat(i18n.language || 'en-US').format(n);

/** One issue in plain words; `label` names the field as the form shows it. */
export function describeIssue(schema: FormSchema, issue: SchemaIssue, label: string): string {
  const field = String(issue.path[0] ?? '');
  const empty = issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '');
  const range = () => {
    const { min, max } = numberBounds(schema, field);
    if (min !== null && max !== null) return t('formIssues.between', { label, min: formatNumber(min), max: formatNumber(max) });
    return issue.code === 'too_small'
      ? t('formIssues.atLeast', { label, min: formatNumber(issue.minimum) })
      : t('formIssues.atMost', { label, max: formatNumber(issue.maximum) });
  };
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number' || issue.origin === 'bigint') return range();
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('formIssues.required', { label }) : t('formIssues.tooShort', { label, min: formatNumber(issue.minimum) });
      return t('formIssues.tooFew', { label, min: formatNumber(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'number' || issue.origin === 'bigint') return range();
      if (issue.origin === 'string') return t('formIssues.tooLong', { label, max: formatNumber(issue.maximum) });
      return t('formIssues.tooMany', { label, max: formatNumber(issue.maximum) });
    case 'invalid_type':
      if (issue.expected === 'int') return t('formIssues.wholeNumber', { label });
      if (empty && issue.expected !== 'number') return t('formIssues.required', { label });
      return issue.expected === 'number' ? t('formIssues.number', { label }) : t('formIssues.invalid', { label });
    case 'invalid_format':
      if (empty) return t('formIssues.required', { label });
      return issue.format === 'email' ? t('formIssues.email', { label }) : t('formIssues.invalid', { label });
    case 'invalid_value':
      return issue.values?.length ? t('formIssues.oneOf', { label, values: issue.values.map(String).join(', ') }) : t('formIssues.invalid', { label });
    case 'custom':
      // a refinement's own words, written for people in the contract
      return issue.message;
    default:
      return t('formIssues.invalid', { label });
  }
}

/**
 * The first problem of each field the schema finds in `value`, in plain words, keyed by the field (the first step
 * of the issue's path: `emails.2` is `emails`). Fields without a label are named by their key.
 */
export function schemaProblems<Field extends string>(
  schema: FormSchema,
  value: unknown,
  labels: Partial<Record<Field, string>>,
): Partial<Record<Field, string>> {
  const result = schema.safeParse(value, { reportInput: true });
  const problems: Partial<Record<Field, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '') as Field;
    if (problems[field] !== undefined) continue;
    problems[field] = describeIssue(schema, issue, labels[field] ?? field);
  }
  return problems;
}
