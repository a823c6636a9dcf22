// Ingestion end to end: documents uploaded over HTTP to a test app (server/src/test/harness.ts createTestApp: the
// real routes, ingestion jobs and extraction threads, on PGlite in memory or on PostgreSQL), timed from the first
// upload request to the moment every file is Online (the library's file counts, polled every 100 ms). A library
// that embeds does so with an Embedding deployment on the fake OpenAI server in a process of its own on 127.0.0.1
// (vectors of hashed word stems and trigrams; answers at once), so that the figure is the platform's own work.
import { FileLibrarySchema, LibraryFileUploadResultSchema, type FileLibrary } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../server/src/test/harness.js';
import { makePagedPdf } from '../../server/src/test/library-fixtures.js';
import { connectFakeEmbedder } from '../../server/src/test/model-app.js';
import { sql } from 'drizzle-orm';
import { fakeEmbedding, FakeEmbeddingDimensions } from '../../server/src/test/fake-upstreams.js';
import { sentences } from './knowledge-retrieval-data.js';
import { round } from './stats.js';

export interface IngestionResult {
  kind: 'markdown' | 'pdf';
  embedded: boolean;
  files: number;
  pages: number | null;
  chunks: number;
  megabytes: number;
  seconds: number;
  chunksPerSecond: number;
  pagesPerSecond: number | null;
  /**
   * The floor of an embedded run on PGlite: the same number of vectors (the fake's length) inserted into a bare table
   * with an HNSW index of the same kind, as many per transaction as ingestion stores, and nothing else: vectors/s.
   */
  hnswFloorPerSecond: number | null;
}

/**
 * Inserts `count` vectors into a scratch table with pgvector's HNSW index (cosine, as library_chunk_vectors has), `perTransaction` rows
 * a statement and a transaction, as ingestion's embed step stores them on PGlite; answers vectors/s. The table is dropped after.
 */
async function hnswInsertFloor(t: TestApp, count: number, perTransaction: number): Promise<number> {
  const pool = sentences();
  const vectors = Array.from({ length: count }, (_, i) => `[${fakeEmbedding(pool[i % pool.length]!).join(',')}]`);
  await t.ctx.db.execute(sql.raw(`create table bench_hnsw_floor (id integer primary key, embedding vector(${FakeEmbeddingDimensions}))`));
  await t.ctx.db.execute(sql.raw('create index bench_hnsw_floor_idx on bench_hnsw_floor using hnsw (embedding vector_cosine_ops)'));
  try {
    const started = performance.now();
    for (let i = 0; i < count; i += perTransaction) {
      const rows = vectors.slice(i, i + perTransaction).map((v, j) => sql`(${i + j}, ${v}::vector)`);
      await t.ctx.db.execute(sql`insert into bench_hnsw_floor (id, embedding) values ${sql.join(rows, sql`, `)}`);
    }
    return round(count / ((performance.now() - started) / 1000), 0);
  } finally {
    await t.ctx.db.execute(sql.raw('drop table bench_hnsw_floor'));
  }
}

/** Documents of the retrieval bench's words: Markdown with a heading every 12 paragraphs, or PDFs of 45-line pages. */
export function documents(kind: 'markdown' | 'pdf', files: number, size: number): { fileName: string; data: Buffer; pages: number | null }[] {
  const pool = sentences();
  let next = 0;
  const sentence = () => pool[next++ % pool.length]!;
  return Array.from({ length: files }, (_, f) => {
    if (kind === 'markdown') {
      // `size` paragraphs of 4 sentences (about 400 characters each)
      const parts: string[] = [];
      for (let p = 0; p < size; p++) {
        if (p % 12 === 0) parts.push(`## Section ${f}.${p / 12}`);
        parts.push(Array.from({ length: 4 }, sentence).join(' '));
      }
      return { fileName: `document-${f}.md`, data: Buffer.from(`# Document ${f}\n\n${parts.join('\n\n')}\n`), pages: null };
    }
    // `size` pages of 45 lines of about 90 characters (a dense page: 4,000 characters)
    const pages = Array.from({ length: size }, () => {
      const lines: string[] = [];
      let line = '';
      while (lines.length < 45) {
        for (const word of sentence().split(' ')) {
          if (line.length + word.length > 90) {
            lines.push(line);
            line = '';
          }
          line += `${line ? ' ' : ''}${word}`;
        }
      }
      return lines.slice(0, 45);
    });
    return { fileName: `report-${f}.pdf`, data: makePagedPdf(pages), pages: size };
  });
}

