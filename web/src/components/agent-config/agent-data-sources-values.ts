// The libraries of an agent draft as its editors hold them (top-k and minimum score as typed text, empty for the
// default; the metadata filter's conditions as typed), their conversion to the wire shape (what was left empty is not sent, so that a draft that came as
// `[{dataSourceId}]` goes back as it came), and what the contract's rules find wrong with them, per field and per
// condition (the schema's bounds, then the condition against the library's filterable fields, in the server's words). Evaluates
// zod (through @atrium/contract/forms), so only the editors import it.
import './agent-data-sources-texts';
import { libraryFilterConditionProblem, type AgentDataSource, type ConfigIssue } from '@atrium/contract';
import { ConfigStateUpdateSchema } from '@atrium/contract/forms';
import { t } from '../../app/i18n/i18n';
import { describeIssue, numberBounds, type FormSchema } from '../forms/schema-issues';
import { filterDraft, wireFilter, type FilterDraft } from './library-filter-values';

export interface DataSourceDraft {
  dataSourceId: string;
  topK: string;
  minScore: string;
  /** the metadata filter's conditions, all of which a passage's file must meet */
  filters: FilterDraft[];
}

/** A library's fields and conditions: `${dataSourceId}.topK`, `${dataSourceId}.filters.0` → the problem. */
export type DataSourceProblems = Partial<Record<`${string}.${'topK' | 'minScore'}` | `${string}.filters.${number}`, string>>;

/** The contract's schema of one library (AgentDataSourceSchema), read from the draft update's. */
const entrySchema = ConfigStateUpdateSchema.shape.dataSources.unwrap().element as unknown as FormSchema;

export const dataSourceBounds = { topK: numberBounds(entrySchema, 'topK'), minScore: numberBounds(entrySchema, 'minScore') };

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

export const draftsOf = (sources: readonly AgentDataSource[]): DataSourceDraft[] =>
  sources.map((s) => ({ dataSourceId: s.dataSourceId, topK: text(s.topK), minScore: text(s.minScore), filters: (s.filters ?? []).map(filterDraft) }));

export const sourcesOf = (drafts: readonly DataSourceDraft[]): AgentDataSource[] =>
  drafts.map((d) => {
    const topK = num(d.topK);
    const minScore = num(d.minScore);
    return {
      dataSourceId: d.dataSourceId,
      ...(topK === undefined ? {} : { topK }),
      ...(minScore === undefined ? {} : { minScore }),
      ...(d.filters.length === 0 ? {} : { filters: d.filters.map(wireFilter) }),
    };
  });

/**
 * What the contract refuses in the drafts, in plain words at each field and condition. `filterableFields` gives a
 * library's filterable fields (undefined while unknown: its conditions are then checked by the server alone).
 */
export function dataSourceProblems(
  drafts: readonly DataSourceDraft[],
  filterableFields: (dataSourceId: string) => readonly string[] | undefined = () => undefined,
): DataSourceProblems {
  const problems: DataSourceProblems = {};
  const labels = { topK: t('agentDataSources.topK'), minScore: t('agentDataSources.minScore') };
  for (const [i, entry] of sourcesOf(drafts).entries()) {
    const draft = drafts[i]!;
    // a condition without a value (an empty list included) says so before anything else
    (entry.filters ?? []).forEach((filter, j) => {
      if (filter.value === '' || (Array.isArray(filter.value) && filter.value.length === 0))
        problems[`${draft.dataSourceId}.filters.${j}`] = t('agentDataSources.filterValueRequired');
    });
    const result = entrySchema.safeParse(entry, { reportInput: true });
    for (const issue of result.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (field === 'filters' && typeof issue.path[1] === 'number') {
        const part = String(issue.path[2] ?? 'value');
        const label = t(`agentDataSources.filterParts.${part === 'field' || part === 'operator' ? part : 'value'}`);
        problems[`${draft.dataSourceId}.filters.${issue.path[1]}`] ??= describeIssue(entrySchema, issue, label);
        continue;
      }
      if (field !== 'topK' && field !== 'minScore') continue;
      problems[`${draft.dataSourceId}.${field}`] ??= describeIssue(entrySchema, issue, labels[field]);
    }
    const allowed = filterableFields(draft.dataSourceId);
    (entry.filters ?? []).forEach((filter, j) => {
      const key = `${draft.dataSourceId}.filters.${j}` as const;
      if (problems[key] || !allowed) return;
      const problem = libraryFilterConditionProblem(filter, allowed);
      if (problem) problems[key] = problem.message;
    });
  }
  return problems;
}

/** The problems as a refused save's issues (`dataSources.{i}.{field}`, `dataSources.{i}.filters.{j}`, as the server names them). */
export function problemIssues(drafts: readonly DataSourceDraft[], problems: DataSourceProblems): ConfigIssue[] {
  return drafts.flatMap((d, i) => [
    ...(['topK', 'minScore'] as const).flatMap((f) => {
      const message = problems[`${d.dataSourceId}.${f}`];
      return message ? [{ property: `dataSources.${i}.${f}`, message }] : [];
    }),
    ...d.filters.flatMap((_, j) => {
      const message = problems[`${d.dataSourceId}.filters.${j}`];
      return message ? [{ property: `dataSources.${i}.filters.${j}`, message }] : [];
    }),
  ]);
}

/** A save refused in the browser for these issues, shaped as the server's 400 (what the editors show a refusal from). */
export const refusedSave = (issues: readonly ConfigIssue[]) => ({
  error: {
    status: 400,
    data: { code: 'validation', message: t('agentDataSources.invalid'), details: issues.map((i) => ({ field: i.property, message: i.message })) },
  },
});

/** How the issues of the drafts' fields are named above the form: the library's name, then the field. */
export function dataSourceLabels(drafts: readonly DataSourceDraft[], nameOf: (dataSourceId: string) => string): Record<string, string> {
  const labels: Record<string, string> = {};
  drafts.forEach((d, i) => {
    const name = nameOf(d.dataSourceId);
    for (const prefix of ['dataSources', 'config.dataSources']) {
      labels[`${prefix}.${i}.dataSourceId`] = `${t('agentDataSources.title')}: ${name}`;
      labels[`${prefix}.${i}.topK`] = `${name}: ${t('agentDataSources.topK')}`;
      labels[`${prefix}.${i}.minScore`] = `${name}: ${t('agentDataSources.minScore')}`;
      d.filters.forEach((_, j) => {
        const condition = `${name}: ${t('agentDataSources.filterCondition', { n: j + 1 })}`;
        labels[`${prefix}.${i}.filters.${j}`] = condition;
        for (const part of ['field', 'operator', 'value']) labels[`${prefix}.${i}.filters.${j}.${part}`] = condition;
      });
    }
  });
  return labels;
}
