// The chunks' vectors (pgvector) and the search by them. PGlite has pgvector, Debian's PostgreSQL does not, so no
// migration may need the extension: where the database has it (ctx.database.vectorAvailable), the table
// library_chunk_vectors is created here, at start-up or at first use, whichever comes first. Without it, libraries
// search full text only and files skip the embedding step.
//
// One table holds the vectors of every library, whatever their length (a library's embedding model decides it):
// `embedding` is an untyped vector and `dimensions` says its length. Each length in use has its own HNSW index
// (cosine), a partial expression index over the rows of that length, made when a library first embeds with it:
// `vector(N)` up to 2,000 dimensions (the limit of HNSW on vector), `halfvec(N)` up to 4,000 (text-embedding-3-large's
// 3,072), an exact scan beyond. A search casts to the same expression so that the planner takes the index, and uses
// pgvector's iterative index scans (0.8; PGlite's pgvector is 0.8.7), so that the library filter, applied as the
// index is walked, does not lose results: the scan goes on until enough rows of the asked libraries came out.
//
// Rows go with their chunks (a foreign key, on delete cascade): deleting a file or a library, or the index step
// replacing a run's chunks, removes their vectors.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { ModelError, type EmbeddingDeployment } from '../../ai/model.types.js';
import type { Ranking, Retriever } from './retrieval.js';
import { groupByFilter } from './library-filters.js';

export type VectorsContext = Pick<AppContext, 'database' | 'db' | 'logger'>;

/** pgvector's vector holds at most 16,000 dimensions. */
export const MaxVectorDimensions = 16_000;

/** One lock key for the DDL of every process (PostgreSQL: processes that start together take turns). */
const VectorDdlLockKey = 727_274_017;

const ready = new WeakMap<object, Promise<boolean>>();
const indexed = new WeakMap<object, Map<number, Promise<void>>>();

/** A failed set-up is tried again after this long (the database may have been away). */
const RetryAfterFailureMs = 60_000;

/**
 * Whether vectors can be stored and searched here: the database has pgvector, and the table exists (created by the
 * first call, which start-up makes). False on a database without the extension, or where it cannot be created
 * (PostgreSQL without the rights to CREATE EXTENSION: an administrator creates it, and a restart finds it).
 */
export function vectorsReady(ctx: Pick<AppContext, 'database' | 'logger'>): Promise<boolean> {
  if (!ctx.database.vectorAvailable) return Promise.resolve(false);
  let state = ready.get(ctx.database);
  if (!state) {
    state = createVectorTable(ctx.database.db).then(
      () => true,
      (e: unknown) => {
        ctx.logger.warn({ err: e }, 'the chunk vectors table could not be created: file libraries search full text only');
        setTimeout(() => ready.delete(ctx.database), RetryAfterFailureMs).unref();
        return false;
      },
    );
    ready.set(ctx.database, state);
  }
  return state;
}

async function createVectorTable(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VectorDdlLockKey})`);
    await tx.execute(sql`create extension if not exists vector`);
    await tx.execute(sql`
      create table if not exists library_chunk_vectors (
        chunk_id bigint primary key references library_chunks (id) on delete cascade,
        library_id uuid not null,
        file_id uuid not null,
        dimensions integer not null,
        embedding vector not null
      )`);
    await tx.execute(sql`create index if not exists library_chunk_vectors_library_idx on library_chunk_vectors (library_id)`);
  });
}

/** How vectors of a length are compared: the cast the index is made on (null: no index, an exact scan). */
function castOf(dimensions: number): { type: SQL; ops: string; index: string } | null {
  if (dimensions <= 2000) return { type: sql.raw(`vector(${dimensions})`), ops: 'vector_cosine_ops', index: `library_chunk_vectors_hnsw_${dimensions}` };
  if (dimensions <= 4000) return { type: sql.raw(`halfvec(${dimensions})`), ops: 'halfvec_cosine_ops', index: `library_chunk_vectors_hnsw_half_${dimensions}` };
  return null;
}

function checkDimensions(dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MaxVectorDimensions) {
    throw new Error(`Vectors of ${dimensions} dimensions cannot be stored (at most ${MaxVectorDimensions}).`);
  }
}

/** Creates the HNSW index of vectors of this length once per process (and once in the database). */
export function ensureDimensionIndex(ctx: Pick<AppContext, 'database'>, dimensions: number): Promise<void> {
  checkDimensions(dimensions);
  let byLength = indexed.get(ctx.database);
  if (!byLength) indexed.set(ctx.database, (byLength = new Map()));
  let made = byLength.get(dimensions);
  if (!made) {
    const cast = castOf(dimensions);
    made = !cast
      ? Promise.resolve()
      : ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${VectorDdlLockKey})`);
          await tx.execute(
            sql`create index if not exists ${sql.identifier(cast.index)} on library_chunk_vectors
                using hnsw ((embedding::${cast.type}) ${sql.raw(cast.ops)}) where dimensions = ${sql.raw(String(dimensions))}`,
          );
        });
    made.catch(() => byLength.delete(dimensions));
    byLength.set(dimensions, made);
  }
  return made;
}

