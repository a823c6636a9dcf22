// The retention settings (docs/retention.md): how many days signed-in and public conversations, uploads and trace
// logs are kept, as one JSON row of instance_settings (`retention`). No row: the defaults, which keep everything
// forever, or, while HIPAA mode is on, HipaaRetentionDefaults. Once an administrator saves them they are used as
// saved (an empty value keeps that kind forever, HIPAA mode or not) until they are reset to the defaults.
import { HipaaRetentionDefaults, RetentionDaysSchema, RetentionKinds, type RetentionDays, type RetentionSettings } from '@atrium/contract';
import type { AppContext, DbContext } from '../../platform/context.js';
import type { Db } from '../../db/client.js';
import { recordAudit, type AuditActor } from '../../platform/audit.js';
import { deleteSetting, readSetting, upsertSetting } from '../instance/instance.repository.js';
import { readSettings } from '../instance/instance.service.js';
import { lastRun } from './retention.runs.js';

export const RetentionSetting = 'retention';
export const RetentionAggregate = 'Retention';
export const SettingsAggregateId = 'settings';

export const KeepForever: RetentionDays = { signedInConversationDays: null, publicConversationDays: null, uploadDays: null, traceLogDays: null };

export interface EffectiveRetention {
  days: RetentionDays;
  source: 'Default' | 'Custom';
  hipaaMode: boolean;
}

/** What the sweep keeps now: the saved settings, else the defaults of the instance's mode. */
export async function effectiveRetention(ctx: DbContext & Pick<AppContext, 'config'>): Promise<EffectiveRetention> {
  const [stored, settings] = await Promise.all([readSetting(ctx.db, RetentionSetting), readSettings(ctx, ctx.config)]);
  const parsed = RetentionDaysSchema.safeParse(stored?.value);
  if (parsed.success) return { days: parsed.data, source: 'Custom', hipaaMode: settings.hipaaMode };
  return { days: settings.hipaaMode ? { ...HipaaRetentionDefaults } : KeepForever, source: 'Default', hipaaMode: settings.hipaaMode };
}

export async function getRetentionSettings(ctx: Pick<AppContext, 'db' | 'config'>): Promise<RetentionSettings> {
  const [effective, run] = await Promise.all([effectiveRetention(ctx), lastRun(ctx)]);
  return { ...effective, hipaaDefaults: { ...HipaaRetentionDefaults }, lastRun: run };
}

const audited = async (db: Db, actor: AuditActor, before: EffectiveRetention, after: EffectiveRetention) => {
  const unchanged = before.source === after.source && RetentionKinds.every((k) => before.days[k] === after.days[k]);
  if (unchanged) return;
  await recordAudit(db, {
    aggregateType: RetentionAggregate,
    aggregateId: SettingsAggregateId,
    domainOperation: after.source === 'Default' ? 'Reset' : 'Updated',
    actor,
    before: { source: before.source, ...before.days },
    after: { source: after.source, ...after.days },
  });
};

export async function setRetentionSettings(ctx: Pick<AppContext, 'db' | 'config'>, actor: AuditActor, days: RetentionDays): Promise<RetentionSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await effectiveRetention({ db: tx, config: ctx.config });
    const value: RetentionDays = {
      signedInConversationDays: days.signedInConversationDays,
      publicConversationDays: days.publicConversationDays,
      uploadDays: days.uploadDays,
      traceLogDays: days.traceLogDays,
    };
    await upsertSetting(tx, RetentionSetting, value);
    await audited(tx, actor, before, { ...before, days: value, source: 'Custom' });
  });
  return getRetentionSettings(ctx);
}

/** Back to the defaults (HIPAA mode's while it is on, else forever). Idempotent. */
export async function resetRetentionSettings(ctx: Pick<AppContext, 'db' | 'config'>, actor: AuditActor): Promise<RetentionSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await effectiveRetention({ db: tx, config: ctx.config });
    await deleteSetting(tx, RetentionSetting);
    await audited(tx, actor, before, await effectiveRetention({ db: tx, config: ctx.config }));
  });
  return getRetentionSettings(ctx);
}
