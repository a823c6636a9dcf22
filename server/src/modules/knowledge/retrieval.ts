// Retrieval from file libraries: each retriever ranks the chunks of the libraries for a query on its own (full text
// here; vectors in knowledge.vectors.ts where the database has them and the library embeds), and reciprocal rank
// fusion merges their rankings. Each library then keeps at most its top-k passages at or above its minimum score.
//
// Retrievers: `Retrievers` below is the list; a retriever answers null when it cannot search the libraries it is
// given (e.g. vectors for a full-text-only library), and a ranking best first otherwise. Only indexed chunks are
// searched: a chunk of a run still being processed has no `search` vector (nor an embedding) yet.
//
// The fused score is reciprocal rank fusion (k = 60) scaled to 0–1: 1 is first in every retriever that could
// search, so that a library's minimum score means the same with one retriever or two.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { LibraryFilter, LibrarySearchResult, RetrievalMode, RetrievalTrace, RetrievedPassage, RetrieverName } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import type { KnowledgePassage } from '../../ai/knowledge-step.js';
import type { AppContext } from '../../platform/context.js';
import { libraryChunks, libraryFiles } from '../../db/schema/index.js';
import type { FileLibraryRow } from './knowledge.repository.js';
import { vectorRetriever } from './knowledge.vectors.js';
import { groupByFilter, type SearchedLibrary } from './library-filters.js';
import { rerankFused } from './reranker.js';
import { ownTextStart } from './chunking.js';

/** What retrieval reads: the database, whether it has vectors, the models (for the question's embedding), the reranker. */
export type RetrievalContext = Pick<AppContext, 'db' | 'database' | 'models' | 'logger' | 'config'>;

/**
 * One library to search, with how many passages it may give, the lowest fused score it accepts, and the metadata
 * filter its passages must meet (library-filters.ts; checked against the library when it was set).
 */
export interface RetrievalSource {
  library: FileLibraryRow;
  topK: number;
  minScore: number;
  filters?: readonly LibraryFilter[] | undefined;
}

export type { SearchedLibrary };

/** A retriever's ranking, best first: chunk ids with the retriever's own score. */
export type Ranking = { chunkId: number; score: number }[];

export interface Retriever {
  name: RetrieverName;
  /**
   * the chunks of `libraries` that match `query` (and each library's filter), best first, at most `limit`; null when
   * it cannot search them
   */
  search(ctx: RetrievalContext, query: string, libraries: SearchedLibrary[], limit: number, signal?: AbortSignal): Promise<Ranking | null>;
}

/** Reciprocal rank fusion's constant (Cormack et al. 2009): damps the weight of the very first ranks. */
const RrfK = 60;

/** Each retriever ranks this many candidates per passage asked for (fusion needs more than the top-k of each). */
const CandidatesPerPassage = 4;
const MinCandidates = 20;
const MaxCandidates = 200;

/**
 * The query as a tsquery: websearch syntax ("quoted phrases", -excluded, or), with its terms joined by OR rather
 * than AND, so that a question in plain words finds passages holding some of its words (ranked by how many and how
 * close); a query that excludes a word keeps AND (an OR with a negation would match nearly everything).
 */
const orQuery = (language: string, query: string) =>
  sql`(case when position('!' in websearch_to_tsquery(${language}::regconfig, ${query})::text) > 0
        then websearch_to_tsquery(${language}::regconfig, ${query})
        else replace(websearch_to_tsquery(${language}::regconfig, ${query})::text, ' & ', ' | ')::tsquery end)`;

