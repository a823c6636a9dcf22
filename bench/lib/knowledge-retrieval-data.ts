// A large file library for the retrieval bench, filled in SQL rather than through the ingestion jobs (which would
// take hours at a million chunks): one library of `chunks` chunks in files of 50, each chunk about 1,300 characters
// (13 sentences, about 200 words, as the default chunk size of 1,500 gives), five under each heading pair (a title
// and a section: 20,000 of them, of the same words), with its tsvector made by to_tsvector in the library's language
// (headings weight A, text weight B, as the index step makes it) and, optionally, its vector.
//
// The words: 40% English stop words, the rest drawn from a Zipf distribution (weight 1/rank) over 100,000 content
// words, where the handbook's own content words (bench/data/knowledge) take ranks 10, 20, 30, … by their frequency in
// it and made-up words the ranks between and after. So the handbook's questions, the queries, meet words as common as
// in real text: the most frequent of them ("students") is in about 70% of the chunks, the 100th in about 1%, and a
// question's words ORed match a large share of the library, as they would in a real one of that size.
//
// Sentences come from a pool of 60,000 made in JavaScript; a chunk is 13 of them picked by its number (no two chunks
// the same set). A chunk's
// vector is the sum of its sentences' vectors by the fake embedding model (hashed word stems and trigrams,
// server/src/test/fake-upstreams.ts), which is what the model gives the chunk's text up to normalisation of the
// parts: a question's embedding compares with it as it would with an embedded chunk.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client.js';
import { fakeEmbedding, FakeEmbeddingDimensions } from '../../server/src/test/fake-upstreams.js';
import { ensureDimensionIndex } from '../../server/src/modules/knowledge/knowledge.vectors.js';
import type { AppContext } from '../../server/src/platform/context.js';
import { chunkDocument } from '../../server/src/modules/knowledge/chunking.js';
import { embeddingInput } from '../../server/src/modules/knowledge/knowledge.ingestion.js';
import { loadCorpus } from './knowledge-quality.js';

/** PostgreSQL's English stop words (tsearch_data/english.stop), most of them; to_tsvector drops them. */
const StopWords =
  'the of and to a in is for on that with as are be by at this from or it an your you can will not have has their all if they which more than was were been its there when what who how about into only other some such no so do does our them these those after before over under any each most very'.split(
    ' ',
  );
const VocabularySize = 100_000;
const SentencePool = 60_000;
export const SentencesPerChunk = 13;
export const ChunksPerFile = 50;
/** primes that spread a chunk's sentences over the pool */
const StrideChunk = 7919;
const StrideSentence = 104_729;

/**
 * The pool's sentence `k` of chunk `i` (SQL over the series i and k). The strides alone repeat every 60,000 chunks (the
 * pool's size: 7,919 is prime to it), so that a library of 1,000,000 held 60,000 distinct chunks, each about 17 times,
 * and pgvector's index kept each vector once for its copies; each further 60,000 chunks now add an offset that
 * differs per sentence (k² · 613 + k · 37 times the round), which gives 1,000,000 distinct sets of 13 sentences.
 * Fills kept (--keep-dir) from before 2026-11-25 evening hold the repeats.
 */
const sentenceOf = sql`((i::bigint * ${StrideChunk} + k * ${StrideSentence} + (i / ${SentencePool}::int)::bigint * (k * k * 613 + k * 37)) % ${SentencePool})::int`;

/** mulberry32: a small seeded generator, so that every run builds the same library */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const Syllables =
  'ba be bi bo bu da de di do du fa fe fi fo fu ga ge gi go gu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu'.split(
    ' ',
  );
/** a made-up word for a rank: three or four syllables and a final consonant, so that no English stemming merges two */
const madeUp = (rank: number) => {
  let n = rank;
  let word = '';
  do {
    word += Syllables[n % Syllables.length];
    n = Math.floor(n / Syllables.length);
  } while (n > 0 || word.length < 6);
  return `${word}x`;
};

