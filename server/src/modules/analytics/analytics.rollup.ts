// The analytics rollup (docs/analytics.md): the segments created since the watermark are aggregated into the hourly
// and daily tables by a pg-boss job that runs every minute and on demand. Each run recomputes whole UTC days from the
// watermark's day minus a look-back (answers that finish, and feedback given, after their hour was first rolled up):
// it deletes the days' rows and inserts them again from the segments in one transaction, so that a run repeated,
// retried or raced by another process leaves the same rows (the monthly per-user rows and the last-seen rows, which
// span more than the days, are updated by difference). A first run on a large instance goes a week at a time.
import { sql, type SQL } from 'drizzle-orm';
import {
  analyticsHourZones,
  analyticsRollupState,
  analyticsTotalsHourly,
  analyticsUsageDaily,
  analyticsUsageHourly,
  analyticsDailyUsers,
  analyticsUsersDaily,
  analyticsUsersHourly,
  analyticsUsersLastSeen,
  analyticsUsersLastSeenDays,
  analyticsUsersMonthly,
} from '../../db/schema/index.js';
import { firstSegmentAt, segmentUsageRows } from '../conversations/conversations.usage.js';
import type { AppContext, DbContext } from '../../platform/context.js';

export const RollupQueue = 'analytics.rollup';
export const HourZoneQueue = 'analytics.hour-zone';
/** the most zones whose hours of the day are kept (each costs a row per user and hour of the day, and rollup time) */
export const MaxHourZones = 8;
/** a zone not asked for this long is dropped by the rollup */
export const HourZoneIdleDays = 30;
const StateName = 'segments';
const HourMs = 3_600_000;
const DayMs = 24 * HourMs;
/** days before the watermark's day that each run recomputes */
export const LookBackDays = 2;
/** the most a run's transaction covers */
const ChunkDays = 7;
/** how often the job runs in every process whose job engine runs (pg-boss keeps one queued at a time) */
export const RollupIntervalMs = 60_000;

const floorDay = (t: number) => Math.floor(t / DayMs) * DayMs;
const floorHour = (t: number) => Math.floor(t / HourMs) * HourMs;

export interface RollupResult {
  rolledUpUntil: Date | null;
  hoursRolledUp: number;
}

/** The watermark: segments created before it are in the rollups (null: never run). */
export async function rolledUpUntil({ db }: DbContext): Promise<Date | null> {
  const [row] = await db
    .select({ at: analyticsRollupState.rolledUntil })
    .from(analyticsRollupState)
    .where(sql`${analyticsRollupState.name} = ${StateName}`);
  return row?.at ?? null;
}

/** Rolls up every segment created before the end of the current hour. Idempotent; safe to run at once in several processes. */
export async function rollUp({ db }: Pick<AppContext, 'db'>, now = new Date()): Promise<RollupResult> {
  const end = floorHour(now.getTime()) + HourMs;
  let watermark = await rolledUpUntil({ db });
  if (!watermark) {
    const first = ((await db.execute(firstSegmentAt())) as unknown as { rows: { at: string | Date | null }[] }).rows[0]?.at;
    if (first == null) return { rolledUpUntil: null, hoursRolledUp: 0 };
    watermark = new Date(floorDay(new Date(first).getTime()) + LookBackDays * DayMs);
  }
  let from = floorDay(Math.min(watermark.getTime(), end) - LookBackDays * DayMs);
  let hours = 0;
  while (from < end) {
    const to = Math.min(from + ChunkDays * DayMs, end);
    await rollUpRange(db, new Date(from), new Date(to));
    hours += (to - from) / HourMs;
    from = to;
  }
  return { rolledUpUntil: new Date(end), hoursRolledUp: hours };
}

