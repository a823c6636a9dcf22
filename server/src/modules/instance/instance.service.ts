// Rules of the instance module: instance-wide settings (stored, seeded from configuration on the
// first start), feature flags, the running build and the health of the database.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  DefaultBrandKey,
  InstanceDefaultsSchema,
  type FeatureFlag,
  type Health,
  type InstanceSettings,
  type KnownFeatureFlags,
  type Readiness,
} from '@atrium/contract';
import type { Config } from '../../config.js';
import {
  insertMissingFeatureFlags,
  insertMissingSettings,
  lastSettingsChange,
  listFeatureFlags,
  ping,
  readAllSettings,
  readSetting,
} from './instance.repository.js';
import { StoredFaviconsSchema } from './instance.favicons.js';
import type { AppContext, DbContext } from '../../platform/context.js';

/** Stored settings (instance_settings.name -> value). Configuration supplies only first-start values. */
const StoredSettingSchemas = {
  name: z.string().min(1),
  organizationName: z.string().min(1),
  defaults: InstanceDefaultsSchema,
  allowUserCreatedGptSystems: z.boolean(),
  showInstanceSettingsPage: z.boolean(),
  hipaaMode: z.boolean(),
  /** whether personal agents may have a public endpoint (docs/public-chat.md); off unless an administrator allows it */
  allowPersonalPublicEndpoints: z.boolean(),
} as const;
type StoredSettings = { [K in keyof typeof StoredSettingSchemas]: z.infer<(typeof StoredSettingSchemas)[K]> };
export type InstanceSettingName = keyof StoredSettings;

const AllowUserCreatedGptSystemsAtFirstStart = true;

function firstStartSettings(config: Pick<Config, 'instanceName' | 'organizationName'>): StoredSettings {
  return {
    name: config.instanceName,
    organizationName: config.organizationName,
    defaults: { defaultBrandKey: DefaultBrandKey },
    allowUserCreatedGptSystems: AllowUserCreatedGptSystemsAtFirstStart,
    showInstanceSettingsPage: true,
    hipaaMode: false,
    allowPersonalPublicEndpoints: false,
  };
}

const FirstStartFeatureFlags: Record<(typeof KnownFeatureFlags)[number], boolean> = {
  ShowFooter: true,
  ShowReleaseNotes: true,
  ShowQuickStartTour: true,
};

/** Idempotent: adds what is missing, keeps what administrators changed. */
export async function seedInstanceDefaults({ db }: DbContext, config: Pick<Config, 'instanceName' | 'organizationName'>): Promise<void> {
  await insertMissingSettings(db, firstStartSettings(config));
  await insertMissingFeatureFlags(
    db,
    Object.entries(FirstStartFeatureFlags).map(([name, enabled]) => ({ name, enabled })),
  );
}

/**
 * Whether people may make and use personal agents (AllowUserCreatedGptSystems), for the agents module's
 * chat path and lists: one small read, without the rest of the settings.
 */
export async function personalAgentsAllowed({ db }: DbContext): Promise<boolean> {
  const parsed = StoredSettingSchemas.allowUserCreatedGptSystems.safeParse((await readSetting(db, 'allowUserCreatedGptSystems'))?.value);
  return parsed.success ? parsed.data : AllowUserCreatedGptSystemsAtFirstStart;
}

/** Whether personal agents may have a public endpoint (docs/public-chat.md): one small read, off unless allowed. */
export async function personalPublicEndpointsAllowed({ db }: DbContext): Promise<boolean> {
  return (await readSetting(db, 'allowPersonalPublicEndpoints'))?.value === true;
}

/** Whether the instance runs in HIPAA mode (public endpoints then answer only with compliant deployments). */
export async function hipaaModeOn({ db }: DbContext): Promise<boolean> {
  return (await readSetting(db, 'hipaaMode'))?.value === true;
}