/** The handbook's content words, most frequent first. */
export function handbookWords(): string[] {
  const counts = new Map<string, number>();
  const stop = new Set(StopWords);
  for (const { text } of loadCorpus()) {
    for (const word of text.toLowerCase().split(/[^a-z]+/)) {
      if (word.length > 1 && !stop.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
}

/** The content vocabulary by rank (index 0 is rank 1). */
function vocabulary(): string[] {
  const words = Array.from({ length: VocabularySize }, (_, i) => madeUp(i + 1));
  handbookWords().forEach((w, j) => {
    const rank = 10 * (j + 1);
    if (rank <= VocabularySize) words[rank - 1] = w;
  });
  return words;
}

/** Content words drawn by the Zipf distribution, from a seeded generator. */
function wordSampler(seed: number): { next: () => number; content: () => string } {
  const words = vocabulary();
  const cumulative = new Float64Array(words.length);
  let total = 0;
  for (let r = 0; r < words.length; r++) cumulative[r] = total += 1 / (r + 1);
  const next = random(seed);
  const content = () => {
    const x = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  return { next, content };
}

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** The sentence pool: 12 to 18 words each. */
export function sentences(): string[] {
  const { next, content } = wordSampler(17);
  return Array.from({ length: SentencePool }, () => {
    const n = 12 + Math.floor(next() * 7);
    const tokens = Array.from({ length: n }, () => (next() < 0.4 ? StopWords[Math.floor(next() * 20)]! : content()));
    return `${capitalised(tokens.join(' '))}.`;
  });
}

/** Heading pairs ([document title, section], two and two or three content words), five chunks under each. */
const HeadingPool = 20_000;
export const ChunksPerHeading = 5;
function headingPairs(): string[][] {
  const { next, content } = wordSampler(29);
  const words = (n: number) => capitalised(Array.from({ length: n }, content).join(' '));
  return Array.from({ length: HeadingPool }, () => [words(2), words(2 + Math.floor(next() * 2))]);
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Inserts JSON rows into a table in batches (one parameter a statement). */
async function insertJson(db: Db, table: string, columns: string, items: unknown[], batch = 5000) {
  for (let i = 0; i < items.length; i += batch) {
    await db.execute(
      sql`insert into ${sql.identifier(table)} select * from jsonb_to_recordset(${JSON.stringify(items.slice(i, i + batch))}::jsonb) as x(${sql.raw(columns)})`,
    );
  }
}

export interface FillOptions {
  chunks: number;
  /** the library's text search configuration */
  language?: string;
  /** an Embedding deployment: the library embeds with it, and each chunk gets its vector (the database must have vectors) */
  embeddingDeploymentId?: string | null;
  /** progress lines */
  log?: (line: string) => void;
}

export interface FilledLibrary {
  libraryId: string;
  chunks: number;
  /** seconds: the pool, the chunks with their tsvectors, the full-text index, the vectors, their index, ANALYZE */
  seconds: Record<string, number>;
}

const elapsed = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/**
 * Fills a new library with `chunks` chunks (and vectors with an embedding deployment). The GIN index of the chunks'
 * tsvectors is dropped for the load and made again after it (as fast as PostgreSQL makes it); the HNSW index of the
 * vectors is made after them, by the same function the server uses (knowledge.vectors.ts ensureDimensionIndex).
 */
export async function fillLibrary(ctx: Pick<AppContext, 'db' | 'database'>, options: FillOptions): Promise<FilledLibrary> {
  const { db } = ctx;
  const log = options.log ?? (() => undefined);
  const language = options.language ?? 'english';
  const seconds: Record<string, number> = {};
  let t = performance.now();
  const pool = sentences();
  const pairs = headingPairs();
  await db.execute(sql`create table if not exists bench_sentences (id integer primary key, text text not null)`);
  await db.execute(sql`create table if not exists bench_headings (id integer primary key, headings jsonb not null)`);
  await db.execute(sql`truncate bench_sentences, bench_headings`);
  await insertJson(
    db,
    'bench_sentences',
    'id integer, text text',
    pool.map((text, id) => ({ id, text })),
  );
  await insertJson(
    db,
    'bench_headings',
    'id integer, headings jsonb',
    pairs.map((headings, id) => ({ id, headings })),
  );
  const [library] = await rows<{ id: string }>(
    db,
    sql`insert into file_libraries (name, chunk_size, chunk_overlap, language, embedding_deployment_id)
        values (${`Bench ${options.chunks} chunks`}, 1500, 200, ${language}, ${options.embeddingDeploymentId ?? null}::uuid) returning id`,
  );
  const libraryId = library!.id;
  const files = Math.ceil(options.chunks / ChunksPerFile);
  // a file's id from its number, so that chunks find their file without a join
  const fileId = (n: ReturnType<typeof sql>) => sql`md5(${libraryId}::text || '/' || (${n})::text)::uuid`;
  await db.execute(sql`
    insert into library_files (id, library_id, file_name, mime_type, kind, size_bytes, content_hash, blob_key, status, progress_percent, chunk_count, character_count, processed_at)
    select ${fileId(sql`n`)}, ${libraryId}::uuid, 'document-' || lpad(n::text, 7, '0') || '.md', 'text/markdown', 'markdown', 70000,
      md5(${libraryId}::text || '/' || n::text), 'bench/' || n::text, 'Online', 100, ${ChunksPerFile}, 65000, now()
    from generate_series(0, ${files - 1}::int) n`);
  seconds.pool = elapsed(t);
  log(`pool of ${pool.length} sentences and ${files} files in ${seconds.pool} s`);

  t = performance.now();
  await db.execute(sql`drop index if exists library_chunks_search_idx`);
  const batch = 25_000;
  const headingCount = pairs.length;
  for (let start = 0; start < options.chunks; start += batch) {
    const end = Math.min(options.chunks, start + batch) - 1;
    await db.execute(sql`
      insert into library_chunks (file_id, library_id, run, chunk_index, text, headings, search)
      select ${fileId(sql`i / ${ChunksPerFile}::int`)}, ${libraryId}::uuid, 1, i % ${ChunksPerFile}::int, t.text, h.headings,
        setweight(to_tsvector(${language}::regconfig, coalesce((select string_agg(x, ' ') from jsonb_array_elements_text(h.headings) as x), '')), 'A') ||
        setweight(to_tsvector(${language}::regconfig, t.text), 'B')
      from generate_series(${start}::int, ${end}::int) i
      join bench_headings h on h.id = (i / ${ChunksPerHeading}::int) % ${headingCount}::int
      cross join lateral (
        select string_agg(s.text, ' ' order by k) as text
        from generate_series(0, ${SentencesPerChunk - 1}::int) k
        join bench_sentences s on s.id = ${sentenceOf}
      ) t`);
    const done = end + 1;
    if (done % 100_000 === 0 || done === options.chunks) log(`${done} chunks in ${elapsed(t)} s`);
  }
  seconds.chunks = elapsed(t);
  t = performance.now();
  // the migration's index, made again after the load
  await db.execute(sql`create index library_chunks_search_idx on library_chunks using gin (search)`);
  seconds.textIndex = elapsed(t);
  log(`full-text index in ${seconds.textIndex} s`);

  if (options.embeddingDeploymentId) {
    t = performance.now();
    const dimensions = FakeEmbeddingDimensions;
    await db.execute(
      sql`create table if not exists bench_sentence_vectors (id integer primary key, embedding vector(${sql.raw(String(dimensions))}) not null)`,
    );
    await db.execute(sql`truncate bench_sentence_vectors`);
    await insertJson(
      db,
      'bench_sentence_vectors',
      `id integer, embedding vector(${dimensions})`,
      pool.map((text, id) => ({ id, embedding: `[${fakeEmbedding(text, dimensions).join(',')}]` })),
      1000,
    );
    log(`sentence vectors in ${elapsed(t)} s`);
    for (let start = 0; start < options.chunks; start += batch) {
      const end = Math.min(options.chunks, start + batch) - 1;
      await db.execute(sql`
        insert into library_chunk_vectors (chunk_id, library_id, file_id, dimensions, embedding)
        select c.id, c.library_id, c.file_id, ${dimensions}, v.embedding::vector
        from generate_series(${start}::int, ${end}::int) i
        join library_chunks c on c.file_id = ${fileId(sql`i / ${ChunksPerFile}::int`)} and c.run = 1 and c.chunk_index = i % ${ChunksPerFile}::int
        cross join lateral (
          select sum(s.embedding) as embedding
          from generate_series(0, ${SentencesPerChunk - 1}::int) k
          join bench_sentence_vectors s on s.id = ${sentenceOf}
        ) v`);
      const done = end + 1;
      if (done % 100_000 === 0 || done === options.chunks) log(`${done} vectors in ${elapsed(t)} s`);
    }
    seconds.vectors = elapsed(t);
    t = performance.now();
    await ensureDimensionIndex(ctx, dimensions);
    seconds.vectorIndex = elapsed(t);
    log(`HNSW index in ${seconds.vectorIndex} s`);
  }
  t = performance.now();
  await db.execute(sql`analyze`);
  seconds.analyze = elapsed(t);
  return { libraryId, chunks: options.chunks, seconds };
}

/**
 * Adds the handbook's documents to a filled library as its ingestion would have stored them (chunked with the
 * library's defaults, indexed in its language, embedded by the fake model where the library embeds): the labelled
 * questions can then be asked of a library of that size, where their answers are a few hundred among many chunks.
 */
export async function addHandbook(db: Db, libraryId: string, options: { language?: string; vectors: boolean }): Promise<void> {
  const language = options.language ?? 'english';
  for (const document of loadCorpus()) {
    const chunks = chunkDocument([{ page: null, text: document.text }], { chunkSize: 1500, chunkOverlap: 200, markdownHeadings: true });
    const [file] = await rows<{ id: string }>(
      db,
      sql`insert into library_files (library_id, file_name, mime_type, kind, size_bytes, content_hash, blob_key, status, progress_percent, chunk_count, character_count, processed_at)
          values (${libraryId}::uuid, ${document.fileName}, 'text/markdown', 'markdown', ${document.text.length}, md5(${document.text}), ${`bench/${document.fileName}`},
            'Online', 100, ${chunks.length}, ${document.text.length}, now()) returning id`,
    );
    for (const [index, chunk] of chunks.entries()) {
      const headings = JSON.stringify(chunk.headings);
      const [row] = await rows<{ id: number }>(
        db,
        sql`insert into library_chunks (file_id, library_id, run, chunk_index, text, headings, search)
            values (${file!.id}::uuid, ${libraryId}::uuid, 1, ${index}, ${chunk.text}, ${headings}::jsonb,
              setweight(to_tsvector(${language}::regconfig, coalesce((select string_agg(x, ' ') from jsonb_array_elements_text(${headings}::jsonb) as x), '')), 'A') ||
              setweight(to_tsvector(${language}::regconfig, ${chunk.text}), 'B'))
            returning id`,
      );
      if (options.vectors) {
        await db.execute(sql`insert into library_chunk_vectors (chunk_id, library_id, file_id, dimensions, embedding)
          values (${row!.id}, ${libraryId}::uuid, ${file!.id}::uuid, ${FakeEmbeddingDimensions}, ${`[${fakeEmbedding(embeddingInput(chunk)).join(',')}]`}::vector)`);
      }
    }
  }
}