/** Recomputes [from, to) (from is a UTC midnight) and moves the watermark to `to` if it is later. */
async function rollUpRange(db: AppContext['db'], from: Date, to: Date): Promise<void> {
  const dayTo = new Date(Math.ceil(to.getTime() / DayMs) * DayMs);
  await db.transaction(async (tx) => {
    // one run at a time: the state row is the lock (made first if missing)
    await tx.execute(
      sql`insert into ${analyticsRollupState} (name, rolled_until) values (${StateName}, ${from.toISOString()}::timestamptz) on conflict (name) do nothing`,
    );
    await tx.execute(sql`select 1 from ${analyticsRollupState} where name = ${StateName} for update`);
    const u = analyticsUsageHourly;
    const uh = analyticsUsersHourly;
    const ud = analyticsUsersDaily;
    const range = (column: SQL | typeof u.hour | typeof uh.hour | typeof analyticsTotalsHourly.hour) =>
      sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
    const days = sql`${ud.day} >= ${from.toISOString()}::timestamptz and ${ud.day} < ${dayTo.toISOString()}::timestamptz`;
    // the monthly rows are the sum of the daily ones: the days recomputed are taken out here and put in again below
    await tx.execute(addDaysToMonths(days, -1));
    await tx.execute(sql`delete from ${u} where ${range(u.hour)}`);
    await tx.execute(sql`delete from ${uh} where ${range(uh.hour)}`);
    await tx.execute(sql`delete from ${ud} where ${days}`);
    const rows = segmentUsageRows(from, to);
    await tx.execute(sql`
      insert into ${u} (hour, gpt_system_id, brand_key, model, deployment_name, privacy, conversations, segments, input_tokens, output_tokens, feedback_positive, feedback_negative)
      select date_trunc('hour', s.created_at, 'UTC'), s.gpt_system_id, s.brand_key, s.model, s.deployment_name, s.privacy,
        count(*) filter (where s.is_first), count(*), sum(s.input_tokens), sum(s.output_tokens), sum(s.feedback_positive), sum(s.feedback_negative)
      from (${rows}) s
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into ${uh} (hour, user_key, user_id, gpt_system_id, brand_key, model, deployment_name, privacy, segments, input_tokens, output_tokens)
      select date_trunc('hour', s.created_at, 'UTC'), s.user_key, s.user_id, s.gpt_system_id, s.brand_key, s.model, s.deployment_name, s.privacy,
        count(*), sum(s.input_tokens), sum(s.output_tokens)
      from (${rows}) s
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    // the days are whole (from is a midnight, a chunk is whole days but for the current day, recomputed next time)
    await tx.execute(sql`
      insert into ${ud} (day, user_key, user_id, gpt_system_id, brand_key, model, deployment_name, privacy, segments, input_tokens, output_tokens)
      select date_trunc('day', h.hour, 'UTC'), h.user_key, h.user_id, h.gpt_system_id, h.brand_key, h.model, h.deployment_name, h.privacy,
        sum(h.segments), sum(h.input_tokens), sum(h.output_tokens)
      from ${uh} h
      where h.hour >= ${from.toISOString()}::timestamptz and h.hour < ${to.toISOString()}::timestamptz
      group by 1, 2, 3, 4, 5, 6, 7, 8`);
    await tx.execute(addDaysToMonths(days, 1));
    const m = analyticsUsersMonthly;
    await tx.execute(
      sql`delete from ${m} where ${m.segments} = 0 and ${m.month} >= date_trunc('month', ${from.toISOString()}::timestamptz, 'UTC') and ${m.month} < ${dayTo.toISOString()}::timestamptz`,
    );
    const du = analyticsDailyUsers;
    await tx.execute(sql`delete from ${du} where ${du.day} >= ${from.toISOString()}::timestamptz and ${du.day} < ${dayTo.toISOString()}::timestamptz`);
    // count(distinct) over a few days' rows: the grouping makes users distinct per day first (hashed, not sorted)
    await tx.execute(sql`
      insert into ${du} (day, users)
      select day, count(*)::int from (select ${ud.day} as day, ${ud.userKey} from ${ud} where ${days} group by 1, 2) x group by 1`);
    // when each user last asked, per agent, brand, hour of the day in each kept zone and in all, moved forward only (a recomputed day holds the same or
    // fewer rows; a deleted conversation stays counted, as in the other rollups); and how many users' last question
    // falls on each day: the users who moved leave their old day and join their new one
    const ls = analyticsUsersLastSeen;
    const lsd = analyticsUsersLastSeenDays;
    await tx.execute(sql`
      with changes as (
        select 'all' as dimension, '' as key, h.user_key, h.privacy, max(h.hour) as last_hour from ${uh} h where ${range(sql`h.hour`)} group by 3, 4
        union all
        select 'agent', coalesce(h.gpt_system_id::text, ''), h.user_key, h.privacy, max(h.hour) from ${uh} h where ${range(sql`h.hour`)} group by 2, 3, 4
        union all
        select 'brand', h.brand_key, h.user_key, h.privacy, max(h.hour) from ${uh} h where ${range(sql`h.hour`)} group by 2, 3, 4
        union all
        select 'hour:' || z.time_zone, extract(hour from h.hour at time zone z.time_zone)::int::text, h.user_key, h.privacy, max(h.hour)
        from ${uh} h cross join ${analyticsHourZones} z where ${range(sql`h.hour`)} group by 1, 2, 3, 4
      ), moved as (
        select c.dimension, c.key, c.user_key, c.privacy, c.last_hour, s.last_hour as old_hour
        from changes c left join ${ls} s on s.dimension = c.dimension and s.key = c.key and s.user_key = c.user_key and s.privacy = c.privacy
        where s.last_hour is null or s.last_hour < c.last_hour
      ), seen as (
        insert into ${ls} (dimension, key, user_key, privacy, last_hour)
        select dimension, key, user_key, privacy, last_hour from moved
        on conflict (dimension, key, user_key, privacy) do update set last_hour = excluded.last_hour
      )
      insert into ${lsd} (dimension, key, privacy, day, users)
      select dimension, key, privacy, day, sum(n)::int from (
        select dimension, key, privacy, date_trunc('day', last_hour, 'UTC') as day, 1 as n from moved
        union all
        select dimension, key, privacy, date_trunc('day', old_hour, 'UTC'), -1 from moved where old_hour is not null
      ) d group by 1, 2, 3, 4
      on conflict (dimension, day, key, privacy) do update set users = ${lsd.users} + excluded.users`);
    await tx.execute(sql`delete from ${lsd} where ${lsd.users} = 0`);
    const ug = analyticsUsageDaily;
    const tot = analyticsTotalsHourly;
    await tx.execute(sql`delete from ${ug} where ${ug.day} >= ${from.toISOString()}::timestamptz and ${ug.day} < ${dayTo.toISOString()}::timestamptz`);
    await tx.execute(sql`delete from ${tot} where ${range(tot.hour)}`);
    await tx.execute(sql`
      insert into ${ug} (day, gpt_system_id, brand_key, model, deployment_name, privacy, conversations, segments, input_tokens, output_tokens, feedback_positive, feedback_negative)
      select date_trunc('day', h.hour, 'UTC'), h.gpt_system_id, h.brand_key, h.model, h.deployment_name, h.privacy,
        sum(h.conversations), sum(h.segments), sum(h.input_tokens), sum(h.output_tokens), sum(h.feedback_positive), sum(h.feedback_negative)
      from ${u} h where ${range(sql`h.hour`)}
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into ${tot} (hour, conversations, segments, input_tokens, output_tokens)
      select h.hour, sum(h.conversations), sum(h.segments), sum(h.input_tokens), sum(h.output_tokens)
      from ${u} h where ${range(sql`h.hour`)}
      group by 1`);
    // zones no chart has asked in for a while: their rows go (asked again, the zone is added again)
    const z = analyticsHourZones;
    const idle = await tx.execute(
      sql`delete from ${z} where ${z.usedAt} < ${new Date(to.getTime() - HourZoneIdleDays * DayMs).toISOString()}::timestamptz returning ${z.timeZone} as zone`,
    );
    for (const { zone } of (idle as unknown as { rows: { zone: string }[] }).rows) {
      await tx.execute(sql`delete from ${ls} where ${ls.dimension} = ${`hour:${zone}`}`);
      await tx.execute(sql`delete from ${lsd} where ${lsd.dimension} = ${`hour:${zone}`}`);
    }
    await tx.execute(
      sql`update ${analyticsRollupState} set rolled_until = greatest(rolled_until, ${to.toISOString()}::timestamptz), updated_at = now() where name = ${StateName}`,
    );
  });
}

/**
 * Keeps the hours of the day in `timeZone` (the last-seen rows `hour:<zone>`, from every per-user hourly row rolled up
 * so far; the rollup keeps them after), unless MaxHourZones are kept already. Under the rollup's lock, so that no run
 * is halfway. Answers whether the zone is kept.
 */
export async function addHourZone({ db }: Pick<AppContext, 'db'>, timeZone: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${analyticsRollupState} where name = ${StateName} for update`);
    const z = analyticsHourZones;
    const kept = (await tx.execute(sql`select ${z.timeZone} as zone from ${z}`)) as unknown as { rows: { zone: string }[] };
    if (kept.rows.some((r) => r.zone === timeZone)) return true;
    if (kept.rows.length >= MaxHourZones) return false;
    await tx.execute(sql`insert into ${z} (time_zone) values (${timeZone})`);
    const uh = analyticsUsersHourly;
    const ls = analyticsUsersLastSeen;
    const lsd = analyticsUsersLastSeenDays;
    const dimension = `hour:${timeZone}`;
    await tx.execute(sql`
      insert into ${ls} (dimension, key, user_key, privacy, last_hour)
      select ${dimension}, extract(hour from ${uh.hour} at time zone ${timeZone})::int::text, ${uh.userKey}, ${uh.privacy}, max(${uh.hour})
      from ${uh} group by 2, 3, 4`);
    await tx.execute(sql`
      insert into ${lsd} (dimension, key, privacy, day, users)
      select ${dimension}, ${ls.key}, ${ls.privacy}, date_trunc('day', ${ls.lastHour}, 'UTC'), count(*)::int from ${ls} where ${ls.dimension} = ${dimension}
      group by 2, 3, 4`);
    return true;
  });
}

