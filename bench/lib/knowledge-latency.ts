// Retrieval latency on a filled library (knowledge-retrieval-data.ts): the handbook's questions asked of
// `retrieve` as the chat asks them (one library, top-k 5), against the floor measured in the same run on the same
// data: a bare full-text query of the same tsquery (`where search @@ q order by ts_rank_cd limit 20`), and that
// query with the words ANDed (websearch_to_tsquery as it is), which reads far fewer rows.
import { sql } from 'drizzle-orm';
import * as repo from '../../server/src/modules/knowledge/knowledge.repository.js';
import { candidateWords, retrieve, type RetrievalContext } from '../../server/src/modules/knowledge/retrieval.js';
import { loadQuestions } from './knowledge-quality.js';
import { round, summary } from './stats.js';

type Summary = ReturnType<typeof summary>;

export interface LatencyResult {
  questions: number;
  mode: string;
  retrieve: Summary;
  /** each retriever's own time inside `retrieve` (its trace) */
  retrievers: Record<string, Summary>;
  floorOr: Summary;
  floorAnd: Summary;
  /** retrieve's p95 over the floor's (OR) */
  ratioP95: number;
  /** rows the OR query matched, median and 95th percentile over the questions */
  matchedRows: { p50: number; p95: number };
}

const orQuery = (language: string, query: string) =>
  sql`(case when position('!' in websearch_to_tsquery(${language}::regconfig, ${query})::text) > 0
        then websearch_to_tsquery(${language}::regconfig, ${query})
        else replace(websearch_to_tsquery(${language}::regconfig, ${query})::text, ' & ', ' | ')::tsquery end)`;

/** The floor: the ranking alone, with the tsquery the full-text retriever makes (OR) or websearch's own (AND). */
const floor = (language: string, query: string, or: boolean) => sql`
  select id from library_chunks, (select ${or ? orQuery(language, query) : sql`websearch_to_tsquery(${language}::regconfig, ${query})`} as q) q
  where search @@ q.q
  order by ts_rank_cd(search, q.q, 32) desc
  limit 20`;

/**
 * Asks `questions` of the handbook's questions (again from the first when there are more), interleaving retrieve and
 * the two floors so that noise hits them alike; the floors every `floorEvery`-th question only (they take seconds at
 * a million chunks).
 */
export async function measureLatency(
  ctx: RetrievalContext,
  libraryId: string,
  options: { questions?: number; warmup?: number; floorEvery?: number } = {},
): Promise<LatencyResult> {
  const library = await repo.getLibrary(ctx.db, libraryId);
  if (!library) throw new Error('no library');
  const all = loadQuestions().map((q) => q.question);
  const count = options.questions ?? all.length;
  const questions = Array.from({ length: count }, (_, i) => all[i % all.length]!);
  const sources = [{ library, topK: 5, minScore: 0 }];
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (const q of questions.slice(0, options.warmup ?? 20)) {
    await retrieve(ctx, q, sources);
    await ctx.db.execute(floor(library.language, q, false));
  }
  const total: number[] = [];
  const orMs: number[] = [];
  const andMs: number[] = [];
  const byRetriever: Record<string, number[]> = {};
  let mode = 'FullText';
  const floorEvery = options.floorEvery ?? 1;
  for (const [i, q] of questions.entries()) {
    const floors = i % floorEvery === 0;
    if (floors) orMs.push(await time(() => ctx.db.execute(floor(library.language, q, true))));
    let trace: Awaited<ReturnType<typeof retrieve>>['trace'] | null = null;
    total.push(
      await time(async () => {
        trace = (await retrieve(ctx, q, sources)).trace;
      }),
    );
    if (floors) andMs.push(await time(() => ctx.db.execute(floor(library.language, q, false))));
    const t = trace as unknown as Awaited<ReturnType<typeof retrieve>>['trace'];
    mode = t.mode;
    for (const r of t.retrievers) (byRetriever[r.name] ??= []).push(r.durationMs);
  }
  // how many rows the OR query matches (what ts_rank_cd has to rank)
  const matched: number[] = [];
  for (const q of all.slice(0, 60)) {
    const result = (await ctx.db.execute(
      sql`select count(*)::int as n from library_chunks, (select ${orQuery(library.language, q)} as q) q where search @@ q.q`,
    )) as unknown as { rows: { n: number }[] };
    matched.push(result.rows[0]!.n);
  }
  const m = summary(matched);
  const r = summary(total);
  const f = summary(orMs);
  return {
    questions: questions.length,
    mode,
    retrieve: r,
    retrievers: Object.fromEntries(Object.entries(byRetriever).map(([name, ms]) => [name, summary(ms)])),
    floorOr: f,
    floorAnd: summary(andMs),
    ratioP95: round(r.p95 / f.p95),
    matchedRows: { p50: m.p50, p95: m.p95 },
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the full-text retriever's query for one question, ranking every chunk or narrowed. */
export async function explainFullText(ctx: RetrievalContext, libraryId: string, question: string, mode: 'narrowed' | null): Promise<string> {
  const library = await repo.getLibrary(ctx.db, libraryId);
  const candidates = mode === 'narrowed' ? await candidateWords(ctx.db, question, library!.language, [libraryId]) : null;
  const result = (await ctx.db.execute(sql`explain (analyze, buffers)
    select c.id, ts_rank_cd(c.search, q.query, 32) as score
    from library_chunks c, (select ${orQuery(library!.language, question)} as query) q
    where c.library_id in (${libraryId}::uuid) and c.search @@ q.query ${candidates === null ? sql`` : sql`and c.search @@ ${candidates}::tsquery`}
    order by score desc, c.id
    limit 20`)) as unknown as { rows: Record<string, string>[] };
  return result.rows
    .map((row) => Object.values(row)[0])
    .join('\n')
    .replace(/'\[[-0-9.,e]+\]'/g, "'[…]'");
}