/** The stored settings; a value that no longer parses falls back to its first-start default rather than failing every page load. */
export async function readSettings({ db }: DbContext, config: Pick<Config, 'instanceName' | 'organizationName'>): Promise<StoredSettings> {
  const stored = await readAllSettings(db);
  const fallback = firstStartSettings(config);
  const pick = <K extends InstanceSettingName>(name: K): StoredSettings[K] => {
    const parsed = StoredSettingSchemas[name].safeParse(stored.get(name));
    return parsed.success ? (parsed.data as StoredSettings[K]) : fallback[name];
  };
  return {
    name: pick('name'),
    organizationName: pick('organizationName'),
    defaults: pick('defaults'),
    allowUserCreatedGptSystems: pick('allowUserCreatedGptSystems'),
    showInstanceSettingsPage: pick('showInstanceSettingsPage'),
    hipaaMode: pick('hipaaMode'),
    allowPersonalPublicEndpoints: pick('allowPersonalPublicEndpoints'),
  };
}

export async function getInstanceSettings({ db }: DbContext, config: Config): Promise<InstanceSettings> {
  const settings = await readSettings({ db }, config);
  const stored = await readAllSettings(db);
  const favicons = StoredFaviconsSchema.safeParse(stored.get('favicons'));
  const changed = await lastSettingsChange(db);
  const { oidc } = config;
  return {
    name: settings.name,
    organizationName: settings.organizationName,
    entraIdSettings: oidc ? { clientId: oidc.clientId, tenantId: oidc.tenantId, instance: oidc.instance, authority: oidc.issuer, scopes: oidc.scopes } : null,
    defaults: settings.defaults,
    localSignInEnabled: config.localSignIn,
    allowUserCreatedGptSystems: settings.allowUserCreatedGptSystems,
    showInstanceSettingsPage: settings.showInstanceSettingsPage,
    hipaaMode: settings.hipaaMode,
    releaseNotesUrl: config.releaseNotesUrl,
    favicons: favicons.success ? favicons.data.map((f) => f.fileName) : [],
    settingsVersion: String(changed?.getTime() ?? 0),
  };
}

export async function listFeatures({ db }: DbContext): Promise<{ items: FeatureFlag[] }> {
  return { items: await listFeatureFlags(db) };
}

export const HealthCheckTimeoutMs = 2000;

/** Healthy when `check` settles in time (a hung pool must not hang the probe); Unhealthy when it fails or hangs. */
async function within(check: () => Promise<unknown>, timeoutMs: number): Promise<'Healthy' | 'Unhealthy'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'Healthy';
  } catch {
    return 'Unhealthy';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness: the database answers, Redis answers a PING when configured, and blob storage writes, reads back and
 * deletes a small probe (the same calls uploads make), each within `timeoutMs`, all at once.
 */
export async function checkReadiness(ctx: Pick<AppContext, 'db' | 'blobs' | 'cacheBus'>, timeoutMs = HealthCheckTimeoutMs): Promise<Readiness> {
  const probe = `readiness/${process.pid}-${randomUUID()}`;
  const [database, redis, storage] = await Promise.all([
    within(() => ping(ctx.db), timeoutMs),
    ctx.cacheBus ? within(() => ctx.cacheBus!.ping(), timeoutMs) : Promise.resolve('NotConfigured' as const),
    within(async () => {
      const data = Buffer.from('ready');
      await ctx.blobs.put(probe, data, 'text/plain');
      const back = await ctx.blobs.get(probe);
      await ctx.blobs.delete(probe);
      if (!back?.equals(data)) throw new Error('the probe did not read back');
    }, timeoutMs),
  ]);
  const checks = { database, redis, storage };
  return { status: Object.values(checks).includes('Unhealthy') ? 'Unhealthy' : 'Healthy', checks };
}

/** Healthy when the database answers `select 1` in time; a hung pool must not hang the load balancer's probe. */
export const checkHealth = ({ db }: DbContext, timeoutMs = HealthCheckTimeoutMs): Promise<Health['status']> => within(() => ping(db), timeoutMs);
