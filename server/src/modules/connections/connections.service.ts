// Rules of the connections module: model provider connections and their deployments. Keys are sealed
// before they are stored and never leave the server; every change is audited in its transaction and
// makes the model registry forget its cached deployments.
import {
  DimensionsOnlyForEmbedding,
  ProviderTypes,
  type Connection,
  type ConnectionCreate,
  type ConnectionUpdate,
  type Deployment,
  type DeploymentCreate,
  type DeploymentKind,
  type DeploymentUpdate,
  type ErrorDetail,
  type ProviderDescription,
  type ProviderTypeName,
} from '@atrium/contract';
import type { AppContext, InTransaction } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { providerAdapters, providerTypeFromName } from '../../ai/providers/index.js';
import * as repo from './connections.repository.js';
import type { ConnectionRow, DeploymentRow } from './connections.repository.js';
import { embedAgainWithDeployment, sendEmbedSteps, type FilesToEmbed } from '../knowledge/knowledge.reembedding.js';
import { vectorsReady } from '../knowledge/knowledge.vectors.js';

export type ConnectionsContext = InTransaction<Pick<AppContext, 'db' | 'secrets' | 'models'>>;
/** A deployment's change may embed file libraries again: their vectors go, and the jobs engine embeds their files. */
export type DeploymentChangeContext = ConnectionsContext & Pick<AppContext, 'database' | 'logger' | 'jobs'>;

/** Who made a change, for the audit trail. */
export interface Actor {
  userId: string | null;
  userName: string;
}

const iso = (d: Date) => d.toISOString();

/** A kind as a message names it: "the default image deployment". */
const KindNames: Record<DeploymentKind, string> = { Chat: 'chat', ImageGeneration: 'image', Embedding: 'embedding', Rerank: 'rerank', Speech: 'speech' };

export const presentDeployment = (d: DeploymentRow): Deployment => ({
  deploymentId: d.id,
  connectionId: d.connectionId,
  name: d.name,
  displayName: d.displayName,
  model: d.model,
  kind: d.kind as DeploymentKind,
  vision: d.vision,
  tools: d.tools,
  hipaaCompliant: d.hipaaCompliant,
  contextWindow: d.contextWindow,
  maxOutputTokens: d.maxOutputTokens,
  inputPricePerMillionTokens: d.inputPricePerMillionTokens,
  outputPricePerMillionTokens: d.outputPricePerMillionTokens,
  dimensions: d.dimensions,
  isDefault: d.isDefault,
  enabled: d.enabled,
  createdAt: iso(d.createdAt),
  updatedAt: iso(d.updatedAt),
});

/** The only way a connection leaves this module: the sealed key becomes `hasApiKey`. */
export const presentConnection = (c: ConnectionRow, deployments: DeploymentRow[]): Connection => ({
  connectionId: c.id,
  name: c.name,
  providerType: c.providerType as ProviderTypeName,
  endpoint: c.endpoint,
  apiVersion: c.apiVersion,
  hasApiKey: c.apiKeyEncrypted !== null,
  createdFromEnvironment: c.createdFromEnvironment,
  createdAt: iso(c.createdAt),
  updatedAt: iso(c.updatedAt),
  deployments: deployments.filter((d) => d.connectionId === c.id).map(presentDeployment),
});

export function listProviders(): { items: ProviderDescription[]; continuationToken: null } {
  return { items: Object.values(providerAdapters).map((a) => a.description), continuationToken: null };
}

export function getProvider(type: string): ProviderDescription {
  const providerType = providerTypeFromName(type);
  if (!providerType) throw notFound(`The provider type ${type}`);
  return providerAdapters[providerType].description;
}

async function loadConnection(db: Db, id: string): Promise<Connection> {
  const row = await repo.findConnectionRow(db, id);
  if (!row) throw notFound('The connection');
  return presentConnection(row, await repo.listDeploymentRows(db, [id]));
}

