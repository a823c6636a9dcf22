// What the knowledge bench's retrieval part runs on: the server's own database client (PGlite in a data directory,
// with the server's settings, or PostgreSQL), its model gateway (for a question's embedding) and a connection with an
// Embedding deployment on the fake OpenAI server in a process of its own, as an embedding server would be.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
import { createModelGateway } from '../../server/src/ai/model-registry.js';
import { secretBoxFromConfig } from '../../server/src/platform/secrets.js';
import { createConnection } from '../../server/src/modules/connections/connections.service.js';
import { vectorsReady } from '../../server/src/modules/knowledge/knowledge.vectors.js';
import type { RetrievalContext } from '../../server/src/modules/knowledge/retrieval.js';
// the bench runs the server's TypeScript sources: start the database worker from its source too
import '../../server/src/test/pglite-worker-source.js';

export interface KnowledgeBenchContext {
  ctx: RetrievalContext;
  database: DatabaseHandle;
  /** the Embedding deployment's id, where the database has vectors and an embedding server was given */
  embeddingDeploymentId: string | null;
  close(): Promise<void>;
}

/**
 * Opens the database with the server's settings: PGlite under a new directory when `databaseUrl` is null (or under
 * `keepDir`, kept afterwards and opened again by the next run that names it), its page cache `cacheMb` (DATABASE_CACHE_MB;
 * the server's default when absent).
 */
export async function openKnowledgeBench(
  databaseUrl: string | null,
  embeddingUrl: string | null,
  keepDir?: string,
  cacheMb?: number,
): Promise<KnowledgeBenchContext> {
  const dataDir = keepDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-knowledge-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-admin-password', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db'), pgliteCacheMb: cacheMb });
  const logger = pino({ level: 'silent' });
  const secrets = secretBoxFromConfig(config);
  const models = createModelGateway({ db: database.db, config, secrets, logger });
  const ctx: RetrievalContext = { db: database.db, database, models, logger, config };
  let embeddingDeploymentId: string | null = null;
  if (embeddingUrl && (await vectorsReady(ctx))) {
    // a kept database has its connection already: it is pointed at this run's embedding server
    const kept = (await database.db.execute(
      sql`update connections c set endpoint = ${embeddingUrl} from deployments d where d.connection_id = c.id and c.name = 'Embeddings' returning d.id`,
    )) as unknown as { rows: { id: string }[] };
    if (kept.rows[0]) {
      embeddingDeploymentId = kept.rows[0].id;
      models.invalidate();
    } else {
      const connection = await createConnection(
        { db: database.db, secrets, models },
        { userId: null, userName: 'bench' },
        {
          name: 'Embeddings',
          providerType: 'OpenAI',
          endpoint: embeddingUrl,
          apiKey: 'sk-bench',
          deployments: [{ name: 'bench-embedder', displayName: 'Bench embedder', model: 'text-embedding-3-small', kind: 'Embedding' }],
        },
      );
      embeddingDeploymentId = connection.deployments[0]!.deploymentId;
    }
  }
  return {
    ctx,
    database,
    embeddingDeploymentId,
    async close() {
      await database.close();
      if (!keepDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