/** pgvector's text form of a vector. */
const literal = (vector: readonly number[]) => `[${vector.join(',')}]`;

export interface ChunkVector {
  chunkId: number;
  libraryId: string;
  fileId: string;
  embedding: readonly number[];
}

/** Stores (or replaces) chunks' vectors; the caller has made sure of vectorsReady and of the length's index. */
export async function storeVectors(db: Db, vectors: readonly ChunkVector[]): Promise<void> {
  const RowsPerStatement = 64;
  for (let i = 0; i < vectors.length; i += RowsPerStatement) {
    const rows = vectors.slice(i, i + RowsPerStatement).map((v) => {
      checkDimensions(v.embedding.length);
      return sql`(${v.chunkId}, ${v.libraryId}::uuid, ${v.fileId}::uuid, ${v.embedding.length}, ${literal(v.embedding)}::vector)`;
    });
    await db.execute(sql`
      insert into library_chunk_vectors (chunk_id, library_id, file_id, dimensions, embedding)
      values ${sql.join(rows, sql`, `)}
      on conflict (chunk_id) do update set library_id = excluded.library_id, file_id = excluded.file_id,
        dimensions = excluded.dimensions, embedding = excluded.embedding`);
  }
}

/** Chunk ids of the file's run that have a vector already (a retried step goes on from there). */
export async function chunksWithVectors(db: Db, fileId: string, run: number): Promise<Set<number>> {
  const result = (await db.execute(sql`
    select v.chunk_id from library_chunk_vectors v join library_chunks c on c.id = v.chunk_id
    where v.file_id = ${fileId}::uuid and c.file_id = ${fileId}::uuid and c.run = ${run}`)) as unknown as { rows: { chunk_id: number | string }[] };
  return new Set(result.rows.map((r) => Number(r.chunk_id)));
}

/** Removes every vector of a library (its embedding deployment changed: they no longer compare with its questions). */
export async function deleteLibraryVectors(db: Db, libraryId: string): Promise<void> {
  await db.execute(sql`delete from library_chunk_vectors where library_id = ${libraryId}::uuid`);
}

/** How many vectors a library has, and their length (null: none yet). The caller has made sure of vectorsReady. */
export async function libraryVectorStats(db: Db, libraryId: string): Promise<{ count: number; dimensions: number | null }> {
  const result = (await db.execute(sql`
    select count(*)::int as n, max(dimensions) as dimensions from library_chunk_vectors where library_id = ${libraryId}::uuid`)) as unknown as {
    rows: { n: number | string; dimensions: number | string | null }[];
  };
  const row = result.rows[0];
  return { count: Number(row?.n ?? 0), dimensions: row?.dimensions == null ? null : Number(row.dimensions) };
}

export interface VectorSearch {
  libraryIds: readonly string[];
  /** the question's vector, from the libraries' embedding deployment */
  embedding: readonly number[];
  limit: number;
  /** a condition on the chunk `c` (library_chunks): the libraries' metadata filter (library-filters.ts) */
  where?: SQL | null;
}

/**
 * The chunks of the libraries nearest to the embedding, best first, with their cosine similarity (1 the same
 * direction, 0 unrelated). Only vectors of the embedding's length compare, and only chunks already indexed (a run in
 * progress is not searched until its index step). The caller has made sure of vectorsReady.
 */
