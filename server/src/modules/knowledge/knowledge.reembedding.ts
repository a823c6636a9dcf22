// Embedding again after an Embedding deployment changed in place (its model, or the vector length it asks for):
// the libraries that embed with it keep its id, so nothing in them says their vectors are of another model. The
// connections module calls this in the transaction of its change: every library embedding with the deployment
// loses its vectors, and its files go back to the embedding step as when a library's deployment is changed
// (file-libraries.service.ts updateLibrary): Online files are OutOfDate, searched by full text meanwhile, then
// Online again. The jobs are sent after the commit (sendEmbedSteps).
import type { AppContext, InTransaction } from '../../platform/context.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { deleteLibraryVectors } from './knowledge.vectors.js';
import { sendStep, type IngestionContext } from './knowledge.ingestion.js';
import * as repo from './knowledge.repository.js';
import { DeploymentCacheSeconds } from '../../ai/model-registry.js';

/** `vectors`: vectorsReady, asked before the transaction (on PGlite its first call needs the only connection). */
export type ReembeddingContext = InTransaction<Pick<AppContext, 'db'>> & { vectors: boolean };

/** What changed of the deployment, as the audit trail and the files' log lines tell it. */
export interface EmbeddingChange {
  deploymentId: string;
  name: string;
  displayName: string;
  before: { model: string; dimensions: number | null };
  after: { model: string; dimensions: number | null };
}

export interface FilesToEmbed {
  files: { id: string; run: number }[];
}

const described = (d: { model: string; dimensions: number | null }) => (d.dimensions === null ? d.model : `${d.model} at ${d.dimensions} dimensions`);

/**
 * In the caller's transaction: removes the vectors of every library embedding with the deployment and moves their
 * embedded files (and those being embedded) to a new run of the embedding step, each library's change in the audit
 * trail. Nothing where the database has no vectors (its files are not embedded). The files to send steps for.
 */
export async function embedAgainWithDeployment(ctx: ReembeddingContext, actor: AuditActor, change: EmbeddingChange): Promise<FilesToEmbed> {
  if (!ctx.vectors) return { files: [] };
  const files: { id: string; run: number }[] = [];
  for (const library of await repo.lockLibrariesEmbeddingWith(ctx.db, change.deploymentId)) {
    await deleteLibraryVectors(ctx.db, library.id);
    const moved = await repo.requeueForEmbedding(
      ctx.db,
      library.id,
      `The embedding deployment ${change.displayName} changed to ${described(change.after)}: the file is embedded again (searched by full text meanwhile).`,
      { embedding: true },
    );
    files.push(...moved);
    await recordAudit(ctx.db, {
      aggregateType: 'FileLibrary',
      aggregateId: library.id,
      domainOperation: 'Updated',
      actor,
      before: { embeddingDeploymentName: change.name, embeddingModel: change.before.model, embeddingDimensions: change.before.dimensions },
      after: {
        embeddingDeploymentName: change.name,
        embeddingModel: change.after.model,
        embeddingDimensions: change.after.dimensions,
        filesEmbeddedAgain: moved.length,
      },
    });
  }
  return { files };
}

/**
 * After the commit: queues the embedding step of each file moved (a job lost here is found by the sweep). This
 * process forgot the deployment as it was (the connections module invalidated its catalogue); on PostgreSQL another
 * process may run the step, and its catalogue may hold the old model for DeploymentCacheSeconds, so the steps
 * wait that long (and one more second) there.
 */
export async function sendEmbedSteps(ctx: Pick<IngestionContext, 'jobs' | 'logger' | 'database'>, toEmbed: FilesToEmbed): Promise<void> {
  const startAfterSeconds = ctx.database.kind === 'pglite' ? 0 : DeploymentCacheSeconds + 1;
  for (const file of toEmbed.files) await sendStep(ctx, 'embed', { fileId: file.id, run: file.run }, { startAfterSeconds });
}