/**
 * About how many chunks one full-text search ranks. Ranking reads each matching chunk's tsvector (1–2 kB, stored out
 * of line), 35–85 µs a chunk on PGlite on a busy 2-core machine. A question's words ORed match a large share of a
 * large library (its common words are in most chunks): at 100,000 chunks the handbook's questions matched 9,200
 * chunks at the median and 46,000 at the 95th percentile, 0.4 and 2.8 s to rank (bench/README.md, "Knowledge"). So
 * a large library ranks the chunks of its query's most selective words and pairs of words (candidatesOf): about
 * `rankedChunksTarget` first, then each of `widenings` in turn while a step finds fewer chunks than asked for (such a
 * step ranked fewer chunks than that, so it cost little; small steps keep the one that finds enough near the
 * smallest that would). The last is bounded too: ranking every chunk holding a word took up to
 * 5 s at 1,000,000 chunks on PostgreSQL, for questions whose rare words are in few chunks or none; beyond a few
 * thousand chunks the rest hold only common words and score alike, and the search gives the chunks it found. The
 * targets were chosen on the handbook inside 100,000 chunks (2026-11-25): 150 first and these widenings, with the
 * words counted, ranked 97 chunks at the median and 502 at the 95th percentile where 300, 3,000 and 30,000 with the
 * statistics' estimates ranked 189 and 1,922, and found more answers (hybrid recall@5 0.831 against 0.825). A last
 * widening to 30,000 was dropped after measuring on fills of distinct chunks (bench/README.md): the same recall@5 and
 * MRR@10 to the third decimal at 100,000 (hybrid and full text) and at 1,000,000 (full text 0.669 / 0.635), and at a
 * million full text's p99 66 ms instead of 82 (that step ranked up to maxRankedChunks of common-word chunks).
 */
export const FullTextNarrowing = {
  rankedChunksTarget: 150,
  /** the wider targets, in order; null would rank every chunk holding a word of the query */
  widenings: [300, 600, 1_000, 3_000] as (number | null)[],
  /** false ranks every chunk holding a word of the query: the retrieval bench measures both */
  enabled: true,
  /** false takes the statistics' estimate of every word (countedShares): the retrieval bench measures both */
  countWords: true,
  /**
   * The most chunks one ranking statement reads, whatever the step: the first the text index finds, in storage order
   * (older files first). Ranking reads each chunk's tsvector, 15-90 µs a chunk on PGlite at 1,000,000 chunks, where a
   * one-word question ("When is graduation?") is in 20,000 of them (0.8 s ranked whole). At 1,000,000 chunks
   * (2026-11-25, the handbook's questions with its 30 documents stored last): no bound, hybrid p95/p99 140/408 ms and
   * full-text recall@5 0.685; 5,000, 136/198 ms and 0.669; 500 met the 80 ms budget (70/85 ms) but found the answer
   * for a quarter fewer questions (0.523), newer files being the last read. On a million distinct chunks (full
   * text only, the later fill): 5,000 0.669 at p95/p99 31/82 ms, 2,000 0.656 at 26/47, 1,000 0.649 at 21/33.
   * Null: no bound.
   */
  maxRankedChunks: 5_000 as number | null,
  /**
   * A step that found this share of the candidates asked for (a quarter: as many as the passages wanted) is not
   * widened: the chunks it found hold the question's rarest words, and a wider step adds chunks of its common words
   * only, to rank among thousands (at 1,000,000 chunks, 14 found in 21 ms, then 20 in 971 ms).
   */
  enoughShare: 0.25,
};
/** Words of a query considered when narrowing, the rarest: 12 words make 66 pairs. */
const MaxNarrowedWords = 12;
/** How long the planner's statistics read for narrowing are used (ANALYZE renews them: every 15 minutes on PGlite). */
const StatisticsMaxAgeMs = 60_000;

/** What ANALYZE knows of library_chunks: its rows, and the share of them of the most common libraries and lexemes. */
interface ChunkStatistics {
  rows: number;
  libraryShares: Map<string, number>;
  lexemeShares: Map<string, number>;
  /** the share taken for a lexeme not among the most common: half the least common one's, as the planner takes it */
  rareShare: number;
}

const statisticsCache = new WeakMap<object, { at: number; value: Promise<ChunkStatistics> }>();

type StatisticsColumn = { values: string[]; freqs: number[] } | string | null;
const columnOf = (c: StatisticsColumn) => (typeof c === 'string' ? (JSON.parse(c) as { values: string[]; freqs: number[] }) : c);

/**
 * The statistics, read at most once a minute per database. A table never analyzed (or a library outside the most
 * common ones, so small) has no shares: nothing is narrowed.
 */
