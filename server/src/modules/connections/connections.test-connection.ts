// "Test connection": asks the provider's server which models it offers, with settings typed in a form
// (before saving) or with a saved connection's. A test changes nothing and writes no audit row. The key
// is used for the one request and never answered or logged; the provider's words are, with the key and
// anything key-shaped removed.
import { performance } from 'node:perf_hooks';
import { ConnectionTestTimeoutMs, type ConnectionTest, type ConnectionTestResult, type ProviderTypeName } from '@atrium/contract';
import { badRequest, notFound } from '../../platform/errors.js';
import { redactSecrets } from '../../ai/provider-errors.js';
import { providerAdapters } from '../../ai/providers/index.js';
import { ModelListError } from '../../ai/providers/model-list.js';
import type { ProviderConnection } from '../../ai/providers/index.js';
import { checkProviderFields, type ConnectionsContext } from './connections.service.js';
import * as repo from './connections.repository.js';

type TestContext = Pick<ConnectionsContext, 'db' | 'secrets'>;

async function listModels(providerType: ProviderTypeName, connection: ProviderConnection, signal: AbortSignal): Promise<ConnectionTestResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const models = await providerAdapters[providerType].listModels(connection, signal, ConnectionTestTimeoutMs);
    return { ok: true, models, durationMs: durationMs() };
  } catch (error) {
    if (!(error instanceof ModelListError)) throw error;
    return { ok: false, message: redactSecrets(error.message, connection.apiKey ? [connection.apiKey] : []), status: error.status, durationMs: durationMs() };
  }
}

const decrypt = (ctx: TestContext, sealed: string | null): string | null => {
  if (!sealed) return null;
  try {
    return ctx.secrets.decrypt(sealed);
  } catch {
    throw badRequest("The stored API key cannot be decrypted with this instance's key; enter it again.", [{ field: 'apiKey', message: 'Enter the key again' }]);
  }
};

/** Settings as typed; an edit form's omitted key (or endpoint, or version) is the saved connection's. */
export async function testConnectionSettings(ctx: TestContext, input: ConnectionTest, signal: AbortSignal): Promise<ConnectionTestResult> {
  const saved = input.connectionId ? await repo.findConnectionRow(ctx.db, input.connectionId) : null;
  if (input.connectionId && !saved) throw notFound('The connection');
  if (saved && saved.providerType !== input.providerType) {
    throw badRequest('A connection cannot change its provider type.', [{ field: 'providerType', message: `This connection is ${saved.providerType}` }]);
  }
  const endpoint = input.endpoint === undefined ? (saved?.endpoint ?? null) : input.endpoint;
  const apiVersion = input.apiVersion === undefined ? (saved?.apiVersion ?? null) : input.apiVersion;
  const apiKey = input.apiKey === undefined ? decrypt(ctx, saved?.apiKeyEncrypted ?? null) : input.apiKey;
  checkProviderFields(input.providerType, { endpoint, apiVersion, apiKey: !!apiKey });
  return listModels(input.providerType, { connectionId: saved?.id ?? '', name: saved?.name ?? '', endpoint, apiVersion, apiKey }, signal);
}

/** A saved connection, as the model registry would use it. */
export async function testSavedConnection(ctx: TestContext, connectionId: string, signal: AbortSignal): Promise<ConnectionTestResult> {
  const row = await repo.findConnectionRow(ctx.db, connectionId);
  if (!row) throw notFound('The connection');
  return testConnectionSettings(ctx, { providerType: row.providerType as ProviderTypeName, connectionId }, signal);
}
