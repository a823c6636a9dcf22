import { describe, expect, it } from 'vitest';
import type { LibraryFilterField } from '@atrium/contract';
import { initI18n } from '../../app/i18n/i18n';
import { dataSourceLabels, dataSourceProblems, draftsOf, problemIssues, sourcesOf, type DataSourceDraft } from './agent-data-sources-values';

initI18n();

const a = '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80';
const b = '0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4d';
const draft = (dataSourceId: string, topK: string, minScore: string, filters: DataSourceDraft['filters'] = []): DataSourceDraft => ({
  dataSourceId,
  topK,
  minScore,
  filters,
});

describe('agent data sources in the editors', () => {
  it('sends back what the draft had: empty fields are not sent, so [{dataSourceId}] stays as it came', () => {
    const sources = [{ dataSourceId: a }, { dataSourceId: b, topK: 8, minScore: 0.25 }];
    expect(sourcesOf(draftsOf(sources))).toEqual(sources);
    expect(draftsOf(sources)[0]).toEqual({ dataSourceId: a, topK: '', minScore: '', filters: [] });
    expect(sourcesOf([draft(a, ' 3 ', '0')])).toEqual([{ dataSourceId: a, topK: 3, minScore: 0 }]);
  });

  it('keeps the filter: lists as text separated by commas, numbers of number fields as numbers', () => {
    const filters = [
      { field: 'mimeType', operator: 'in' as const, value: ['application/pdf', 'text/markdown'] },
      { field: 'page', operator: 'lte' as const, value: 3 },
      { field: 'fileName', operator: 'contains' as const, value: '2026' },
    ];
    const drafts = draftsOf([{ dataSourceId: a, filters }]);
    expect(drafts[0]!.filters).toEqual([
      { field: 'mimeType', operator: 'in', value: 'application/pdf, text/markdown' },
      { field: 'page', operator: 'lte', value: '3' },
      { field: 'fileName', operator: 'contains', value: '2026' },
    ]);
    expect(sourcesOf(drafts)).toEqual([{ dataSourceId: a, filters }]);
    // a name of digits stays a text; a list's empty items are dropped
    expect(sourcesOf([draft(a, '', '', [{ field: 'fileName', operator: 'notIn', value: '12, ,34' }])])[0]!.filters).toEqual([
      { field: 'fileName', operator: 'notIn', value: ['12', '34'] },
    ]);
  });

  it("finds what the contract refuses, in plain words at each library's field", () => {
    const drafts = [draft(a, '51', ''), draft(b, '2.5', '1.5')];
    const problems = dataSourceProblems(drafts);
    expect(problems).toEqual({
      [`${a}.topK`]: 'Passages must be between 1 and 50',
      [`${b}.topK`]: expect.stringContaining('Passages'),
      [`${b}.minScore`]: 'Minimum score must be between 0 and 1',
    });
    expect(problemIssues(drafts, problems).map((i) => i.property)).toEqual(['dataSources.0.topK', 'dataSources.1.topK', 'dataSources.1.minScore']);
    expect(dataSourceProblems([draft(a, '5', '0.3')])).toEqual({});
  });

  it("finds what is wrong with each condition: the schema's bounds, then the library's fields and the value's type", () => {
    const drafts = [
      draft(a, '', '', [
        { field: 'page', operator: 'gte', value: 'two' },
        { field: 'mimeType', operator: 'in', value: ' , ' },
        { field: 'uploadedAt', operator: 'gt', value: '2026-01-31' },
        { field: 'uploadedBy', operator: 'eq', value: '' },
        { field: 'fileName', operator: 'eq', value: 'x'.repeat(501) },
      ]),
      draft(b, '', '', [{ field: 'sizeBytes', operator: 'gt', value: '1000' }]),
    ];
    const fields: Record<string, readonly LibraryFilterField[]> = { [a]: ['page', 'mimeType', 'uploadedAt', 'uploadedBy', 'fileName'], [b]: ['fileName'] };
    const problems = dataSourceProblems(drafts, (id) => fields[id]);
    expect(problems).toEqual({
      [`${a}.filters.0`]: 'page compares with a number.',
      [`${a}.filters.1`]: 'Enter a value',
      [`${a}.filters.3`]: 'Enter a value',
      [`${a}.filters.4`]: expect.stringContaining('Value'),
      [`${b}.filters.0`]: 'sizeBytes is not a filterable field of this library. Filterable fields: fileName.',
    });
    expect(problemIssues(drafts, problems).map((i) => i.property)).toEqual([
      'dataSources.0.filters.0',
      'dataSources.0.filters.1',
      'dataSources.0.filters.3',
      'dataSources.0.filters.4',
      'dataSources.1.filters.0',
    ]);
    // without the library's fields (not loaded, or not readable) only the schema and the value are checked here
    expect(dataSourceProblems([drafts[1]!])).toEqual({});
    // the server's issues at a condition are named by the library and the condition
    expect(dataSourceLabels(drafts, () => 'Handbook')['dataSources.1.filters.0.value']).toBe('Handbook: filter condition 1');
  });
});
