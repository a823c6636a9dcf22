// The deployments that can answer (chat), draw (images), embed and rerank (file libraries), read by the model registry
// and by the agents' deployment picker.
import type { DeploymentKind, GptSystemDeployment, ProviderTypeName } from '@atrium/contract';
import type { Db } from '../../db/client.js';
import { OfflineDeployment } from '../../ai/offline-engine.js';
import { providerAdapters, providerTypeFromName } from '../../ai/providers/index.js';
import { listEnabledDeploymentsWithConnection } from './connections.repository.js';

/** What the model registry answers with: enabled deployments and their connections (keys still sealed). */
export interface AnsweringDeployment {
  deploymentId: string;
  name: string;
  displayName: string;
  model: string;
  kind: DeploymentKind;
  providerType: ProviderTypeName;
  vision: boolean;
  tools: boolean;
  hipaaCompliant: boolean;
  contextWindow: number | null;
  maxOutputTokens: number | null;
  /** Embedding deployments: the vector length asked of the model; null: the model's own */
  dimensions: number | null;
  isDefault: boolean;
  connection: { connectionId: string; name: string; endpoint: string | null; apiVersion: string | null; apiKeyEncrypted: string | null };
}

/** Enabled chat deployments: what answers questions, the instance default first. */
export const listAnsweringDeployments = (db: Db) => listEnabledDeployments(db, 'Chat');

/** Enabled image deployments that their provider can serve, the default image deployment first. */
export const listImageDeployments = (db: Db) => listEnabledDeployments(db, 'ImageGeneration');

/** Enabled embedding deployments that their provider can serve, the default embedding deployment first. */
export const listEmbeddingDeployments = (db: Db) => listEnabledDeployments(db, 'Embedding');

/** Enabled rerank deployments on connections that rerank (OpenAI-compatible), the default rerank deployment first. */
export const listRerankDeployments = (db: Db) => listEnabledDeployments(db, 'Rerank');

/** Enabled speech deployments on connections that speak (OpenAI, Azure OpenAI, OpenAI-compatible), the default first. */
export const listSpeechDeployments = (db: Db) => listEnabledDeployments(db, 'Speech');

async function listEnabledDeployments(db: Db, kind: DeploymentKind): Promise<AnsweringDeployment[]> {
  const rows = await listEnabledDeploymentsWithConnection(db, kind);
  return rows.flatMap(({ deployment: d, connection: c }) => {
    const providerType = providerTypeFromName(c.providerType);
    if (!providerType) return [];
    if (kind === 'ImageGeneration' && !providerAdapters[providerType].imageModel) return [];
    if (kind === 'Embedding' && !providerAdapters[providerType].embeddingModel) return [];
    if ((kind === 'Rerank' || kind === 'Speech') && !providerAdapters[providerType].description.deploymentKinds.includes(kind)) return [];
    return [
      {
        deploymentId: d.id,
        name: d.name,
        displayName: d.displayName,
        model: d.model,
        kind,
        providerType,
        vision: d.vision,
        tools: d.tools,
        hipaaCompliant: d.hipaaCompliant,
        contextWindow: d.contextWindow,
        maxOutputTokens: d.maxOutputTokens,
        dimensions: kind === 'Embedding' ? d.dimensions : null,
        isDefault: d.isDefault,
        connection: { connectionId: c.id, name: c.name, endpoint: c.endpoint, apiVersion: c.apiVersion, apiKeyEncrypted: c.apiKeyEncrypted },
      },
    ];
  });
}

/** GET /admin/gptSystems/deployments: enabled deployments, then the built-in offline engine. */
export async function listGptSystemDeployments(
  db: Db,
  filter: { hipaaCompliant?: boolean | undefined },
): Promise<{ items: GptSystemDeployment[]; continuationToken: null }> {
  const deployments = await listAnsweringDeployments(db);
  // everything a deployment answers with, but only the connection's name (never its endpoint or key)
  const items: GptSystemDeployment[] = deployments.map(({ connection, dimensions: _dimensions, ...deployment }) => ({
    ...deployment,
    connectionName: connection.name,
  }));
  const o = OfflineDeployment;
  items.push({
    deploymentId: o.deploymentId,
    name: o.name,
    displayName: o.displayName,
    model: o.model,
    kind: 'Chat',
    providerType: 'Offline',
    connectionName: 'Built in',
    vision: o.vision,
    tools: o.tools,
    hipaaCompliant: o.hipaaCompliant,
    contextWindow: o.contextWindow,
    maxOutputTokens: o.maxOutputTokens,
    isDefault: !deployments.some((d) => d.isDefault),
  });
  return { items: filter.hipaaCompliant === undefined ? items : items.filter((i) => i.hipaaCompliant === filter.hipaaCompliant), continuationToken: null };
}