function chunkStatistics(db: Db): Promise<ChunkStatistics> {
  const cached = statisticsCache.get(db);
  if (cached && Date.now() - cached.at < StatisticsMaxAgeMs) return cached.value;
  const value = (async () => {
    const column = (name: string, values: string, freqs: string) => sql`(
      select json_build_object('values', ${sql.raw(values)}::text::text[], 'freqs', ${sql.raw(freqs)})
      from pg_stats where schemaname = current_schema() and tablename = 'library_chunks' and attname = ${name})`;
    const result = (await db.execute(sql`
      select
        coalesce((select greatest(c.reltuples, 0) from pg_class c where c.oid = to_regclass('library_chunks')), 0)::float8 as rows,
        ${column('library_id', 'most_common_vals', 'most_common_freqs')} as libraries,
        ${column('search', 'most_common_elems', 'most_common_elem_freqs')} as lexemes`)) as unknown as {
      rows: { rows: number | string; libraries: StatisticsColumn; lexemes: StatisticsColumn }[];
    };
    const row = result.rows[0]!;
    const libraries = columnOf(row.libraries);
    const lexemes = columnOf(row.lexemes);
    const zip = (c: { values: string[]; freqs: number[] } | null) => new Map((c?.values ?? []).map((v, i) => [v, Number(c!.freqs[i])]));
    // most_common_elem_freqs ends with the least and the greatest frequency and the share of nulls
    const least = lexemes ? Number(lexemes.freqs[lexemes.values.length]) : 0;
    return { rows: Number(row.rows), libraryShares: zip(libraries), lexemeShares: zip(lexemes), rareShare: least / 2 };
  })();
  statisticsCache.set(db, { at: Date.now(), value });
  value.catch(() => statisticsCache.delete(db));
  return value;
}

/**
 * The words' counts (indexCounts), kept as long as the statistics are, per database: a question's words are mostly
 * those of the questions before it (at 100,000 chunks the count took 4-5 ms of a hybrid question's ~20, and the
 * handbook's 308 questions have 1,020 distinct words among 2,530). A count a minute old only chooses which words to
 * rank first; ranking reads the chunks as they are.
 */
const wordCounts = new WeakMap<object, LRUCache<string, number>>();
const wordCountsOf = (db: Db) => {
  let counts = wordCounts.get(db);
  if (!counts) wordCounts.set(db, (counts = new LRUCache<string, number>({ max: 20_000, ttl: StatisticsMaxAgeMs })));
  return counts;
};

/** Reads the statistics and counts the words again at the next search (after an ANALYZE, in tests and benches). */
export const forgetChunkStatistics = (db: Db) => {
  statisticsCache.delete(db);
  wordCounts.delete(db);
};

/** The share of chunks holding at least one of the words (taken as independent). */
const anyOf = (shares: number[]) => 1 - shares.reduce((none, share) => none * (1 - share), 1);

/** A lexeme as a tsquery operand: quoted, its quotes doubled and backslashes escaped. */
const operand = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** A query's words with the share of chunks each is in; null when nothing may be narrowed. */
interface QueryWords {
  libraryRows: number;
  words: { lexeme: string; share: number }[];
}

/**
 * The query's words, when it may be narrowed: its libraries hold more than the target's chunks, it has two
 * words or more, and it excludes none (its words would bring back the chunks it excludes). The statistics' shares
 * are replaced by counts where they are unreliable (countedShares).
 */
async function queryWords(db: Db, query: string, language: string, libraryIds: string[]): Promise<QueryWords | null> {
  const stats = await chunkStatistics(db);
  const libraryRows = stats.rows * libraryIds.reduce((n, id) => n + (stats.libraryShares.get(id) ?? 0), 0);
  if (!FullTextNarrowing.enabled || libraryRows <= FullTextNarrowing.rankedChunksTarget) return null;
  const result = (await db.execute(sql`
    select position('!' in w::text) = 0 as plain,
      array(select distinct lexeme from unnest(to_tsvector(${language}::regconfig, ${query}))) as lexemes
    from websearch_to_tsquery(${language}::regconfig, ${query}) w`)) as unknown as { rows: { plain: boolean; lexemes: string[] }[] };
  const { plain, lexemes } = result.rows[0]!;
  if (!plain || lexemes.length < 2) return null;
  const words = lexemes.map((lexeme) => ({ lexeme, share: stats.lexemeShares.get(lexeme) ?? Number.NaN }));
  return {
    libraryRows,
    words: FullTextNarrowing.countWords
      ? await countedShares(db, stats.rows, words, stats.rareShare)
      : words.map((w) => (Number.isNaN(w.share) ? { ...w, share: stats.rareShare } : w)),
  };
}