const api = async <T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl}/api/internal${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
};

/**
 * Uploads the documents (20 a request, as many requests at once as it takes) into a new library of a fresh test app
 * and times them until all are Online. `embeddingUrl`: the library embeds with a deployment there.
 */
export async function measureIngestion(options: {
  kind: 'markdown' | 'pdf';
  files: number;
  /** paragraphs of a Markdown file, pages of a PDF */
  size: number;
  embeddingUrl: string | null;
  /** looks at the app before it closes (the files' logs) */
  inspect?: (t: TestApp, libraryId: string) => Promise<void>;
}): Promise<IngestionResult> {
  const docs = documents(options.kind, options.files, options.size);
  const t: TestApp = await createTestApp({ LIBRARY_FILE_MAX_BYTES: String(200 * 1024 * 1024) });
  try {
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const admin = await t.createUser({ actions: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'] });
    let embeddingDeploymentName: string | null = null;
    if (options.embeddingUrl) {
      await connectFakeEmbedder(t.ctx, options.embeddingUrl, { name: 'bench-embedder', displayName: 'Bench embedder' }, { userId: null, userName: 'bench' });
      embeddingDeploymentName = 'bench-embedder';
    }
    const library = await api<FileLibrary>(baseUrl, admin.token, 'POST', '/admin/fileLibraries', { name: 'Ingestion', embeddingDeploymentName });
    const embedded = FileLibrarySchema.parse(library).retrievalMode === 'Hybrid';
    const started = performance.now();
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < docs.length; i += 20) {
      const form = new FormData();
      for (const d of docs.slice(i, i + 20)) form.append('file', new Blob([new Uint8Array(d.data)]), d.fileName);
      requests.push(
        api(baseUrl, admin.token, 'POST', `/admin/fileLibraries/${library.dataSourceId}/files`, form).then((r) => LibraryFileUploadResultSchema.parse(r)),
      );
    }
    await Promise.all(requests);
    for (;;) {
      const now = FileLibrarySchema.parse(await api(baseUrl, admin.token, 'GET', `/admin/fileLibraries/${library.dataSourceId}`));
      if (now.files.error > 0) throw new Error(`${now.files.error} files ended in Error`);
      if (now.files.online === docs.length) {
        const seconds = (performance.now() - started) / 1000;
        await options.inspect?.(t, library.dataSourceId);
        const pages = options.kind === 'pdf' ? docs.reduce((n, d) => n + (d.pages ?? 0), 0) : null;
        // ingestion stores 4096 / dimensions vectors a transaction on PGlite (knowledge.ingestion.ts vectorsPerTransaction)
        const floor =
          embedded && t.ctx.database.kind === 'pglite'
            ? await hnswInsertFloor(t, now.chunkCount, Math.max(1, Math.floor(4096 / FakeEmbeddingDimensions)))
            : null;
        return {
          kind: options.kind,
          embedded,
          files: docs.length,
          pages,
          chunks: now.chunkCount,
          megabytes: round(docs.reduce((n, d) => n + d.data.length, 0) / 2 ** 20, 1),
          seconds: round(seconds, 1),
          chunksPerSecond: round(now.chunkCount / seconds, 0),
          pagesPerSecond: pages === null ? null : round(pages / seconds, 1),
          hnswFloorPerSecond: floor,
        };
      }
      if (performance.now() - started > 30 * 60_000) throw new Error(`still ${now.files.online} of ${docs.length} files Online after 30 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await t.close();
  }
}
