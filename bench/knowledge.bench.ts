// Knowledge benchmarks (issue 17, docs/knowledge.md), each against a baseline measured in the same run:
//  1. quality: the labelled handbook (bench/data/knowledge, 30 documents, 308 questions) uploaded and ingested through
//     the API, recall@5 and MRR@10 of full text, vectors (the fake embedding model) and their fusion;
//  2. ingestion: Markdown and PDF documents uploaded over HTTP to a test app, chunks/s and pages/s until all are
//     Online, embedding on the fake OpenAI server in a process of its own on 127.0.0.1 (and without embedding);
//  3. retrieval: one library of 100,000 (and, with --full, 1,000,000) chunks filled in SQL
//     (lib/knowledge-retrieval-data.ts), the handbook's questions asked of retrieve() as the chat asks them (top-k 5;
//     hybrid where the database has vectors), against the floor: a bare `where search @@ q order by ts_rank_cd limit
//     20` of the same OR query on the same data; then the handbook added to that library and its questions' recall
//     there, with full-text narrowing (retrieval.ts) and without; and EXPLAIN ANALYZE of one question both ways.
// PGlite always (in a data directory, with the server's settings); PostgreSQL too with DATABASE_URL (or --postgres:
// 127.0.0.1:5432), in a database of its own made beside that one and dropped after.
// Run: npx tsx bench/knowledge.bench.ts [--quick] [--full] [--parts quality,ingestion,retrieval] [--pglite | --postgres]
//      [--sizes 100000,1000000] [--pglite-vectors-up-to 1000000] [--cache-mb 256] (PGlite's page cache, DATABASE_CACHE_MB;
//      without it, sized as the server sizes it when it starts) [--keep-dir DIR] (PGlite's fills kept there and measured again)
//      [--no-warm] (PGlite's page cache not read in after the start, as the server does: db/pglite-warm.ts)
//      [--floor-every 1000] (the floor query before every Nth question only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/db/client.js';
import { createTestApp } from '../server/src/test/harness.js';
import { FullTextNarrowing } from '../server/src/modules/knowledge/retrieval.js';
import { warmPageCache, warmsCache, type WarmingResult } from '../server/src/db/pglite-warm.js';
import { benchDatabase } from './lib/database.js';
import { openKnowledgeBench } from './lib/knowledge-context.js';
import { measureIngestion, type IngestionResult } from './lib/knowledge-ingestion.js';
import { explainFullText, measureLatency, type LatencyResult } from './lib/knowledge-latency.js';
import { handbookQuality, loadCorpus, measureQuality, type MethodQuality, type QualityResult } from './lib/knowledge-quality.js';
import { addHandbook, fillLibrary, type FilledLibrary } from './lib/knowledge-retrieval-data.js';
import { startUpstreamProcess, type UpstreamProcess } from './lib/upstream-process.js';
// the test app reads documents on the extraction threads: start them from their sources too
import '../server/src/test/extraction-worker-source.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const quick = flag('quick');
const parts = (option('parts') ?? 'quality,ingestion,retrieval').split(',');
const sizes = (option('sizes') ?? (flag('full') ? '100000,1000000' : quick ? '20000' : '100000')).split(',').map(Number);
const pgliteVectorsUpTo = Number(option('pglite-vectors-up-to') ?? Infinity);
const cacheMb = option('cache-mb') === undefined ? undefined : Number(option('cache-mb'));
const postgresBase = process.env.DATABASE_URL ?? (flag('postgres') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const databases = [...(flag('postgres') ? [] : ['pglite' as const]), ...(postgresBase && !flag('pglite') ? ['postgres' as const] : [])];
const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

interface RetrievalRun {
  database: string;
  chunks: number;
  vectors: boolean;
  fillSeconds: Record<string, number>;
  /** PGlite's page cache read in after the start (null: not warmed) */
  warmed: WarmingResult | null;
  latency: LatencyResult;
  /** the same questions with the narrowing as it was before its words were counted (`Uncounted`) */
  latencyUncounted: LatencyResult;
  quality: { narrowed: MethodQuality[]; uncounted: MethodQuality[]; everyChunk: MethodQuality[] };
  explain: { everyChunk: string; narrowed: string };
}

/**
 * The full-text narrowing before its words were counted through the index (2026-11-25): the statistics' estimates
 * of every word, and widenings of 3,000 and 30,000 after the first 300, each step ranking every chunk it finds and
 * widened until it found all the candidates asked for. Measured beside the current one on the same fill, so that
 * the load of the machine weighs on both alike.
 */
const Uncounted = { countWords: false, rankedChunksTarget: 300, widenings: [3_000, 30_000], maxRankedChunks: null, enoughShare: 1 };

async function withNarrowing<T>(settings: Partial<typeof FullTextNarrowing>, fn: () => Promise<T>): Promise<T> {
  const saved = { ...FullTextNarrowing };
  Object.assign(FullTextNarrowing, settings);
  try {
    return await fn();
  } finally {
    Object.assign(FullTextNarrowing, saved);
  }
}

/** Runs `fn` with the test harness on PostgreSQL (its TEST_DB and TEST_DATABASE_URL) or on PGlite. */
async function withTestDatabase<T>(database: 'pglite' | 'postgres', fn: () => Promise<T>): Promise<T> {
  const saved = { db: process.env.TEST_DB, url: process.env.TEST_DATABASE_URL };
  process.env.TEST_DB = database;
  if (database === 'postgres') process.env.TEST_DATABASE_URL = postgresBase;
  try {
    return await fn();
  } finally {
    process.env.TEST_DB = saved.db;
    process.env.TEST_DATABASE_URL = saved.url;
    if (saved.db === undefined) delete process.env.TEST_DB;
    if (saved.url === undefined) delete process.env.TEST_DATABASE_URL;
  }
}

async function quality(database: 'pglite' | 'postgres', upstream: UpstreamProcess): Promise<QualityResult> {
  return withTestDatabase(database, async () => {
    const t = await createTestApp();
    try {
      return await handbookQuality(t, { embeddingUrl: upstream.url });
    } finally {
      await t.close();
    }
  });
}

async function ingestion(database: 'pglite' | 'postgres', upstream: UpstreamProcess): Promise<IngestionResult[]> {
  const files = quick ? 10 : 40;
  return withTestDatabase(database, async () => [
    await measureIngestion({ kind: 'markdown', files, size: 360, embeddingUrl: upstream.url }),
    await measureIngestion({ kind: 'markdown', files, size: 360, embeddingUrl: null }),
    await measureIngestion({ kind: 'pdf', files: files / 2, size: quick ? 20 : 50, embeddingUrl: upstream.url }),
    await measureIngestion({ kind: 'pdf', files: files / 2, size: quick ? 20 : 50, embeddingUrl: null }),
  ]);
}

async function retrieval(database: 'pglite' | 'postgres', chunks: number, upstream: UpstreamProcess): Promise<RetrievalRun> {
  const scratch = database === 'postgres' ? await benchDatabase(postgresBase) : null;
  const vectors = database === 'pglite' && chunks <= pgliteVectorsUpTo;
  // --keep-dir: PGlite's fill is kept under it, one directory per size, and the next run that names it measures it again
  // (a million chunks with vectors take over an hour to fill)
  const keepRoot = option('keep-dir');
  const dir =
    database !== 'pglite'
      ? undefined
      : keepRoot
        ? path.join(keepRoot, `pglite-${chunks}${vectors ? '' : '-text'}`)
        : fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-knowledge-'));
  const open = () => openKnowledgeBench(scratch?.url ?? null, vectors ? upstream.url : null, dir, cacheMb);
  let bench = await open();
  try {
    const kept = dir && keepRoot ? await keptLibrary(bench.ctx.db, chunks) : null;
    if (kept) log(`${database}: the fill of ${chunks} chunks kept in ${dir}`);
    else {
      // building the HNSW index in one go (rather than vector by vector, as ingestion does) needs the graph in memory
      if (bench.database.kind === 'pglite') await bench.ctx.db.execute(sql`set maintenance_work_mem = '1GB'`);
      log(`${database}: filling ${chunks} chunks${vectors ? ' with vectors' : ''}`);
    }
    const filled =
      kept ?? (await fillLibrary({ db: bench.ctx.db, database: bench.database }, { chunks, embeddingDeploymentId: bench.embeddingDeploymentId, log }));
    // opened again, as the server is after a restart: without DATABASE_CACHE_MB, PGlite's page cache is sized to the
    // libraries when it opens (db/pglite-open.ts), and the fill began on an empty database
    await bench.close();
    bench = await open();
    const { ctx } = bench;
    const pageCache = bench.database.connection.kind === 'pglite' ? bench.database.connection.thread.cache : null;
    if (pageCache)
      log(`${database}: page cache ${pageCache.cacheMb} MB${pageCache.libraryMb === null ? '' : ` (sized at start: libraries ${pageCache.libraryMb} MB)`}`);
    // and read in, as the server does once it is ready (db/pglite-warm.ts); --no-warm measures the cache as it fills
    const warmed = pageCache && warmsCache(pageCache.cacheMb) && !flag('no-warm') ? await warmPageCache(ctx.db, pageCache.cacheMb) : null;
    if (warmed) log(`${database}: page cache warmed: ${warmed.pages} pages of ${warmed.relations} relations in ${warmed.ms} ms`);
    log(`${database}: measuring latency`);
    // the floor before every question (--floor-every 1) empties PGlite's page cache each time; a larger number measures
    // retrieve() as questions follow one another
    const latencyOptions = { questions: quick ? 60 : 300, floorEvery: Number(option('floor-every') ?? (chunks >= 1_000_000 ? 3 : 1)) };
    const latency = await measureLatency(ctx, filled.libraryId, latencyOptions);
    log(`${database}: measuring latency with the words uncounted`);
    const latencyUncounted = await withNarrowing(Uncounted, () => measureLatency(ctx, filled.libraryId, latencyOptions));
    const question = 'How many books can an undergraduate borrow at once?';
    const explain = {
      everyChunk: await explainFullText(ctx, filled.libraryId, question, null),
      narrowed: await explainFullText(ctx, filled.libraryId, question, 'narrowed'),
    };
    log(`${database}: the handbook inside the library`);
    if (!(await hasHandbook(ctx.db, filled.libraryId))) await addHandbook(ctx.db, filled.libraryId, { vectors: bench.embeddingDeploymentId !== null });
    const narrowed = await measureQuality(ctx, filled.libraryId);
    const uncounted = await withNarrowing(Uncounted, () => measureQuality(ctx, filled.libraryId));
    const everyChunk = await withNarrowing({ enabled: false, maxRankedChunks: null }, () => measureQuality(ctx, filled.libraryId));
    const label = pageCache ? `pglite, cache ${pageCache.cacheMb} MB${pageCache.libraryMb === null ? '' : ' (sized at start)'}` : database;
    return {
      database: label,
      chunks,
      vectors,
      fillSeconds: filled.seconds,
      warmed,
      latency,
      latencyUncounted,
      quality: { narrowed, uncounted, everyChunk },
      explain,
    };
  } finally {
    await bench.close();
    if (dir && !keepRoot) fs.rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

/** A library of `chunks` a run with --keep-dir filled before (its fill's seconds are not known: none). */
async function keptLibrary(db: Db, chunks: number): Promise<FilledLibrary | null> {
  const result = (await db.execute(sql`select id from file_libraries where name = ${`Bench ${chunks} chunks`} limit 1`)) as unknown as {
    rows: { id: string }[];
  };
  const id = result.rows[0]?.id;
  return id ? { libraryId: id, chunks, seconds: {} } : null;
}

/** Whether the handbook was added to a kept library already (by the run that measured its quality). */
async function hasHandbook(db: Db, libraryId: string): Promise<boolean> {
  const first = loadCorpus()[0]!.fileName;
  const result = (await db.execute(sql`select 1 from library_files where library_id = ${libraryId}::uuid and file_name = ${first} limit 1`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

// ---- report

const qualityTable = (rows: { label: string; methods: MethodQuality[] }[]) => [
  '| | full text recall@5 / MRR@10 | vectors | hybrid (retrieve) |',
  '|---|---|---|---|',
  ...rows.map((r) => {
    const cell = (m: MethodQuality | undefined) => (m && m.questions > 0 ? `${m.recallAt5} / ${m.mrrAt10}` : '–');
    const by = (name: string) => r.methods.find((m) => m.method === name);
    return `| ${r.label} | ${cell(by('FullText'))} | ${cell(by('Vector'))} | ${cell(by('Hybrid'))} |`;
  }),
];

const reportQuality = (results: Record<string, QualityResult>) =>
  [
    `Quality on the labelled handbook (${Object.values(results)[0]?.documents} documents, ${Object.values(results)[0]?.questions} questions), ingested through the API:`,
    '',
    ...qualityTable(Object.entries(results).map(([database, r]) => ({ label: `${database} (${r.mode}, ${r.chunks} chunks)`, methods: r.methods }))),
    '',
  ].join('\n');

const reportIngestion = (results: Record<string, IngestionResult[]>) =>
  [
    'Ingestion over HTTP until every file is Online:',
    '',
    '| database | documents | embedded | files | MB | chunks | seconds | chunks/s | pages/s | floor: bare HNSW inserts/s |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(results).flatMap(([database, rs]) =>
      rs.map(
        (r) =>
          `| ${database} | ${r.kind}${r.pages ? `, ${r.pages} pages` : ''} | ${r.embedded ? 'yes' : 'no'} | ${r.files} | ${r.megabytes} | ${r.chunks} | ${r.seconds} | ${r.chunksPerSecond} | ${r.pagesPerSecond ?? ''} | ${r.hnswFloorPerSecond ?? ''} |`,
      ),
    ),
    '',
  ].join('\n');

const reportRetrieval = (runs: RetrievalRun[]) => {
  const s = (x: { p50: number; p95: number; p99: number }) => `${x.p50} / ${x.p95} / ${x.p99}`;
  return [
    'Retrieval latency (ms, p50 / p95 / p99), the handbook questions against a filled library:',
    '',
    '| database | chunks | mode | retrieve() | full text in it | vectors in it | floor: bare OR query | bare AND query | retrieve p95 / floor p95 | rows the OR matches p50 / p95 |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...runs
      .flatMap((r) => [
        { database: r.database, chunks: r.chunks, l: r.latency },
        { database: `${r.database}, words uncounted`, chunks: r.chunks, l: r.latencyUncounted },
      ])
      .map(({ database, chunks, l }) => {
        return `| ${database} | ${chunks} | ${l.mode} | ${s(l.retrieve)} | ${l.retrievers.FullText ? s(l.retrievers.FullText) : '–'} | ${l.retrievers.Vector ? s(l.retrievers.Vector) : '–'} | ${s(l.floorOr)} | ${s(l.floorAnd)} | ${l.ratioP95} | ${l.matchedRows.p50} / ${l.matchedRows.p95} |`;
      }),
    '',
    'The handbook added to the same library (its questions answered among all those chunks):',
    '',
    ...qualityTable(
      runs.flatMap((r) => [
        { label: `${r.database} ${r.chunks}, narrowed`, methods: r.quality.narrowed },
        { label: `${r.database} ${r.chunks}, narrowed, words uncounted`, methods: r.quality.uncounted },
        { label: `${r.database} ${r.chunks}, every chunk ranked`, methods: r.quality.everyChunk },
      ]),
    ),
    '',
    ...runs.map((r) => `Filling ${r.database} ${r.chunks} (s): ${JSON.stringify(r.fillSeconds)}`),
    ...runs.map((r) => `Page cache warmed ${r.database} ${r.chunks}: ${r.warmed ? `${r.warmed.pages} pages in ${r.warmed.ms} ms` : 'no'}`),
    '',
    ...runs.flatMap((r) => [
      `EXPLAIN ANALYZE, ${r.database} ${r.chunks}, ranking every chunk:`,
      '',
      r.explain.everyChunk,
      '',
      'narrowed:',
      '',
      r.explain.narrowed,
      '',
    ]),
  ].join('\n');
};

async function main() {
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 10) / 10),
  };
  const upstream = await startUpstreamProcess({});
  try {
    if (parts.includes('quality')) {
      const q: Record<string, QualityResult> = {};
      for (const database of databases) {
        log(`${database}: quality`);
        q[database] = await quality(database, upstream);
      }
      results.quality = Object.fromEntries(
        Object.entries(q).map(([d, r]) => [d, { ...r, methods: r.methods.map(({ misses, ...m }) => ({ ...m, missed: misses.length })) }]),
      );
      process.stdout.write(`${reportQuality(q)}\n`);
    }
    if (parts.includes('ingestion')) {
      const i: Record<string, IngestionResult[]> = {};
      for (const database of databases) {
        log(`${database}: ingestion`);
        i[database] = await ingestion(database, upstream);
      }
      results.ingestion = i;
      process.stdout.write(`${reportIngestion(i)}\n`);
    }
    if (parts.includes('retrieval')) {
      const runs: RetrievalRun[] = [];
      for (const database of databases) for (const chunks of sizes) runs.push(await retrieval(database, chunks, upstream));
      results.retrieval = runs.map((r) => ({
        ...r,
        quality: Object.fromEntries(Object.entries(r.quality).map(([k, ms]) => [k, ms.map(({ misses, ...m }) => ({ ...m, missed: misses.length }))])),
      }));
      process.stdout.write(`${reportRetrieval(runs)}\n`);
    }
  } finally {
    await upstream.close();
  }
  results.loadAverageAtEnd = os.loadavg().map((l) => Math.round(l * 10) / 10);
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(path.join(here, 'results', 'knowledge.json'), `${JSON.stringify(results, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  },
);
