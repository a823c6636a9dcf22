// A library's full-text index (Admin FileLibraries textIndex, docs/knowledge.md "Text index and metadata filters"):
// POST turns it on and queues a job that builds it again in the library's language (the `knowledge.text-index`
// queue of the jobs engine, platform/jobs.ts), DELETE turns it off (the library is then searched by vectors alone, or
// gives nothing without them), PUT …/filters says which file metadata filters may name, and GET …/indexDefinition
// describes it.
import {
  LibraryFilterFields,
  LibraryFilterOperatorsByType,
  LibraryMetadataFieldPrefix,
  isLibraryMetadataField,
  libraryFilterFieldType,
  type TextIndexDefinition,
  type TextIndexFiltersInput,
  type TextSearchLanguage,
} from '@atrium/contract';
import type { Principal } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import { auditActorOf } from '../../platform/access.js';
import { recordAudit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { AggregateType, libraryFor, type KnowledgeContext } from './file-libraries.service.js';
import { checkFilterableFields, filterableFieldsOf } from './library-filters.js';
import { libraryVectorStats, vectorsReady } from './knowledge.vectors.js';
import * as repo from './knowledge.repository.js';

/** ts_rank_cd's normalisation in retrieval.ts: rank / (rank + 1), 0 to 1. */
const RankNormalization = 32;

const describeField = (name: string) => {
  const type = libraryFilterFieldType(name) ?? 'string';
  return { name, type, operators: [...LibraryFilterOperatorsByType[type]] };
};

async function definitionOf(ctx: KnowledgeContext, library: repo.FileLibraryRow): Promise<TextIndexDefinition> {
  const deployment = (await ctx.models.embeddingDeployments()).find((d) => d.deploymentId === library.embeddingDeploymentId);
  const vectors = deployment && (await vectorsReady(ctx)) ? await libraryVectorStats(ctx.db, library.id) : null;
  const metadataKeys = (await repo.metadataKeysOf(ctx.db, [library.id])).get(library.id) ?? [];
  return {
    dataSourceId: library.id,
    enabled: library.textIndexEnabled,
    language: library.language as TextSearchLanguage,
    query: { parser: 'websearch_to_tsquery', ranking: 'ts_rank_cd', normalization: RankNormalization },
    fields: [
      { name: 'headings', weight: 'A' },
      { name: 'text', weight: 'B' },
    ],
    filterableFields: filterableFieldsOf(library, metadataKeys).map(describeField),
    // the built-in fields, and metadata.<key> of every key the files use (or the library chose)
    availableFilterFields: [
      ...new Set([
        ...LibraryFilterFields,
        ...metadataKeys.map((k) => `${LibraryMetadataFieldPrefix}${k}`),
        ...filterableFieldsOf(library).filter(isLibraryMetadataField),
      ]),
    ].map(describeField),
    vectors:
      deployment && vectors ? { embeddingDeploymentName: deployment.name, dimensions: vectors.dimensions, metric: 'cosine', count: vectors.count } : null,
    counts: await repo.textIndexCounts(ctx.db, library.id),
    ...(await buildStatusOf(ctx, library)),
  };
}

type BuildStatus = Pick<TextIndexDefinition, 'buildStatus' | 'buildQueuedAt' | 'lastBuiltAt' | 'buildError'>;

/**
 * Where the library's last build stands, read from the jobs engine's record of its jobs (no column of the library
 * holds it: the job is the build's state, and pg-boss keeps a finished job a day). The newest job says Queued (created,
 * or retry after a failed try), Building (active), Ready (completed) or Failed (retries spent); without one on
 * record the index is Ready when it is on (each file's index step fills it) and NotBuilt when it is off.
 */
export async function buildStatusOf(ctx: Pick<AppContext, 'jobs'>, library: repo.FileLibraryRow): Promise<BuildStatus> {
  const jobs = await ctx.jobs.find<TextIndexJob>(TextIndexQueue, { libraryId: library.id });
  const latest = jobs[0];
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  if (!latest) return { buildStatus: library.textIndexEnabled ? 'Ready' : 'NotBuilt', buildQueuedAt: null, lastBuiltAt: null, buildError: null };
  // the last build that ended, for its time (a newer one may be waiting or running)
  const ended = jobs.find((j) => j.state === 'completed' || j.state === 'failed');
  const status: BuildStatus['buildStatus'] =
    latest.state === 'active' ? 'Building' : latest.state === 'created' || latest.state === 'retry' ? 'Queued' : latest.state === 'failed' ? 'Failed' : 'Ready';
  return {
    buildStatus: status,
    buildQueuedAt: iso(latest.createdOn),
    lastBuiltAt: iso(ended?.completedOn ?? null),
    buildError: latest.state === 'failed' || latest.state === 'retry' ? latest.error : null,
  };
}

export async function indexDefinition(ctx: KnowledgeContext, principal: Principal, id: string): Promise<TextIndexDefinition> {
  return definitionOf(ctx, await libraryFor(ctx, principal, id, 'read'));
}

/** The queue of text index builds: a job per library and language asked for. */
export const TextIndexQueue = 'knowledge.text-index';

export interface TextIndexJob {
  libraryId: string;
  /** the library's language when the build was asked for (the build reads it again when it starts) */
  language: string;
}

type TextIndexJobsContext = Pick<AppContext, 'db' | 'jobs' | 'logger'>;

/**
 * Declares the queue of text index builds. A job's key is its library and language: while a build of the same
 * library and language waits or runs, asking again adds nothing (it builds the same index), and a build asked for
 * after a change of language is queued beside it (each builds in the language the library has when it starts, under
 * the library's lock, so the last to start builds the current one). A build
 * that fails is retried with backoff; one whose process stopped runs again (at the next start, or when it expires),
 * as ingestion's jobs do.
 */
export function defineTextIndexJobs(ctx: TextIndexJobsContext): void {
  ctx.jobs.define<TextIndexJob>(
    TextIndexQueue,
    { concurrency: 1, retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 3600, key: (job) => `${job.libraryId}:${job.language}` },
    async (job) => {
      await rebuildTextIndex(ctx, job.libraryId);
    },
  );
}

/**
 * Builds the library's full-text index again, in its language as it is when the build starts (a language changed
 * since its files were processed applies to them all, without reading them again): every chunk already indexed gets
 * its tsvector anew, in one transaction under the library's lock (its files' index steps wait for it). The chunks
 * indexed, or null when the library is gone. Idempotent.
 */
export async function rebuildTextIndex(ctx: TextIndexJobsContext, libraryId: string): Promise<number | null> {
  const started = Date.now();
  const done = await ctx.db.transaction(async (tx) => {
    const library = await repo.lockLibrary(tx, libraryId);
    if (!library) return null;
    return { language: library.language, indexedChunks: await repo.reindexLibraryChunks(tx, libraryId, library.language) };
  });
  if (done) ctx.logger.info({ libraryId, ...done, durationMs: Date.now() - started }, 'library text index built');
  return done?.indexedChunks ?? null;
}

/**
 * Turns the library's full-text index on and queues its build (rebuildTextIndex) in its language as it is now.
 * Answers at once with the index definition: the chunks keep their tsvectors while the index is off, so the library
 * is searched by full text again at once, with those until the build has replaced them. The job is queued before the
 * change is committed, so that a stop in between cannot lose it (a build that runs before the commit builds the same
 * index). Idempotent.
 */
export async function createTextIndex(ctx: KnowledgeContext, principal: Principal, id: string): Promise<TextIndexDefinition> {
  const library = await libraryFor(ctx, principal, id, 'write');
  await ctx.jobs.send<TextIndexJob>(TextIndexQueue, { libraryId: id, language: library.language });
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockLibrary(tx, id);
    if (!before) throw notFound('The file library');
    const updated = before.textIndexEnabled ? before : await repo.updateLibrary(tx, id, { textIndexEnabled: true });
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'TextIndexCreated',
      actor: auditActorOf(principal),
      before: { textIndexEnabled: before.textIndexEnabled },
      after: { textIndexEnabled: true, language: before.language },
    });
    return updated;
  });
  return definitionOf(ctx, row);
}