export async function listConnections(ctx: ConnectionsContext): Promise<{ items: Connection[]; continuationToken: null }> {
  const rows = await repo.listConnectionRows(ctx.db);
  const deployments = await repo.listDeploymentRows(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => presentConnection(r, deployments)), continuationToken: null };
}

export const getConnection = (ctx: ConnectionsContext, id: string) => loadConnection(ctx.db, id);

/** The fields a provider requires, checked on the merged result of a create or an update. */
export function checkProviderFields(providerType: ProviderTypeName, values: { endpoint: string | null; apiKey: boolean; apiVersion: string | null }): void {
  const details: ErrorDetail[] = [];
  for (const field of providerAdapters[providerType].description.fields) {
    const present = field.name === 'apiKey' ? values.apiKey : values[field.name] !== null;
    if (field.required && !present) details.push({ field: field.name, message: `${field.displayName} is required for ${providerType}` });
  }
  if (details.length > 0) throw badRequest('The connection is missing required fields.', details);
}

async function audit(
  db: Db,
  actor: Actor,
  connectionId: string,
  domainOperation: 'Created' | 'Updated' | 'Deleted',
  before: Connection | null,
  after: Connection | null,
) {
  await recordAudit(db, {
    aggregateType: 'Connection',
    aggregateId: connectionId,
    domainOperation,
    actor,
    before: before ?? undefined,
    after: after ?? undefined,
  });
}

export async function createConnection(
  ctx: ConnectionsContext,
  actor: Actor,
  input: ConnectionCreate,
  options: { createdFromEnvironment?: boolean } = {},
): Promise<Connection> {
  if (!ProviderTypes.includes(input.providerType)) throw badRequest('Unknown provider type.', [{ field: 'providerType', message: 'Unknown provider type' }]);
  const endpoint = input.endpoint ?? null;
  const apiVersion = input.apiVersion ?? null;
  checkProviderFields(input.providerType, { endpoint, apiVersion, apiKey: !!input.apiKey });
  const created = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const row = await repo.insertConnectionRow(db, {
      name: input.name,
      providerType: input.providerType,
      endpoint,
      apiVersion,
      apiKeyEncrypted: input.apiKey ? ctx.secrets.encrypt(input.apiKey) : null,
      createdFromEnvironment: options.createdFromEnvironment ?? false,
    });
    for (const [i, d] of (input.deployments ?? []).entries()) await insertDeployment(db, row.id, d, `deployments.${i}`);
    const after = await loadConnection(db, row.id);
    await audit(db, actor, row.id, 'Created', null, after);
    return after;
  });
  ctx.models.invalidate();
  return created;
}

export async function updateConnection(ctx: ConnectionsContext, actor: Actor, id: string, input: ConnectionUpdate): Promise<Connection> {
  const updated = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const row = await repo.findConnectionRow(db, id);
    if (!row) throw notFound('The connection');
    const before = presentConnection(row, await repo.listDeploymentRows(db, [id]));
    const endpoint = input.endpoint === undefined ? row.endpoint : input.endpoint;
    const apiVersion = input.apiVersion === undefined ? row.apiVersion : input.apiVersion;
    const apiKeyEncrypted = input.apiKey === undefined ? row.apiKeyEncrypted : input.apiKey === null ? null : ctx.secrets.encrypt(input.apiKey);
    checkProviderFields(row.providerType as ProviderTypeName, { endpoint, apiVersion, apiKey: apiKeyEncrypted !== null });
    await repo.updateConnectionRow(db, id, { name: input.name ?? row.name, endpoint, apiVersion, apiKeyEncrypted });
    const after = await loadConnection(db, id);
    // a changed key shows in the trail as a changed updatedAt only, never as a value
    await audit(db, actor, id, 'Updated', before, { ...after, ...(input.apiKey !== undefined ? { apiKeyChanged: true } : {}) });
    return after;
  });
  ctx.models.invalidate();
  return updated;
}

/** Deleting a connection deletes its deployments; agents that named them fall back to an error until changed. */
export async function deleteConnection(ctx: ConnectionsContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const before = await loadConnection(db, id);
    await repo.deleteConnectionRow(db, id);
    await audit(db, actor, id, 'Deleted', before, null);
  });
  ctx.models.invalidate();
}

