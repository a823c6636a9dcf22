import type { FileLibrary, LibrarySearchResult, RetrievedPassage } from '@atrium/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import '../admin-knowledge-texts';
import { TryQuestionPanel } from './try-question-panel';

const search = vi.hoisted(() => ({ fn: vi.fn(), data: undefined as LibrarySearchResult | undefined }));
vi.mock('../api/file-libraries.api', () => ({
  useSearchFileLibraryMutation: () => [search.fn, { data: search.data, isLoading: false, error: undefined }],
}));

const library = { dataSourceId: '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80', filterableFields: [] } as unknown as FileLibrary;
const passage = (chunkIndex: number, over: Partial<RetrievedPassage>): RetrievedPassage => ({
  fileId: '0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4d',
  dataSourceId: library.dataSourceId,
  fileName: 'handbook.pdf',
  chunkIndex,
  text: `Passage ${chunkIndex}`,
  headings: [],
  pageStart: null,
  pageEnd: null,
  score: 0.5,
  ranks: { FullText: { rank: 1, score: 0.25 }, Vector: null },
  rerank: null,
  ...over,
});
const trace = (reranker: LibrarySearchResult['trace']['reranker']): LibrarySearchResult['trace'] => ({
  query: 'q',
  mode: 'Hybrid',
  retrievers: [
    { name: 'FullText', candidates: 2, durationMs: 1.5 },
    { name: 'Vector', candidates: 3, durationMs: 2 },
  ],
  fused: 4,
  reranker,
  durationMs: 40,
});

/** Asks a question, so that the answer in `search.data` is shown. */
function ask() {
  render(
    <MemoryRouter>
      <TryQuestionPanel library={library} />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'Where do visitors park?' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}
const scoresOf = (i: number) =>
  within(screen.getAllByTestId('passage')[i]!)
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('Try a question', () => {
  beforeAll(() => initI18n());
  afterEach(cleanup);

  it("shows each passage's fused score, each retriever's rank and score, and the reranker's", () => {
    search.data = {
      passages: [
        passage(0, { score: 0.8, rerank: { rank: 1, score: 0.93 }, ranks: { FullText: { rank: 2, score: 0.1 }, Vector: { rank: 1, score: 0.82 } } }),
        passage(1, { rerank: null }),
      ],
      trace: trace({ model: 'rerank-v3.5', candidates: 4, durationMs: 12, error: null }),
    };
    ask();
    expect(search.fn).toHaveBeenCalledWith({ dataSourceId: library.dataSourceId, body: { query: 'Where do visitors park?', topK: 5 } });
    expect(scoresOf(0)).toEqual(['Reranker #1 (0.93)', 'Full text #2 (0.10)', 'Vector #1 (0.82)']);
    expect(within(screen.getAllByTestId('passage')[0]!).getByText('Fused score 0.80')).toBeTruthy();
    // beyond the candidates the reranker was sent
    expect(scoresOf(1)).toEqual(['Reranker: not scored', 'Full text #1 (0.25)', 'Vector: not found']);
    expect(screen.getByTestId('search-trace').textContent).toBe(
      '2 passages shown · Full text: 2 candidates in 1.5 ms · Vector: 3 candidates in 2 ms · 4 after fusion · Reranker rerank-v3.5: 4 candidates in 12 ms · 40 ms in all',
    );
    expect(screen.queryByTestId('reranker-failed')).toBeNull();
  });

  it('says when the reranker failed and the fused order was kept, and shows no rerank score without a reranker', () => {
    search.data = { passages: [passage(0, {})], trace: trace({ model: 'rerank-v3.5', candidates: 4, durationMs: 5000, error: 'timed out after 5000 ms' }) };
    ask();
    expect(screen.getByTestId('reranker-failed').textContent).toBe(
      'The reranker rerank-v3.5 failed (timed out after 5000 ms): the passages are in the fused order.',
    );
    expect(scoresOf(0)).toEqual(['Full text #1 (0.25)', 'Vector: not found']);
    cleanup();

    search.data = { passages: [passage(0, {})], trace: trace(null) };
    ask();
    expect(scoresOf(0)).toEqual(['Full text #1 (0.25)', 'Vector: not found']);
    expect(screen.getByTestId('search-trace').textContent).not.toContain('Reranker');
  });
});
