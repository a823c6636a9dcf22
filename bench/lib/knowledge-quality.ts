// Retrieval quality on a labelled set kept in the repository (bench/data/knowledge: 30 documents of a fictional
// university's handbook and about 300 questions, each labelled with the document and section that answers it and a
// phrase of that section). Shared by the quality test (server/src/modules/knowledge/retrieval-quality.test.ts) and
// the knowledge bench: the documents go through the real upload API and ingestion jobs of a test app (chunked,
// embedded where the library embeds, indexed), then each question is asked of each retriever alone (full text,
// vectors) and of `retrieve` (the fusion the chat uses), and the answers are scored:
//  - recall@5: the share of questions whose answering chunk is among the first 5 (the default top-k of a library);
//  - MRR@10: the mean of 1 / the rank of the answering chunk in the first 10 (0 when it is not there).
// A chunk answers a question when it is of the labelled file, sits under the labelled section and holds the phrase.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { FileLibrarySchema, LibraryFileSchema, LibraryFileUploadResultSchema } from '@atrium/contract';
import type { TestApp } from '../../server/src/test/harness.js';
import { multipartFiles } from '../../server/src/test/library-fixtures.js';
import { connectFakeEmbedder } from '../../server/src/test/model-app.js';
import { libraryChunks, libraryFiles } from '../../server/src/db/schema/index.js';
import * as repo from '../../server/src/modules/knowledge/knowledge.repository.js';
import { Retrievers, retrieve, type RetrievalContext } from '../../server/src/modules/knowledge/retrieval.js';

const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data/knowledge');

export interface CorpusDocument {
  fileName: string;
  text: string;
}

export interface LabelledQuestion {
  file: string;
  section: string;
  /** a phrase of the section that answers the question */
  answer: string;
  question: string;
}