/**
 * The words' shares, counted through the full-text index for those the statistics know nothing of. ANALYZE samples 30,000 rows and keeps the frequencies of the most common lexemes only: every other word
 * is taken to be in half as many chunks as the least common of those, so a word in 2,000 chunks of 100,000 and one
 * in 20 are alike to it, and narrowing took sets of words that held far fewer chunks than it meant to (then ranked
 * every chunk holding a word of the question) or far more (bench/README.md, "Knowledge"). The words it knows as
 * common keep its shares (measured on the sample, and their posting lists are the longest to read).
 */
async function countedShares(db: Db, tableRows: number, words: QueryWords['words'], rareShare: number): Promise<QueryWords['words']> {
  const counted = words.filter((w) => Number.isNaN(w.share));
  if (counted.length === 0) return words;
  const known = wordCountsOf(db);
  const counts = new Map(counted.map((w) => [w.lexeme, known.get(w.lexeme)]));
  const unknown = counted.filter((w) => counts.get(w.lexeme) === undefined);
  if (unknown.length > 0) {
    const fresh = await indexCounts(
      db,
      unknown.map((w) => operand(w.lexeme)),
    );
    // a word the plan gave no count for (NaN: it would rather scan the table) is kept so too: the same plan again
    unknown.forEach((w, i) => {
      counts.set(w.lexeme, fresh[i]);
      known.set(w.lexeme, fresh[i]!);
    });
  }
  return words.map((w) => {
    if (!Number.isNaN(w.share)) return w;
    const share = counts.get(w.lexeme)! / Math.max(tableRows, 1);
    return { lexeme: w.lexeme, share: Number.isNaN(share) ? rareShare : share };
  });
}

/**
 * How many chunks of the table hold each tsquery, read from the full-text index alone: the number of rows the GIN
 * index's bitmap scan gives (EXPLAIN ANALYZE of a search stopped at its first row; the bitmap is built whole before
 * it). A count through the rows (count(*)) visits each row's heap page, 20 µs a chunk on PGlite with its small
 * buffer cache, nearly half the cost of ranking it (35–85 µs); the index holds 100 to 1,000 of a word's chunks a
 * page, so a count costs well under a millisecond. The count is of every library's chunks (the index is on the
 * tsvector alone) and includes rows deleted and not yet vacuumed; NaN where the plan has no bitmap scan.
 */