export async function listDeployments(ctx: ConnectionsContext, connectionId: string): Promise<{ items: Deployment[]; continuationToken: null }> {
  return { items: (await loadConnection(ctx.db, connectionId)).deployments, continuationToken: null };
}

export async function getDeployment(ctx: ConnectionsContext, connectionId: string, deploymentId: string): Promise<Deployment> {
  const row = await repo.findDeploymentRow(ctx.db, connectionId, deploymentId);
  if (!row) throw notFound('The deployment');
  return presentDeployment(row);
}

/**
 * A provider draws images and embeds only where its adapter can (not Anthropic, not the offline engine); it reranks
 * only on OpenAI-compatible connections (the Cohere/Jina `POST {baseUrl}/rerank` that OpenAI and Azure do not serve);
 * Azure AI Speech connections have Speech deployments only.
 */
async function checkKind(db: Db, connectionId: string, kind: DeploymentKind, field: string): Promise<void> {
  const connection = await repo.findConnectionRow(db, connectionId);
  const providerType = connection ? providerTypeFromName(connection.providerType) : null;
  if (providerType && !providerAdapters[providerType].description.deploymentKinds.includes(kind)) {
    const serving = Object.values(providerAdapters)
      .filter((a) => a.description.deploymentKinds.includes(kind))
      .map((a) => a.description.displayName);
    throw badRequest(`${providerAdapters[providerType].description.displayName} connections have no ${kind} deployments.`, [
      { field, message: `Use a connection of one of these providers for ${kind}: ${serving.join(', ')}` },
    ]);
  }
}

/** A vector length belongs to Embedding deployments (the contract says so of a new one; an update may change the kind). */
function checkDimensions(kind: DeploymentKind, dimensions: number | null | undefined, field: string): void {
  if (dimensions != null && kind !== 'Embedding')
    throw badRequest(`${kind} deployments have no vector length.`, [{ field, message: DimensionsOnlyForEmbedding }]);
}

async function insertDeployment(db: Db, connectionId: string, input: DeploymentCreate, field = 'name'): Promise<DeploymentRow> {
  const name = input.name.trim();
  if (await repo.deploymentNameTaken(db, name)) throw conflict('A deployment with this name exists.', [{ field, message: 'Deployment names are unique' }]);
  const kind = input.kind ?? 'Chat';
  await checkKind(db, connectionId, kind, field === 'name' ? 'kind' : `${field}.kind`);
  checkDimensions(kind, input.dimensions, field === 'name' ? 'dimensions' : `${field}.dimensions`);
  const enabled = input.enabled ?? true;
  // the first deployment of a kind becomes its default: agents without a deployment answer with the
  // chat default, agents with ImageCreation draw with the image default, new file libraries embed with the
  // embedding default, file library searches are reranked by the rerank default
  const isDefault = enabled && (input.isDefault === true || (await repo.findDefaultDeploymentRow(db, kind)) === null);
  if (input.isDefault && !enabled) throw badRequest('A disabled deployment cannot be the default.', [{ field: 'isDefault', message: 'Enable it first' }]);
  if (isDefault) await repo.clearDefaultDeployment(db, kind);
  return repo.insertDeploymentRow(db, {
    connectionId,
    name,
    displayName: input.displayName ?? name,
    model: input.model,
    kind,
    vision: input.vision ?? false,
    tools: input.tools ?? false,
    hipaaCompliant: input.hipaaCompliant ?? false,
    contextWindow: input.contextWindow ?? null,
    maxOutputTokens: input.maxOutputTokens ?? null,
    inputPricePerMillionTokens: input.inputPricePerMillionTokens ?? null,
    outputPricePerMillionTokens: input.outputPricePerMillionTokens ?? null,
    dimensions: kind === 'Embedding' ? (input.dimensions ?? null) : null,
    isDefault,
    enabled,
  });
}