/**
 * Adds (sign 1) or takes out (sign -1) the per-user daily rows of `days` to or from the monthly rows (made if
 * missing; those left at no segments are deleted by the caller).
 */
function addDaysToMonths(days: SQL, sign: 1 | -1): SQL {
  const ud = analyticsUsersDaily;
  const m = analyticsUsersMonthly;
  return sql`
    insert into ${m} (month, user_id, privacy, gpt_system_id, model, deployment_name, segments, input_tokens, output_tokens)
    select date_trunc('month', ${ud.day}, 'UTC'), ${ud.userId}, ${ud.privacy}, ${ud.gptSystemId}, ${ud.model}, ${ud.deploymentName},
      ${sign}::int * sum(${ud.segments})::int, ${sign}::int * sum(${ud.inputTokens}), ${sign}::int * sum(${ud.outputTokens})
    from ${ud} where ${days}
    group by 1, 2, 3, 4, 5, 6
    on conflict on constraint analytics_users_monthly_key do update set segments = ${m.segments} + excluded.segments,
      input_tokens = ${m.inputTokens} + excluded.input_tokens, output_tokens = ${m.outputTokens} + excluded.output_tokens`;
}

/** Declares the rollup job, queued when the job engine starts and then every RollupIntervalMs while it runs. */
export function defineRollupJob(ctx: AppContext): void {
  ctx.jobs.define<Record<string, never>>(
    RollupQueue,
    { concurrency: 1, retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 3600, key: () => 'rollup' },
    async () => {
      const result = await rollUp(ctx);
      ctx.logger.debug({ hours: result.hoursRolledUp }, 'analytics rolled up');
    },
  );
  ctx.jobs.define<{ timeZone: string }>(
    HourZoneQueue,
    { concurrency: 1, retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 3600, key: (data) => data.timeZone },
    async ({ timeZone }) => {
      const kept = await addHourZone(ctx, timeZone);
      ctx.logger.info({ timeZone, kept }, 'analytics hours of the day kept for a zone');
    },
  );
  const queue = () => {
    if (ctx.jobs.running) void ctx.jobs.send(RollupQueue, {}).catch((e: unknown) => ctx.logger.warn({ err: e }, 'analytics rollup not queued'));
  };
  ctx.jobs.onStart(async () => {
    queue();
    const timer = setInterval(() => {
      if (!ctx.jobs.running) return clearInterval(timer);
      queue();
    }, RollupIntervalMs);
    timer.unref();
  });
}