/**
 * Turns the library's full-text index off: the full-text retriever leaves it out, so it is searched by its vectors
 * alone, and gives nothing when it has none. Its chunks keep their full-text vectors (the vector search reads only
 * chunks that have one), so that POST turns it on again at once. Idempotent.
 */
export async function deleteTextIndex(ctx: KnowledgeContext, principal: Principal, id: string): Promise<void> {
  const current = await libraryFor(ctx, principal, id, 'write');
  if (!current.textIndexEnabled) return;
  await ctx.db.transaction(async (tx) => {
    await repo.updateLibrary(tx, id, { textIndexEnabled: false });
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'TextIndexDeleted',
      actor: auditActorOf(principal),
      before: { textIndexEnabled: true },
      after: { textIndexEnabled: false },
    });
  });
}

/**
 * Says which file metadata filters may name (400 naming an unknown field). Filters already set on agents keep working
 * as they are (they narrow what the agent answers from); new ones are checked against the new fields.
 */
export async function setFilterableFields(ctx: KnowledgeContext, principal: Principal, id: string, input: TextIndexFiltersInput): Promise<TextIndexDefinition> {
  const current = await libraryFor(ctx, principal, id, 'write');
  const fields = checkFilterableFields(input.filterableFields);
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await repo.updateLibrary(tx, id, { filterableFields: fields });
    await recordAudit(tx, {
      aggregateType: AggregateType,
      aggregateId: id,
      domainOperation: 'TextIndexFiltersUpdated',
      actor: auditActorOf(principal),
      before: { filterableFields: filterableFieldsOf(current) },
      after: { filterableFields: fields },
    });
    return updated;
  });
  return definitionOf(ctx, row);
}