/** The handbook's documents, by file name. */
export const loadCorpus = (): CorpusDocument[] =>
  fs
    .readdirSync(path.join(dataDir, 'corpus'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((fileName) => ({ fileName, text: fs.readFileSync(path.join(dataDir, 'corpus', fileName), 'utf8') }));

/** The labelled questions (questions.tsv: file, section, answer phrase, question; `#` starts a comment line). */
export const loadQuestions = (): LabelledQuestion[] =>
  fs
    .readFileSync(path.join(dataDir, 'questions.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, i) => {
      const [file, section, answer, question, ...rest] = line.split('\t');
      if (!file || !section || !answer || !question || rest.length > 0) throw new Error(`questions.tsv, question ${i + 1}: expected 4 columns`);
      return { file, section, answer, question };
    });

export type Method = 'FullText' | 'Vector' | 'Hybrid';

export interface MethodQuality {
  method: Method;
  /** questions asked (0: the method cannot search this library) */
  questions: number;
  recallAt5: number;
  mrrAt10: number;
  /** questions whose answer was not in the first 5 */
  misses: LabelledQuestion[];
}

export interface QualityResult {
  libraryId: string;
  documents: number;
  chunks: number;
  questions: number;
  /** the library's retrieval mode: Hybrid when its chunks have vectors */
  mode: string;
  methods: MethodQuality[];
  /** seconds from the first upload to all files Online */
  ingestSeconds: number;
}

/** Quality set-up options: `embeddingUrl` is an OpenAI-compatible server that embeds (the fake one in tests). */
export interface QualityOptions {
  embeddingUrl?: string;
  /** a library's chunking: the product's defaults unless given */
  chunkSize?: number;
  chunkOverlap?: number;
}

const inject = async (t: TestApp, token: string, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/api/internal${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.body ? (JSON.parse(res.body) as unknown) : undefined;
};

/**
 * Makes a library of the handbook through the API (embedding with a deployment on `embeddingUrl` when given and
 * the database has vectors), uploads its documents and waits until all are Online. Answers the library's id.
 */
export async function ingestHandbook(t: TestApp, options: QualityOptions = {}): Promise<{ libraryId: string; mode: string; ingestSeconds: number }> {
  const admin = await t.createUser({ actions: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite'] });
  let embeddingDeploymentName: string | null = null;
  if (options.embeddingUrl) {
    await connectFakeEmbedder(
      t.ctx,
      options.embeddingUrl,
      { name: 'handbook-embedder', displayName: 'Handbook embedder' },
      { userId: null, userName: 'quality' },
    );
    embeddingDeploymentName = 'handbook-embedder';
  }
  const library = FileLibrarySchema.parse(
    await inject(t, admin.token, 'POST', '/admin/fileLibraries', {
      name: 'Northbridge handbook',
      embeddingDeploymentName,
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      ...(options.chunkOverlap !== undefined ? { chunkOverlap: options.chunkOverlap } : {}),
    }),
  );
  const documents = loadCorpus();
  const started = performance.now();
  const fileIds: string[] = [];
  // at most 20 files an upload
  for (let i = 0; i < documents.length; i += 20) {
    const { payload, headers } = multipartFiles(documents.slice(i, i + 20).map((d) => ({ fileName: d.fileName, data: Buffer.from(d.text) })));
    const result = LibraryFileUploadResultSchema.parse(
      await inject(t, admin.token, 'POST', `/admin/fileLibraries/${library.dataSourceId}/files`, payload, headers),
    );
    fileIds.push(...result.items.map((item) => item.file.fileId));
  }
  for (const fileId of fileIds) {
    for (const waitStarted = Date.now(); ;) {
      const file = LibraryFileSchema.parse(await inject(t, admin.token, 'GET', `/admin/fileLibraries/${library.dataSourceId}/files/${fileId}`));
      if (file.status === 'Online') break;
      if (file.status === 'Error') throw new Error(`${file.fileName} ended in Error: ${file.errorMessage ?? ''}`);
      if (Date.now() - waitStarted > 120_000) throw new Error(`${file.fileName} is still ${file.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  const after = FileLibrarySchema.parse(await inject(t, admin.token, 'GET', `/admin/fileLibraries/${library.dataSourceId}`));
  return { libraryId: library.dataSourceId, mode: after.retrievalMode, ingestSeconds };
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

/** The chunk ids that answer each question; throws when a label matches no chunk (a mistake in the data set). */
async function answeringChunks(ctx: RetrievalContext, libraryId: string, questions: LabelledQuestion[]): Promise<Set<number>[]> {
  const chunks = await ctx.db
    .select({ id: libraryChunks.id, text: libraryChunks.text, headings: libraryChunks.headings, fileName: libraryFiles.fileName })
    .from(libraryChunks)
    .innerJoin(libraryFiles, eq(libraryFiles.id, libraryChunks.fileId))
    .where(eq(libraryChunks.libraryId, libraryId));
  return questions.map((q) => {
    const answer = normalise(q.answer);
    const ids = chunks.filter((c) => c.fileName === q.file && c.headings.at(-1) === q.section && normalise(c.text).includes(answer)).map((c) => c.id);
    if (ids.length === 0) throw new Error(`no chunk of ${q.file} under "${q.section}" holds "${q.answer}" (question: ${q.question})`);
    return new Set(ids);
  });
}

/** recall@5 and MRR@10 of ranked chunk ids against the answering chunks, question by question. */
export function score(method: Method, questions: LabelledQuestion[], answers: Set<number>[], ranked: (number[] | null)[]): MethodQuality {
  if (ranked.every((r) => r === null)) return { method, questions: 0, recallAt5: 0, mrrAt10: 0, misses: [] };
  let found = 0;
  let reciprocal = 0;
  const misses: LabelledQuestion[] = [];
  ranked.forEach((ids, i) => {
    const rank = (ids ?? []).slice(0, 10).findIndex((id) => answers[i]!.has(id));
    if (rank >= 0 && rank < 5) found++;
    else misses.push(questions[i]!);
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  });
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return { method, questions: questions.length, recallAt5: round(found / questions.length), mrrAt10: round(reciprocal / questions.length), misses };
}

/**
 * Asks every labelled question of the library: each retriever alone (its own ranking, as many candidates as
 * `retrieve` asks of it for a top-k of 10) and `retrieve` itself with a top-k of 10 (its first 5 are what a top-k
 * of 5 gives but for the candidates fusion sees; recall@5 is also measured with a top-k of 5, as the chat asks).
 */
export async function measureQuality(
  ctx: RetrievalContext,
  libraryId: string,
  options: { questions?: LabelledQuestion[]; methods?: Method[] } = {},
): Promise<MethodQuality[]> {
  const questions = options.questions ?? loadQuestions();
  const methods = options.methods ?? ['FullText', 'Vector', 'Hybrid'];
  const library = await repo.getLibrary(ctx.db, libraryId);
  if (!library) throw new Error('the library is gone');
  const answers = await answeringChunks(ctx, libraryId, questions);
  const chunkIds = new Map(
    (
      await ctx.db
        .select({ id: libraryChunks.id, fileId: libraryChunks.fileId, chunkIndex: libraryChunks.chunkIndex })
        .from(libraryChunks)
        .where(eq(libraryChunks.libraryId, libraryId))
    ).map((c) => [`${c.fileId}/${c.chunkIndex}`, c.id]),
  );
  const rankings: Record<Method, (number[] | null)[]> = { FullText: [], Vector: [], Hybrid: [] };
  const hybridTop5: number[][] = [];
  for (const q of questions) {
    for (const name of (['FullText', 'Vector'] as const).filter((m) => methods.includes(m))) {
      const retriever = Retrievers.find((r) => r.name === name);
      const ranking = retriever ? await retriever.search(ctx, q.question, [library], 40) : null;
      rankings[name].push(ranking ? ranking.map((r) => r.chunkId) : null);
    }
    if (!methods.includes('Hybrid')) continue;
    const passagesOf = async (topK: number) =>
      (await retrieve(ctx, q.question, [{ library, topK, minScore: 0 }])).passages.map((p) => chunkIds.get(`${p.fileId}/${p.chunkIndex}`) ?? -1);
    rankings.Hybrid.push(await passagesOf(10));
    hybridTop5.push(await passagesOf(5));
  }
  return methods.map((method) => {
    const quality = score(method, questions, answers, rankings[method]);
    if (method !== 'Hybrid') return quality;
    // recall@5 as the chat's default top-k of 5 gives it
    const asked = score('Hybrid', questions, answers, hybridTop5);
    return { ...quality, recallAt5: asked.recallAt5, misses: asked.misses };
  });
}

/** Ingests the handbook and measures every method. */
export async function handbookQuality(t: TestApp, options: QualityOptions = {}): Promise<QualityResult> {
  const questions = loadQuestions();
  const { libraryId, mode, ingestSeconds } = await ingestHandbook(t, options);
  const methods = await measureQuality(t.ctx, libraryId, { questions });
  const chunks = await t.ctx.db.$count(libraryChunks, eq(libraryChunks.libraryId, libraryId));
  return { libraryId, documents: loadCorpus().length, chunks, questions: questions.length, mode, methods, ingestSeconds };
}