export async function indexCounts(db: Db, tsqueries: string[]): Promise<number[]> {
  // the limit is an expression the planner cannot read (it takes a tenth of the rows for it): with LIMIT 1 it would
  // rather scan the table from its start, reading the tsvectors it meets, and give no count
  const result = (await db.execute(
    sql`explain (analyze, costs off, timing off, buffers off, summary off, format json) select ${sql.join(
      tsqueries.map((q) => sql`(select 1 from ${libraryChunks} where search @@ ${q}::tsquery limit greatest(1, random())::int)`),
      sql`, `,
    )}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const counts = tsqueries.map(() => Number.NaN);
  const bitmapRows = (node: PlanNode): number | undefined =>
    node['Node Type'] === 'Bitmap Index Scan' ? node['Actual Rows'] : (node.Plans ?? []).map(bitmapRows).find((n) => n !== undefined);
  for (const sub of plan[0]?.Plan.Plans ?? []) {
    const n = /^InitPlan (\d+)$/.exec(sub['Subplan Name'] ?? '');
    const rows = n && bitmapRows(sub);
    if (n && rows !== undefined) counts[Number(n[1]) - 1] = Number(rows);
  }
  return counts;
}

interface PlanNode {
  'Node Type': string;
  'Subplan Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

/**
 * The chunks to rank, as a tsquery; null for all those holding a word of the query. When those are estimated at more
 * than `target`: each word of the query, and each pair of its words (both in a chunk), is a set of chunks whose size
 * the statistics estimate; the smallest sets are taken until the estimate would pass the target (at least one). A
 * rare word alone is in few chunks; two common words together are in far fewer than either. Ranking still counts
 * every word of the query. What is left out are chunks holding one common word and no rare one, which in a large
 * library score as thousands of others: on the labelled handbook inside 100,000 chunks, recall@5 went up (0.69 to
 * 0.72).
 */
function candidatesOf(query: QueryWords, target: number): string | null {
  const { libraryRows } = query;
  if (libraryRows * anyOf(query.words.map((w) => w.share)) <= target) return null;
  const words = [...query.words].sort((a, b) => a.share - b.share || a.lexeme.localeCompare(b.lexeme)).slice(0, MaxNarrowedWords);
  const sets = [
    ...words.map((w) => ({ words: [w.lexeme], rows: libraryRows * w.share })),
    ...words.flatMap((a, i) => words.slice(i + 1).map((b) => ({ words: [a.lexeme, b.lexeme], rows: libraryRows * a.share * b.share }))),
  ].sort((a, b) => a.rows - b.rows);
  const alone = new Set<string>();
  const taken: string[][] = [];
  let rows = 0;
  for (const set of sets) {
    // a pair with a word taken alone adds no chunk (nor one taken before that word: it is left out below)
    if (set.words.some((w) => alone.has(w))) continue;
    if (taken.length > 0 && rows + set.rows > target) break;
    taken.push(set.words);
    rows += set.rows;
    if (set.words.length === 1) alone.add(set.words[0]!);
  }
  return taken
    .filter((set) => set.length === 1 || !set.some((w) => alone.has(w)))
    .map((set) => (set.length === 1 ? operand(set[0]!) : `(${set.map(operand).join(' & ')})`))
    .join(' | ');
}

/**
 * The tsquery of the chunks a search of `query` ranks at a target (the first one unless given; null: all that hold
 * one of its words). For the quality test.
 */
export async function candidateWords(
  db: Db,
  query: string,
  language: string,
  libraryIds: string[],
  target = FullTextNarrowing.rankedChunksTarget,
): Promise<string | null> {
  const words = await queryWords(db, query, language, libraryIds);
  return words && candidatesOf(words, target);
}

async function fullTextRanking(db: Db, query: string, language: string, libraryIds: string[], limit: number, where: SQL | null): Promise<Ranking> {
  const words = await queryWords(db, query, language, libraryIds);
  // the narrowest first; wider when it finds fewer chunks than asked for (its rare words may be in no chunk at all,
  // which the statistics cannot tell), up to the last target: then what that found
  const targets = [FullTextNarrowing.rankedChunksTarget, ...FullTextNarrowing.widenings];
  const steps = words ? targets.map((target) => (target === null ? null : candidatesOf(words, target))) : [null];
  // the steps after the first that ranks every chunk holding a word would rank them again
  const all = steps.indexOf(null);
  if (all >= 0) steps.splice(all + 1);
  // a wider target often takes the same words (the next set would pass it too): the same ranking, not asked again
  for (let i = steps.length - 1; i > 0; i--) if (steps[i] === steps[i - 1]) steps.splice(i, 1);
  let ranking: Ranking = [];
  for (const candidates of steps) {
    // ts_rank_cd with normalisation 32 (rank / (rank + 1)) scores 0–1; headings weigh more than text (weights A, B)
    // the chunks found first, at most maxRankedChunks (a bitmap scan of the text index: its limit is a constant, so
    // that the planner does not take a scan of the table from its start instead), then ranked
    const result = (await db.execute(sql`
      select c.id, ts_rank_cd(c.search, q.query, 32) as score
      from (
        select c.id, c.search from ${libraryChunks} c
        where c.library_id in (${sql.join(
          libraryIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and c.search @@ ${orQuery(language, query)} ${candidates === null ? sql`` : sql`and c.search @@ ${candidates}::tsquery`}
          ${where === null ? sql`` : sql`and ${where}`}
        ${FullTextNarrowing.maxRankedChunks === null ? sql`` : sql`limit ${sql.raw(String(FullTextNarrowing.maxRankedChunks))}`}
      ) c, (select ${orQuery(language, query)} as query) q
      order by score desc, c.id
      limit ${limit}`)) as unknown as { rows: { id: number | string; score: number | string }[] };
    ranking = result.rows.map((r) => ({ chunkId: Number(r.id), score: Number(r.score) }));
    if (candidates === null || ranking.length >= Math.max(1, Math.ceil(limit * FullTextNarrowing.enoughShare))) return ranking;
  }
  return ranking;
}

/** The chunks with their files' names, by chunk id. */
async function chunksOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, never>();
  const rows = await db
    .select({
      id: libraryChunks.id,
      fileId: libraryChunks.fileId,
      libraryId: libraryChunks.libraryId,
      chunkIndex: libraryChunks.chunkIndex,
      run: libraryChunks.run,
      text: libraryChunks.text,
      headings: libraryChunks.headings,
      pageStart: libraryChunks.pageStart,
      pageEnd: libraryChunks.pageEnd,
      fileName: libraryFiles.fileName,
    })
    .from(libraryChunks)
    .innerJoin(libraryFiles, eq(libraryFiles.id, libraryChunks.fileId))
    .where(inArray(libraryChunks.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const fullText: Retriever = {
  name: 'FullText',
  async search(ctx, query, libraries, limit) {
    // a library whose text index was dropped (DELETE …/textIndex) is left to the other retrievers
    const indexed = libraries.filter((l) => l.textIndexEnabled);
    if (indexed.length === 0) return null;
    // one query per text search configuration (the tsquery must be made in the language the chunks were indexed in)
    // and filter
    const groups = groupByFilter(indexed, (l) => l.language);
    const rankings = await Promise.all(groups.map((g) => fullTextRanking(ctx.db, query, g.key, g.ids, limit, g.where)));
    return rankings
      .flat()
      .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
      .slice(0, limit);
  },
};

/** The retrievers fusion merges, in the order the trace lists them. */
export const Retrievers: Retriever[] = [fullText, vectorRetriever];

/**
 * The mode a set of libraries is searched in: Hybrid when full text and another retriever could search, Vector when
 * only vectors could (the text indexes dropped), None when nothing could, FullText otherwise (also for no library).
 */
function modeOf(ran: { name: RetrieverName; ranking: Ranking | null }[]): RetrievalMode {
  const fullText = ran.some((r) => r.name === 'FullText' && r.ranking !== null);
  const other = ran.some((r) => r.name !== 'FullText' && r.ranking !== null);
  if (fullText) return other ? 'Hybrid' : 'FullText';
  return other ? 'Vector' : ran.length === 0 ? 'FullText' : 'None';
}

export interface RetrievalResult {
  passages: KnowledgePassage[];
  trace: RetrievalTrace;
}

/**
 * Searches the sources' libraries for `query`: every retriever, fused, each library cut to its top-k and minimum
 * score, best first. Libraries without indexed chunks simply contribute nothing.
 */
export async function retrieve(ctx: RetrievalContext, query: string, sources: RetrievalSource[], signal?: AbortSignal): Promise<RetrievalResult> {
  const started = performance.now();
  const libraries: SearchedLibrary[] = sources.map((s) => ({ ...s.library, filters: s.filters }));
  const wanted = sources.reduce((n, s) => n + s.topK, 0);
  const limit = Math.min(MaxCandidates, Math.max(MinCandidates, wanted * CandidatesPerPassage));
  const ran =
    libraries.length === 0
      ? []
      : await Promise.all(
          Retrievers.map(async (r) => {
            const t = performance.now();
            const ranking = await r.search(ctx, query, libraries, limit, signal);
            return { name: r.name, ranking, durationMs: performance.now() - t };
          }),
        );
  const searched = ran.filter((r): r is typeof r & { ranking: Ranking } => r.ranking !== null);

  // reciprocal rank fusion over the retrievers that could search
  const best = searched.length / (RrfK + 1);
  const fused = new Map<number, { score: number; ranks: RetrievedPassage['ranks'] }>();
  for (const { name, ranking } of searched) {
    ranking.forEach((hit, i) => {
      const entry = fused.get(hit.chunkId) ?? { score: 0, ranks: { FullText: null, Vector: null } };
      entry.score += 1 / (RrfK + i + 1);
      entry.ranks[name] = { rank: i + 1, score: round(hit.score) };
      fused.set(hit.chunkId, entry);
    });
  }
  const ordered = [...fused]
    .map(([chunkId, e]) => ({ chunkId, score: best > 0 ? e.score / best : 0, ranks: e.ranks }))
    .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);

  // the chunks' text and file, for the candidates that can still make it (at most each library's top-k)
  const rows = await chunksOf(
    ctx.db,
    ordered.slice(0, limit).map((c) => c.chunkId),
  );
  // a configured reranker reorders the best candidates (reranker.ts); without one, or when it fails, the fused order
  const reranked = await rerankFused(ctx, query, ordered, rows, wanted, signal);
  const settings = new Map(sources.map((s) => [s.library.id, s]));
  const taken = new Map<string, number>();
  const passages: (RetrievedPassage & { run: number })[] = [];
  for (const candidate of reranked.candidates) {
    const row = rows.get(candidate.chunkId);
    const source = row && settings.get(row.libraryId);
    if (!row || !source) continue;
    const count = taken.get(row.libraryId) ?? 0;
    if (count >= source.topK || candidate.score < source.minScore) continue;
    taken.set(row.libraryId, count + 1);
    passages.push({
      fileId: row.fileId,
      dataSourceId: row.libraryId,
      fileName: row.fileName,
      chunkIndex: row.chunkIndex,
      run: row.run,
      text: row.text,
      headings: row.headings,
      pageStart: row.pageStart,
      pageEnd: row.pageEnd,
      score: round(candidate.score),
      ranks: candidate.ranks,
      rerank: candidate.rerank,
    });
  }
  return {
    passages: await withOwnTextStarts(ctx.db, passages),
    trace: {
      query,
      mode: modeOf(ran),
      retrievers: searched.map((r) => ({ name: r.name, candidates: r.ranking.length, durationMs: round(r.durationMs, 1) })),
      fused: ordered.length,
      reranker: reranked.trace,
      durationMs: round(performance.now() - started, 1),
    },
  };
}

/**
 * The passages with where their own text starts, after the overlap carried from the chunk before (a citation's
 * excerpt starts there): found from the chunk before each in the same file run and section (chunking.ts's
 * ownTextStart), read in one statement for the few passages sent.
 */
async function withOwnTextStarts(db: Db, passages: (RetrievedPassage & { run: number })[]): Promise<KnowledgePassage[]> {
  const after = passages.filter((p) => p.chunkIndex > 0);
  const previous =
    after.length === 0
      ? []
      : await db
          .select({
            fileId: libraryChunks.fileId,
            run: libraryChunks.run,
            chunkIndex: libraryChunks.chunkIndex,
            text: libraryChunks.text,
            headings: libraryChunks.headings,
          })
          .from(libraryChunks)
          .where(
            or(...after.map((p) => and(eq(libraryChunks.fileId, p.fileId), eq(libraryChunks.run, p.run), eq(libraryChunks.chunkIndex, p.chunkIndex - 1)))),
          );
  const before = new Map(previous.map((c) => [`${c.fileId}:${c.run}:${c.chunkIndex + 1}`, c]));
  return passages.map(({ run, ...p }) => {
    const chunk = before.get(`${p.fileId}:${run}:${p.chunkIndex}`);
    // overlap is carried only within a section
    const sameSection = chunk !== undefined && chunk.headings.length === p.headings.length && chunk.headings.every((h, i) => h === p.headings[i]);
    return { ...p, ownTextStart: sameSection ? ownTextStart(chunk.text, p.text) : 0 };
  });
}

const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

/** "Try a question" and the chat's trace say the same: the search as the libraries' administrators see it. */
export type { LibrarySearchResult };
