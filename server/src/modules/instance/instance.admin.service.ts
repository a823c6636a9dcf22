// Administration of the instance settings (docs/product.md §7 Admin instanceSettings): search keys (sealed,
// never returned), the Claude key (which makes the Anthropic provider usable through a connection
// it manages), HIPAA mode, the agent settings with the feature flags, and the product branding.
// Every change writes an audit row in its transaction.
import {
  ClaudeKeyDefaultModels,
  KnownFeatureFlags,
  type ApiKeyStatus,
  type BrandingSettings,
  type GptInstanceSettings,
  type GptInstanceSettingsUpdate,
  type InstanceApiKeyProvider,
  type SearchKeyProvider,
} from '@atrium/contract';
import { z } from 'zod';
import type { AppContext, InTransaction, DbContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import type { Actor as AuditActor } from '../connections/connections.service.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { createConnection, deleteConnection, getConnection, listConnections, updateConnection } from '../connections/connections.service.js';
import { deleteSetting, listFeatureFlags, readSetting, upsertFeatureFlag, upsertSetting } from './instance.repository.js';
import { readSettings } from './instance.service.js';
import { hipaaModeChanged } from './instance.hipaa.js';

export type InstanceAdminContext = InTransaction<Pick<AppContext, 'db' | 'caches' | 'secrets' | 'models' | 'config'>>;

const SealedKeySchema = z.object({ sealed: z.string().min(1) });
const keySetting = (provider: SearchKeyProvider) => `${provider}ApiKey`;
const ClaudeConnectionSetting = 'claudeConnectionId';
const Aggregate = 'InstanceSettings';

const inTx = <T>(ctx: InstanceAdminContext, work: (db: Db) => Promise<T>): Promise<T> => ctx.db.transaction(async (tx) => work(tx));

async function claudeConnection(ctx: InstanceAdminContext, db: Db) {
  const id = (await readSetting(db, ClaudeConnectionSetting))?.value;
  if (typeof id !== 'string') return null;
  try {
    return await getConnection({ ...ctx, db }, id);
  } catch (e) {
    // an administrator may have deleted the connection under Connections: then no key is set
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}

export async function getApiKeyStatus(ctx: InstanceAdminContext, provider: InstanceApiKeyProvider): Promise<ApiKeyStatus> {
  if (provider === 'claude') {
    const c = await claudeConnection(ctx, ctx.db);
    return { hasApiKey: !!c?.hasApiKey, lastModifiedAt: c?.hasApiKey ? c.updatedAt : null };
  }
  const row = await readSetting(ctx.db, keySetting(provider));
  const set = SealedKeySchema.safeParse(row?.value).success;
  return { hasApiKey: set, lastModifiedAt: set && row ? row.updatedAt.toISOString() : null };
}

/**
 * The plain search key for the web search tools; null when none is set, when it cannot be opened with
 * this instance's key, or while HIPAA mode is on (docs/architecture.md: web search is off then), so a search tool
 * that asks here cannot run in HIPAA mode.
 */
export async function readSearchApiKey(ctx: Pick<AppContext, 'db' | 'caches' | 'secrets' | 'config'>, provider: SearchKeyProvider): Promise<string | null> {
  if ((await readSettings(ctx, ctx.config)).hipaaMode) return null;
  const parsed = SealedKeySchema.safeParse((await readSetting(ctx.db, keySetting(provider)))?.value);
  if (!parsed.success) return null;
  try {
    return ctx.secrets.decrypt(parsed.data.sealed);
  } catch {
    return null;
  }
}

/** Deployment names the Claude connection adds: the configured Claude models not yet used by another deployment. */
async function freeClaudeModels(ctx: InstanceAdminContext, db: Db): Promise<string[]> {
  const taken = new Set((await listConnections({ ...ctx, db })).items.flatMap((c) => c.deployments.map((d) => d.name.toLowerCase())));
  const wanted = ctx.config.modelProviders.anthropic?.models ?? [...ClaudeKeyDefaultModels];
  return wanted.filter((m) => !taken.has(m.toLowerCase()));
}

export async function setApiKey(ctx: InstanceAdminContext, actor: AuditActor, provider: InstanceApiKeyProvider, apiKey: string): Promise<ApiKeyStatus> {
  await inTx(ctx, async (db) => {
    const before = await getApiKeyStatus({ ...ctx, db }, provider);
    let connectionId: string | null = null;
    if (provider === 'claude') {
      const existing = await claudeConnection(ctx, db);
      if (existing) {
        await updateConnection({ ...ctx, db }, actor, existing.connectionId, { apiKey });
        connectionId = existing.connectionId;
      } else {
        const models = await freeClaudeModels(ctx, db);
        const created = await createConnection({ ...ctx, db }, actor, {
          name: 'Claude',
          providerType: 'Anthropic',
          endpoint: ctx.config.modelProviders.anthropic?.baseUrl ?? null,
          apiKey,
          deployments: models.map((m) => ({ name: m, displayName: m, model: m, vision: true, tools: true })),
        });
        connectionId = created.connectionId;
        await upsertSetting(db, ClaudeConnectionSetting, connectionId);
      }
    } else {
      await upsertSetting(db, keySetting(provider), { sealed: ctx.secrets.encrypt(apiKey) });
    }
    await recordAudit(db, {
      aggregateType: Aggregate,
      aggregateId: `${provider}ApiKey`,
      domainOperation: before.hasApiKey ? 'ApiKeyReplaced' : 'ApiKeySet',
      actor,
      before: { hasApiKey: before.hasApiKey },
      after: { hasApiKey: true, ...(connectionId ? { connectionId } : {}) },
    });
  });
  ctx.models.invalidate();
  return getApiKeyStatus(ctx, provider);
}

/** Idempotent. Deleting the Claude key deletes the connection it created (with its deployments). */
export async function deleteApiKey(ctx: InstanceAdminContext, actor: AuditActor, provider: InstanceApiKeyProvider): Promise<void> {
  await inTx(ctx, async (db) => {
    const before = await getApiKeyStatus({ ...ctx, db }, provider);
    if (provider === 'claude') {
      const existing = await claudeConnection(ctx, db);
      if (existing) await deleteConnection({ ...ctx, db }, actor, existing.connectionId);
      await deleteSetting(db, ClaudeConnectionSetting);
    } else {
      await deleteSetting(db, keySetting(provider));
    }
    if (before.hasApiKey) {
      await recordAudit(db, {
        aggregateType: Aggregate,
        aggregateId: `${provider}ApiKey`,
        domainOperation: 'ApiKeyDeleted',
        actor,
        before: { hasApiKey: true },
        after: { hasApiKey: false },
      });
    }
  });
  ctx.models.invalidate();
}

/** Claude answers when some Anthropic connection has a key and an enabled deployment (the Claude key's or one added under Connections). */
export async function claudeEnabled(ctx: InstanceAdminContext): Promise<{ enabled: boolean }> {
  const { items } = await listConnections(ctx);
  return { enabled: items.some((c) => c.providerType === 'Anthropic' && c.hasApiKey && c.deployments.some((d) => d.enabled)) };
}

export async function getHipaa(ctx: InstanceAdminContext): Promise<{ enabled: boolean }> {
  return { enabled: (await readSettings(ctx, ctx.config)).hipaaMode };
}

export async function setHipaa(ctx: InstanceAdminContext, actor: AuditActor, enabled: boolean): Promise<{ enabled: boolean }> {
  await inTx(ctx, async (db) => {
    const before = (await readSettings({ db }, ctx.config)).hipaaMode;
    if (before === enabled) return;
    await upsertSetting(db, 'hipaaMode', enabled);
    await recordAudit(db, {
      aggregateType: Aggregate,
      aggregateId: 'hipaa',
      domainOperation: 'Updated',
      actor,
      before: { enabled: before },
      after: { enabled },
    });
  });
  // the registry caches the mode with its deployments, the chat path on its own: the change applies to the next turn
  ctx.models.invalidate();
  hipaaModeChanged(ctx);
  return getHipaa(ctx);
}

export async function getGptInstanceSettings(ctx: Pick<InstanceAdminContext, 'db' | 'config'>): Promise<GptInstanceSettings> {
  const s = await readSettings(ctx, ctx.config);
  return {
    allowUserCreatedGptSystems: s.allowUserCreatedGptSystems,
    showInstanceSettingsPage: s.showInstanceSettingsPage,
    allowPersonalPublicEndpoints: s.allowPersonalPublicEndpoints,
    featureFlags: await listFeatureFlags(ctx.db),
  };
}

export async function updateGptInstanceSettings(ctx: InstanceAdminContext, actor: AuditActor, input: GptInstanceSettingsUpdate): Promise<GptInstanceSettings> {
  const unknown = (input.featureFlags ?? []).flatMap((f, i) =>
    (KnownFeatureFlags as readonly string[]).includes(f.name)
      ? []
      : [{ field: `featureFlags.${i}.name`, message: `Unknown feature flag; known: ${KnownFeatureFlags.join(', ')}` }],
  );
  if (unknown.length > 0) throw badRequest('The request names an unknown feature flag.', unknown);
  return inTx(ctx, async (db) => {
    const before = await getGptInstanceSettings({ db, config: ctx.config });
    if (input.allowUserCreatedGptSystems !== undefined) await upsertSetting(db, 'allowUserCreatedGptSystems', input.allowUserCreatedGptSystems);
    if (input.showInstanceSettingsPage !== undefined) await upsertSetting(db, 'showInstanceSettingsPage', input.showInstanceSettingsPage);
    if (input.allowPersonalPublicEndpoints !== undefined) await upsertSetting(db, 'allowPersonalPublicEndpoints', input.allowPersonalPublicEndpoints);
    for (const flag of input.featureFlags ?? []) await upsertFeatureFlag(db, flag.name, flag.enabled);
    const after = await getGptInstanceSettings({ db, config: ctx.config });
    await recordAudit(db, { aggregateType: Aggregate, aggregateId: 'gptInstanceSettings', domainOperation: 'Updated', actor, before, after });
    return after;
  });
}

export async function getBranding(ctx: Pick<InstanceAdminContext, 'db' | 'config'>): Promise<BrandingSettings> {
  const s = await readSettings(ctx, ctx.config);
  return { name: s.name, organizationName: s.organizationName };
}

export async function updateBranding(ctx: InstanceAdminContext, actor: AuditActor, input: BrandingSettings): Promise<BrandingSettings> {
  return inTx(ctx, async (db) => {
    const before = await getBranding({ db, config: ctx.config });
    await upsertSetting(db, 'name', input.name);
    await upsertSetting(db, 'organizationName', input.organizationName);
    const after = await getBranding({ db, config: ctx.config });
    await recordAudit(db, { aggregateType: Aggregate, aggregateId: 'branding', domainOperation: 'Updated', actor, before, after });
    return after;
  });
}

/** Read by the brands module: the instance defaults (defaultBrandKey). */
export async function getInstanceDefaults(ctx: Pick<InstanceAdminContext, 'db' | 'config'>): Promise<{ defaultBrandKey: string }> {
  return (await readSettings(ctx, ctx.config)).defaults;
}

/** Written by the brands module inside its transaction (it checks the brand and writes the audit row). */
export async function writeInstanceDefaults({ db }: DbContext, defaults: { defaultBrandKey: string }): Promise<void> {
  await upsertSetting(db, 'defaults', defaults);
}
