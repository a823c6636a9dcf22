import { TextIndexBuildPollMs, type FileLibrary, type TextIndexDefinition } from '@atrium/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-knowledge-texts';
import { TextIndexSection } from './text-index-section';

const api = vi.hoisted(() => ({ data: undefined as TextIndexDefinition | undefined, polling: [] as (number | undefined)[] }));
vi.mock('../api/text-index.api', () => {
  const idle = [vi.fn(), { isLoading: false, error: undefined }];
  return {
    textIndexApi: { endpoints: { getTextIndexDefinition: { useQueryState: () => ({ data: api.data }) } } },
    useGetTextIndexDefinitionQuery: (_id: string, options?: { pollingInterval?: number }) => {
      api.polling.push(options?.pollingInterval);
      return { data: api.data, error: undefined };
    },
    useCreateTextIndexMutation: () => idle,
    useDeleteTextIndexMutation: () => idle,
    useSetTextIndexFiltersMutation: () => idle,
  };
});

const library = {
  dataSourceId: '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80',
  textIndexEnabled: true,
  filterableFields: [],
  currentUserActions: ['Read', 'Edit'],
} as unknown as FileLibrary;
const definition = (over: Partial<TextIndexDefinition>): TextIndexDefinition => ({
  dataSourceId: library.dataSourceId,
  enabled: true,
  language: 'english',
  query: { parser: 'websearch_to_tsquery', ranking: 'ts_rank_cd', normalization: 32 },
  fields: [],
  filterableFields: [],
  availableFilterFields: [],
  vectors: null,
  counts: { chunks: 10, indexedChunks: 10, onlineFiles: 2 },
  buildStatus: 'Ready',
  buildQueuedAt: null,
  lastBuiltAt: null,
  buildError: null,
  ...over,
});
const show = (d: TextIndexDefinition) => {
  api.data = d;
  api.polling = [];
  render(<TextIndexSection library={library} />);
  return screen.getByTestId('text-index-build');
};

describe('the full-text index section', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it('shows progress and polls while a build is queued or running', () => {
    for (const buildStatus of ['Queued', 'Building'] as const) {
      const status = show(definition({ buildStatus, buildQueuedAt: '2026-11-24T10:00:00.000Z' }));
      expect(status.dataset.status).toBe(buildStatus);
      expect(screen.getByRole('progressbar')).toBeTruthy();
      expect(api.polling.at(-1)).toBe(TextIndexBuildPollMs);
      cleanup();
    }
    // a try that failed and waits for its retry says why
    show(definition({ buildStatus: 'Queued', buildError: 'text search configuration "klingon" does not exist' }));
    expect(screen.getByTestId('text-index-build').textContent).toContain('will be tried again: text search configuration "klingon" does not exist');
  });

  it('stops polling once the build ended, and says when', () => {
    const status = show(definition({ buildStatus: 'Ready', buildQueuedAt: '2026-11-24T10:00:00.000Z', lastBuiltAt: '2026-11-24T10:00:03.000Z' }));
    expect(status.textContent).toContain('The last build ended');
    expect(status.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-24T10:00:03.000Z');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.polling.at(-1)).toBe(0);
  });

  it('shows a failed build as an error with its reason', () => {
    const status = show(definition({ buildStatus: 'Failed', lastBuiltAt: '2026-11-24T10:05:00.000Z', buildError: 'out of memory' }));
    expect(status.getAttribute('role')).toBe('alert');
    expect(status.textContent).toContain('The last build failed.');
    expect(status.textContent).toContain('Reason: out of memory');
    expect(api.polling.at(-1)).toBe(0);
  });
});