export async function searchVectors(db: Db, search: VectorSearch): Promise<{ chunkId: number; score: number }[]> {
  const dimensions = search.embedding.length;
  checkDimensions(dimensions);
  if (search.libraryIds.length === 0 || search.limit < 1) return [];
  const cast = castOf(dimensions)?.type ?? sql.raw(`vector(${dimensions})`);
  const n = sql.raw(String(dimensions));
  const query = sql`${literal(search.embedding)}::vector(${n})::${cast}`;
  const libraries = sql.join(
    search.libraryIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    // relaxed_order: the scan goes on past ef_search until the limit is filled by rows that pass the filters;
    // the outer query puts the few rows it returns slightly out of order back in order
    await tx.execute(
      sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', ${String(Math.min(1000, Math.max(40, search.limit * 2)))}, true)`,
    );
    // a metadata filter is applied as the index is walked (the walk goes on until enough chunks pass it, up to
    // pgvector's hnsw.max_scan_tuples, 20,000 by default): the chunk joined by its primary key
    if (search.where) {
      const filtered = (await tx.execute(sql`
        select v.chunk_id, v.embedding::${cast} <=> ${query} as distance
        from library_chunk_vectors v join library_chunks c on c.id = v.chunk_id
        where v.dimensions = ${n} and v.library_id in (${libraries}) and c.search is not null and ${search.where}
        order by distance
        limit ${search.limit}`)) as unknown as { rows: { chunk_id: number | string; distance: number | string }[] };
      return filtered.rows
        .map((r) => ({ chunkId: Number(r.chunk_id), score: 1 - Number(r.distance) }))
        .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
    }
    // the index walk filters only what the vectors table holds; chunks not indexed yet (a run between its embedding
    // and index steps, seconds) are left out after it, from twice the candidates, by their primary key
    const result = (await tx.execute(sql`
      with nearest as materialized (
        select v.chunk_id, v.embedding::${cast} <=> ${query} as distance
        from library_chunk_vectors v
        where v.dimensions = ${n} and v.library_id in (${libraries})
        order by distance
        limit ${search.limit * 2}
      )
      select n.chunk_id, n.distance from nearest n join library_chunks c on c.id = n.chunk_id
      where c.search is not null
      order by n.distance, n.chunk_id
      limit ${search.limit}`)) as unknown as { rows: { chunk_id: number | string; distance: number | string }[] };
    return result.rows.map((r) => ({ chunkId: Number(r.chunk_id), score: 1 - Number(r.distance) }));
  });
}

/** How long a question's embedding may take before the libraries are searched by full text alone. */
const QuestionEmbeddingTimeoutMs = 10_000;

/**
 * The Vector retriever (retrieval.ts): the question embedded once per embedding deployment among the libraries,
 * each group searched with its vector, the rankings merged by cosine similarity. Null (full text alone) where the
 * database has no vectors, no library embeds with an enabled deployment, or the question could not be embedded
 * (the provider failing; one retry, at most 10 s: a question waits for its answer).
 */
export const vectorRetriever: Retriever = {
  name: 'Vector',
  async search(ctx, query, libraries, limit, signal) {
    if (query.trim() === '' || !(await vectorsReady(ctx))) return null;
    const deployments = await ctx.models.embeddingDeployments();
    const groups = new Map<EmbeddingDeployment, typeof libraries>();
    for (const library of libraries) {
      const deployment = deployments.find((d) => d.deploymentId === library.embeddingDeploymentId);
      if (deployment) groups.set(deployment, [...(groups.get(deployment) ?? []), library]);
    }
    if (groups.size === 0) return null;
    const rankings = await Promise.all(
      [...groups].map(async ([deployment, embedded]): Promise<Ranking | null> => {
        let embedding: number[];
        try {
          const timeout = AbortSignal.timeout(QuestionEmbeddingTimeoutMs);
          const result = await ctx.models.embed({ deployment, inputs: [query], signal: signal ? AbortSignal.any([signal, timeout]) : timeout, retries: 1 });
          embedding = result.vectors[0]!;
        } catch (e) {
          if (!(e instanceof ModelError)) throw e;
          // never the question: in HIPAA mode it must not reach the logs (the message has no key: embed() removed it)
          if (e.kind !== 'aborted' || !signal?.aborted) {
            ctx.logger.warn(
              { deployment: deployment.name, status: e.status, reason: e.message },
              'a question could not be embedded: its libraries are searched by full text',
            );
          }
          return null;
        }
        // one search per filter among the group's libraries
        const searches = groupByFilter(embedded, () => deployment).map((g) => searchVectors(ctx.db, { libraryIds: g.ids, embedding, limit, where: g.where }));
        return (await Promise.all(searches)).flat();
      }),
    );
    const found = rankings.filter((r): r is Ranking => r !== null);
    if (found.length === 0) return null;
    return found
      .flat()
      .sort((a, b) => b.score - a.score || a.chunkId - b.chunkId)
      .slice(0, limit);
  },
};