async function changeDeployments<T>(ctx: ConnectionsContext, actor: Actor, connectionId: string, change: (db: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const db: Db = tx;
    const before = await loadConnection(db, connectionId);
    const value = await change(db);
    await audit(db, actor, connectionId, 'Updated', before, await loadConnection(db, connectionId));
    return value;
  });
  ctx.models.invalidate();
  return result;
}

export async function createDeployment(ctx: ConnectionsContext, actor: Actor, connectionId: string, input: DeploymentCreate): Promise<Deployment> {
  return changeDeployments(ctx, actor, connectionId, async (db) => presentDeployment(await insertDeployment(db, connectionId, input)));
}

/**
 * Changes a deployment. An Embedding deployment whose model or vector length changes (its id staying the same) embeds
 * the file libraries using it again, in the same transaction (knowledge.reembedding.ts): their vectors go, their
 * files are embedded again in the background with the new model.
 */
export async function updateDeployment(
  ctx: DeploymentChangeContext,
  actor: Actor,
  connectionId: string,
  deploymentId: string,
  input: DeploymentUpdate,
): Promise<Deployment> {
  let toEmbed: FilesToEmbed = { files: [] };
  // before the transaction: its first call creates the vectors table, on a connection of its own
  const vectors = await vectorsReady(ctx);
  const updated = await changeDeployments(ctx, actor, connectionId, async (db) => {
    const row = await repo.findDeploymentRow(db, connectionId, deploymentId);
    if (!row) throw notFound('The deployment');
    if (input.name !== undefined && (await repo.deploymentNameTaken(db, input.name, deploymentId))) {
      throw conflict('A deployment with this name exists.', [{ field: 'name', message: 'Deployment names are unique' }]);
    }
    const enabled = input.enabled ?? row.enabled;
    const kind = input.kind ?? (row.kind as DeploymentKind);
    const kindChanged = kind !== row.kind;
    await checkKind(db, connectionId, kind, 'kind');
    checkDimensions(kind, input.dimensions, 'dimensions');
    // a default belongs to its kind: the chat default cannot turn into an image model and leave agents without one
    if (kindChanged && row.isDefault) {
      throw badRequest(`The default ${KindNames[row.kind as DeploymentKind] ?? row.kind} deployment cannot change its kind.`, [
        { field: 'kind', message: 'Make another deployment the default first' },
      ]);
    }
    const isDefault = input.isDefault ?? (kindChanged ? enabled && (await repo.findDefaultDeploymentRow(db, kind)) === null : row.isDefault);
    if (isDefault && !enabled)
      throw badRequest('A disabled deployment cannot be the default.', [
        { field: input.enabled === false ? 'enabled' : 'isDefault', message: 'The default deployment must stay enabled' },
      ]);
    if (isDefault && (!row.isDefault || kindChanged)) await repo.clearDefaultDeployment(db, kind);
    // another kind has no vector length
    const dimensions = kind === 'Embedding' ? (input.dimensions === undefined ? row.dimensions : input.dimensions) : null;
    const after = await repo.updateDeploymentRow(db, deploymentId, { ...input, dimensions, isDefault, ...(input.name ? { name: input.name.trim() } : {}) });
    if (row.kind === 'Embedding' && kind === 'Embedding' && (after.model !== row.model || after.dimensions !== row.dimensions)) {
      toEmbed = await embedAgainWithDeployment({ db, vectors }, actor, {
        deploymentId,
        name: after.name,
        displayName: after.displayName,
        before: { model: row.model, dimensions: row.dimensions },
        after: { model: after.model, dimensions: after.dimensions },
      });
    }
    return presentDeployment(after);
  });
  await sendEmbedSteps(ctx, toEmbed);
  return updated;
}

export async function deleteDeployment(ctx: ConnectionsContext, actor: Actor, connectionId: string, deploymentId: string): Promise<void> {
  await changeDeployments(ctx, actor, connectionId, async (db) => {
    const row = await repo.findDeploymentRow(db, connectionId, deploymentId);
    if (!row) throw notFound('The deployment');
    await repo.deleteDeploymentRow(db, deploymentId);
  });
}
