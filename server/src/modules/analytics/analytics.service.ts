// The admin analytics (docs/analytics.md): each chart is read from the hourly rollups (analytics.rollup.ts), grouped
// in the caller's time zone by PostgreSQL. Distinct users are counted exactly: in a period (which always ends with
// the current hour) from when each user last asked (per hour of the day: in each hour of the day of the caller's
// zone, kept for the zones asked in); per closed bucket once from the per-user rows (whole UTC days that lie in one
// bucket from the daily table, the other hours from the hourly one) and kept when final.
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsBucket, AnalyticsChart, AnalyticsItem, ReportingPeriod } from '@atrium/contract';
import {
  analyticsHourZones,
  analyticsTotalsHourly,
  analyticsUsageDaily,
  analyticsUsageHourly,
  analyticsUserBuckets,
  analyticsUsersDaily,
  analyticsUsersHourly,
  analyticsUsersLastSeen,
  analyticsUsersLastSeenDays,
  type LastSeenDimension,
} from '../../db/schema/index.js';
import type { DbContext } from '../../platform/context.js';
import { systemAgentNames } from '../agents/agents.lookup.js';
import { getBrand } from '../brands/brands.service.js';
import { LookBackDays, MaxHourZones, rolledUpUntil } from './analytics.rollup.js';

const HourMs = 3_600_000;
const DayMs = 24 * HourMs;

const PeriodDays: Record<ReportingPeriod, number | null> = {
  Last24Hours: null,
  Last7Days: 7,
  Last30Days: 30,
  Last90Days: 90,
  Last365Days: 365,
  AllTime: null,
};
const PeriodBucket: Record<ReportingPeriod, AnalyticsBucket> = {
  Last24Hours: 'Hour',
  Last7Days: 'Day',
  Last30Days: 'Day',
  Last90Days: 'Week',
  Last365Days: 'Month',
  AllTime: 'Month',
};
const Unit: Record<AnalyticsBucket, string> = { Hour: 'hour', Day: 'day', Week: 'week', Month: 'month' };
const LabelFormat: Record<AnalyticsBucket, string> = { Hour: 'YYYY-MM-DD HH24:00', Day: 'YYYY-MM-DD', Week: 'YYYY-MM-DD', Month: 'YYYY-MM' };

export interface Period {
  reportingPeriod: ReportingPeriod;
  timeZone: string;
  /** null: AllTime with nothing rolled up */
  from: Date | null;
  to: Date;
  bucket: AnalyticsBucket;
  rolledUpUntil: Date | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** The rows of a raw query (the driver's result types differ between PGlite and node-postgres). */
export const rowsOf = async <T>(db: DbContext['db'], query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The period's range: from the start of the first local day (or of the 24th hour back) to the end of the current hour. */
export async function resolvePeriod({ db }: DbContext, reportingPeriod: ReportingPeriod, timeZone: string, now = new Date()): Promise<Period> {
  const to = new Date(Math.floor(now.getTime() / HourMs) * HourMs + HourMs);
  const days = PeriodDays[reportingPeriod];
  let from: Date | null;
  if (reportingPeriod === 'Last24Hours') from = new Date(to.getTime() - 24 * HourMs);
  else if (days !== null) {
    const [row] = await rowsOf<{ from: string | Date }>(
      db,
      sql`select (date_trunc('day', ${ts(now)} at time zone ${timeZone}) - ${days - 1} * interval '1 day') at time zone ${timeZone} as "from"`,
    );
    from = new Date(row!.from);
  } else {
    const [row] = await rowsOf<{ from: string | Date | null }>(db, sql`select min(${analyticsUsageHourly.hour}) as "from" from ${analyticsUsageHourly}`);
    from = row?.from == null ? null : new Date(row.from);
  }
  return { reportingPeriod, timeZone, from, to, bucket: PeriodBucket[reportingPeriod], rolledUpUntil: await rolledUpUntil({ db }) };
}

const chart = (p: Period, items: AnalyticsItem[], total: number, bucket: AnalyticsBucket | null): AnalyticsChart => ({
  items,
  total,
  reportingPeriod: p.reportingPeriod,
  timeZone: p.timeZone,
  bucket,
  from: p.from?.toISOString() ?? null,
  to: p.to.toISOString(),
  rolledUpUntil: p.rolledUpUntil?.toISOString() ?? null,
});

interface Bucket {
  at: Date;
  label: string;
}

/** The period's buckets in the zone, each with its start (the first clamped to the period's start) and label. */
async function bucketsOf({ db }: DbContext, p: Period): Promise<Bucket[]> {
  if (!p.from) return [];
  const unit = Unit[p.bucket];
  const rows = await rowsOf<{ at: string | Date; label: string }>(
    db,
    sql`select g at time zone ${p.timeZone} as at, to_char(g, ${LabelFormat[p.bucket]}) as label
      from generate_series(date_trunc(${unit}, ${ts(p.from)} at time zone ${p.timeZone}),
        date_trunc(${unit}, ${ts(new Date(p.to.getTime() - HourMs))} at time zone ${p.timeZone}), ('1 ' || ${unit})::interval) g
      order by g`,
  );
  return rows.map((r, i) => ({ at: i === 0 ? p.from! : new Date(r.at), label: r.label }));
}

const bucketLabel = (p: Period, column: SQL) => sql`to_char(date_trunc(${Unit[p.bucket]}, ${column} at time zone ${p.timeZone}), ${LabelFormat[p.bucket]})`;

// ---------------------------------------------------------------------------------------------------------------
// Conversations, segments, tokens and feedback: sums of the hourly usage rows

type Dimension = 'brand' | 'agent' | 'model' | 'privacy';
const u = analyticsUsageHourly;
const ud = analyticsUsageDaily;
/** columns of usageRows' rows */
const dimensionColumn: Record<Dimension, SQL> = {
  brand: sql`brand_key`,
  agent: sql`gpt_system_id::text`,
  model: sql`model`,
  privacy: sql`privacy`,
};

export interface Sums {
  key: string | null;
  conversations: number;
  segments: number;
  input: number;
  output: number;
  positive: number;
  negative: number;
}

const sums = sql`coalesce(sum(conversations), 0)::float8 as conversations, coalesce(sum(segments), 0)::float8 as segments,
  coalesce(sum(input_tokens), 0)::float8 as input, coalesce(sum(output_tokens), 0)::float8 as output,
  coalesce(sum(feedback_positive), 0)::float8 as positive, coalesce(sum(feedback_negative), 0)::float8 as negative`;

/**
 * The usage rows of the period (column `t` the hour or day): whole UTC days that lie in one bucket from the daily
 * table, the hours of the days a boundary cuts from the hourly one.
 */
function usageRows(p: Period, buckets: Bucket[] | null, gptSystemId?: string): SQL {
  const split = splitPeriod(p, buckets);
  const columns = sql`gpt_system_id, brand_key, model, deployment_name, privacy, conversations, segments, input_tokens, output_tokens, feedback_positive, feedback_negative`;
  const agent = (column: SQL) => (gptSystemId ? sql` and ${column} = ${gptSystemId}` : sql``);
  const parts: SQL[] = [];
  if (split.days) parts.push(sql`select ${ud.day} as t, ${columns} from ${ud} where ${split.days(sql`${ud.day}`)}${agent(sql`${ud.gptSystemId}`)}`);
  if (split.hours) parts.push(sql`select ${u.hour} as t, ${columns} from ${u} where (${split.hours(sql`${u.hour}`)})${agent(sql`${u.gptSystemId}`)}`);
  if (parts.length === 0) return sql`select null::timestamptz as t, ${columns} from ${u} where false`;
  return sql.join(parts, sql` union all `);
}

async function usageBy({ db }: DbContext, p: Period, group: SQL, options: { buckets?: Bucket[]; gptSystemId?: string } = {}): Promise<Sums[]> {
  if (!p.from) return [];
  return rowsOf<Sums>(db, sql`select ${group} as key, ${sums} from (${usageRows(p, options.buckets ?? null, options.gptSystemId)}) x group by 1`);
}

/** Tokens (and the other sums) per deployment name over the period, for the costs (analytics.costs.ts). */
export const usageByDeployment = (ctx: DbContext, p: Period): Promise<Sums[]> => usageBy(ctx, p, sql`deployment_name`);

/** Sums of all agents by the hour (the totals table): time series and hours of the day. */
async function totalsBy({ db }: DbContext, p: Period, group: SQL): Promise<Sums[]> {
  if (!p.from) return [];
  const t = analyticsTotalsHourly;
  return rowsOf<Sums>(
    db,
    sql`select ${group} as key, coalesce(sum(conversations), 0)::float8 as conversations, coalesce(sum(segments), 0)::float8 as segments,
      coalesce(sum(input_tokens), 0)::float8 as input, coalesce(sum(output_tokens), 0)::float8 as output, 0::float8 as positive, 0::float8 as negative
      from (select ${t.hour} as t, conversations, segments, input_tokens, output_tokens from ${t} where ${t.hour} >= ${ts(p.from)} and ${t.hour} < ${ts(p.to)}) x group by 1`,
  );
}

export type Measure = 'conversations' | 'tokens';

const measureOf = (measure: Measure, s: Sums): Pick<AnalyticsItem, 'value' | 'inputTokens' | 'outputTokens'> =>
  measure === 'conversations' ? { value: s.conversations } : { value: s.input + s.output, inputTokens: s.input, outputTokens: s.output };

/** Names for the keys of a dimension. */
async function labelsOf(ctx: DbContext, dimension: Dimension, keys: (string | null)[]): Promise<Map<string | null, string>> {
  const labels = new Map<string | null, string>();
  if (dimension === 'agent') {
    const ids = keys.filter((k): k is string => k !== null);
    const names = await systemAgentNames(ctx, ids);
    for (const n of names) labels.set(n.gptSystemId, n.name);
    for (const k of keys) if (!labels.has(k)) labels.set(k, k === null ? 'Previews' : 'Personal or deleted agent');
  } else if (dimension === 'brand') {
    for (const k of keys) labels.set(k, (await getBrand(ctx, k ?? '').catch(() => null))?.name ?? k ?? '');
  } else if (dimension === 'privacy') {
    for (const k of keys) labels.set(k, k === 'Public' ? 'Public visitors' : 'Signed-in people');
  } else {
    for (const k of keys) labels.set(k, k || 'Unknown model');
  }
  return labels;
}

const byValue = (a: AnalyticsItem, b: AnalyticsItem) => b.value - a.value || a.label.localeCompare(b.label);

/** ConversationsBy…/TokensBy… a dimension: one item per brand, agent, model or privacy, largest first. */
export async function usageByDimension(ctx: DbContext, p: Period, measure: Measure, dimension: Dimension): Promise<AnalyticsChart> {
  const rows = await usageBy(ctx, p, dimensionColumn[dimension]);
  const labels = await labelsOf(
    ctx,
    dimension,
    rows.map((r) => r.key),
  );
  const items = rows.map((r) => ({ label: labels.get(r.key)!, key: r.key, ...measureOf(measure, r) })).sort(byValue);
  return chart(
    p,
    items,
    items.reduce((n, i) => n + i.value, 0),
    null,
  );
}

/** …ByReportingPeriod and the per-agent series: one item per bucket of the period, empty ones included. */
export async function usageSeries(
  ctx: DbContext,
  p: Period,
  measure: Measure | 'agentConversations' | 'feedback',
  gptSystemId?: string,
): Promise<AnalyticsChart> {
  const buckets = await bucketsOf(ctx, p);
  const label = bucketLabel(p, sql`t`);
  const rows = gptSystemId ? await usageBy(ctx, p, label, { buckets, gptSystemId }) : await totalsBy(ctx, p, label);
  const byLabel = new Map(rows.map((r) => [r.key, r]));
  const zero: Sums = { key: null, conversations: 0, segments: 0, input: 0, output: 0, positive: 0, negative: 0 };
  const items = buckets.map((b): AnalyticsItem => {
    const s = byLabel.get(b.label) ?? zero;
    const base = { label: b.label, key: b.at.toISOString() };
    if (measure === 'agentConversations') return { ...base, value: s.conversations, conversations: s.conversations, segments: s.segments };
    if (measure === 'feedback') return { ...base, value: s.positive + s.negative, positive: s.positive, negative: s.negative };
    return { ...base, ...measureOf(measure, s) };
  });
  return chart(
    p,
    items,
    items.reduce((n, i) => n + i.value, 0),
    p.bucket,
  );
}

/** …ByHour: one item per hour of the day (0-23) in the zone. */
export async function usageByHourOfDay(ctx: DbContext, p: Period, measure: Measure): Promise<AnalyticsChart> {
  const rows = await totalsBy(ctx, p, sql`extract(hour from t at time zone ${p.timeZone})::int::text`);
  const byHour = new Map(rows.map((r) => [r.key, r]));
  const zero: Sums = { key: null, conversations: 0, segments: 0, input: 0, output: 0, positive: 0, negative: 0 };
  const items = Array.from({ length: 24 }, (_, h) => ({
    label: `${String(h).padStart(2, '0')}:00`,
    key: String(h),
    ...measureOf(measure, byHour.get(String(h)) ?? zero),
  }));
  return chart(
    p,
    items,
    items.reduce((n, i) => n + i.value, 0),
    null,
  );
}

/** AverageConversationLength: questions per conversation started in the period, per agent and (total) overall. */
export async function averageConversationLength(ctx: DbContext, p: Period): Promise<AnalyticsChart> {
  const rows = await usageBy(ctx, p, dimensionColumn.agent);
  const labels = await labelsOf(
    ctx,
    'agent',
    rows.map((r) => r.key),
  );
  const ratio = (segments: number, conversations: number) => (conversations === 0 ? 0 : Math.round((segments / conversations) * 100) / 100);
  const items = rows
    .filter((r) => r.conversations > 0 || r.segments > 0)
    .map((r) => ({ label: labels.get(r.key)!, key: r.key, value: ratio(r.segments, r.conversations), conversations: r.conversations, segments: r.segments }))
    .sort(byValue);
  const all = rows.reduce((a, r) => ({ s: a.s + r.segments, c: a.c + r.conversations }), { s: 0, c: 0 });
  return chart(p, items, ratio(all.s, all.c), null);
}

// ---------------------------------------------------------------------------------------------------------------
// Distinct users

const floorDay = (t: number) => Math.floor(t / DayMs) * DayMs;

interface Split {
  /** a condition on a day column: the whole UTC days read from a daily table */
  days: ((column: SQL) => SQL) | null;
  /** a condition on an hour column: the hours read from an hourly table */
  hours: ((column: SQL) => SQL) | null;
}

/**
 * Splits the period into whole UTC days that lie inside one bucket (read from a daily table) and the hours of the
 * other days: the period's first and last day unless they are whole, and every day a bucket boundary cuts (in a zone
 * that is not UTC, every day boundary of a day bucket; one day a month for month buckets).
 */
function splitPeriod(p: Period, buckets: Bucket[] | null): Split {
  const from = p.from!.getTime();
  const to = p.to.getTime();
  const cuts = [from, to, ...(buckets ?? []).map((b) => b.at.getTime())].filter((t) => t >= from && t <= to && t % DayMs !== 0);
  const cutDays = [...new Set(cuts.map(floorDay))].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const day of cutDays) {
    const start = Math.max(day, from);
    const end = Math.min(day + DayMs, to);
    if (start >= end) continue;
    const last = ranges.at(-1);
    if (last && last[1] >= start) last[1] = end;
    else ranges.push([start, end]);
  }
  const firstDay = Math.ceil(from / DayMs) * DayMs;
  const lastDay = floorDay(to);
  const skip = cutDays.filter((t) => t >= firstDay && t < lastDay);
  return {
    days:
      firstDay < lastDay
        ? (column) =>
            sql`${column} >= ${ts(new Date(firstDay))} and ${column} < ${ts(new Date(lastDay))}${
              skip.length
                ? sql` and ${column} not in (${sql.join(
                    skip.map((t) => ts(new Date(t))),
                    sql`, `,
                  )})`
                : sql``
            }`
        : null,
    hours: ranges.length
      ? (column) =>
          sql.join(
            ranges.map(([a, b]) => sql`(${column} >= ${ts(new Date(a))} and ${column} < ${ts(new Date(b))})`),
            sql` or `,
          )
      : null,
  };
}

/**
 * Rows (bucket label or null, user_key, privacy, gpt_system_id, brand_key) that together hold each user active in
 * the period once per hour or day (splitPeriod). `buckets` null: the period as one; 'hourOfDay': hourly rows only,
 * labelled by the zone's hour.
 */
function userRows(p: Period, buckets: Bucket[] | null | 'hourOfDay'): SQL {
  const d = analyticsUsersDaily;
  const h = analyticsUsersHourly;
  if (buckets === 'hourOfDay') {
    return sql`select extract(hour from ${h.hour} at time zone ${p.timeZone})::int::text as b, ${h.userKey} as user_key, ${h.privacy} as privacy
      from ${h} where ${h.hour} >= ${ts(p.from!)} and ${h.hour} < ${ts(p.to)}`;
  }
  const split = splitPeriod(p, buckets);
  const label = (column: SQL) => (buckets ? bucketLabel(p, column) : sql`null::text`);
  const parts: SQL[] = [];
  if (split.days) {
    parts.push(sql`select ${label(sql`${d.day}`)} as b, ${d.userKey} as user_key, ${d.privacy} as privacy, ${d.gptSystemId} as gpt_system_id, ${d.brandKey} as brand_key
      from ${d} where ${split.days(sql`${d.day}`)}`);
  }
  if (split.hours) {
    parts.push(sql`select ${label(sql`${h.hour}`)} as b, ${h.userKey} as user_key, ${h.privacy} as privacy, ${h.gptSystemId} as gpt_system_id, ${h.brandKey} as brand_key
      from ${h} where ${split.hours(sql`${h.hour}`)}`);
  }
  if (parts.length === 0)
    return sql`select null::text as b, null::uuid as user_key, null::text as privacy, null::uuid as gpt_system_id, null::text as brand_key where false`;
  return sql.join(parts, sql` union all `);
}

interface UserCounts {
  key: string | null;
  private: number;
  public: number;
}

/**
 * Distinct users (signed-in and visitors) per `key` over `rows`: the users are made distinct by a grouping first,
 * which PostgreSQL hashes, where count(distinct) would sort every row.
 */
const countUsers = (key: SQL, rows: SQL) =>
  sql`select key, count(*) filter (where privacy = 'Private')::float8 as private, count(*) filter (where privacy = 'Public')::float8 as public
    from (select ${key} as key, user_key, privacy from (${rows}) x group by 1, 2, 3) y group by key`;

/**
 * Whether the last-seen rows answer for the period: they do when it ends at or after the rolled-up hours, as every
 * reporting period does (it ends with the current hour). A period ending earlier reads the per-user rows.
 */
const lastSeenAnswers = (p: Period) => p.rolledUpUntil !== null && p.to.getTime() >= p.rolledUpUntil.getTime();

/**
 * Users per key (null for no agent) whose last question, in the dimension, is at or after `from`: the days from the
 * first UTC midnight on summed from analytics_users_last_seen_days, the hours before it counted from the last-seen rows.
 */
const lastSeenCounts = (dimension: LastSeenDimension, from: Date) => {
  const ls = analyticsUsersLastSeen;
  const lsd = analyticsUsersLastSeenDays;
  const midnight = new Date(Math.ceil(from.getTime() / DayMs) * DayMs);
  const key = dimension === 'agent' ? sql`nullif(key, '')` : sql`key`;
  return sql`select ${key} as key, sum(private)::float8 as private, sum(public)::float8 as public from (
      select ${ls.key} as key, count(*) filter (where ${ls.privacy} = 'Private') as private, count(*) filter (where ${ls.privacy} = 'Public') as public
      from ${ls} where ${ls.dimension} = ${dimension} and ${ls.lastHour} >= ${ts(from)} and ${ls.lastHour} < ${ts(midnight)} group by 1
      union all
      select ${lsd.key}, sum(${lsd.users}) filter (where ${lsd.privacy} = 'Private'), sum(${lsd.users}) filter (where ${lsd.privacy} = 'Public')
      from ${lsd} where ${lsd.dimension} = ${dimension} and ${lsd.day} >= ${ts(midnight)} group by 1
    ) x group by key`;
};

async function usersSince({ db }: DbContext, from: Date): Promise<UserCounts> {
  const [row] = await rowsOf<UserCounts>(db, lastSeenCounts('all', from));
  return row ?? { key: null, private: 0, public: 0 };
}

async function totalUsers(ctx: DbContext, p: Period): Promise<number> {
  if (!p.from) return 0;
  if (lastSeenAnswers(p)) {
    const c = await usersSince(ctx, p.from);
    return c.private + c.public;
  }
  const [row] = await rowsOf<UserCounts>(ctx.db, countUsers(sql`null::text`, userRows(p, null)));
  return row ? row.private + row.public : 0;
}

const userItem = (label: string, key: string | null, c: UserCounts | undefined): AnalyticsItem => ({
  label,
  key,
  value: (c?.private ?? 0) + (c?.public ?? 0),
  signedInUsers: c?.private ?? 0,
  visitors: c?.public ?? 0,
});

/** UsersByBrand, UsersByGptSystem: distinct people and visitor sessions per brand or agent, most first; total: in the period. */
export async function usersByDimension(ctx: DbContext, p: Period, dimension: 'brand' | 'agent'): Promise<AnalyticsChart> {
  if (!p.from) return chart(p, [], 0, null);
  const column = dimension === 'brand' ? sql`brand_key` : sql`gpt_system_id::text`;
  const counts = lastSeenAnswers(p) ? lastSeenCounts(dimension, p.from) : countUsers(column, userRows(p, null));
  const [rows, total] = await Promise.all([rowsOf<UserCounts>(ctx.db, counts), totalUsers(ctx, p)]);
  const labels = await labelsOf(
    ctx,
    dimension,
    rows.map((r) => r.key),
  );
  return chart(p, rows.map((r) => userItem(labels.get(r.key)!, r.key, r)).sort(byValue), total, null);
}

/** UsersByReportingPeriod: distinct users per bucket. */
export async function usersSeries(ctx: DbContext, p: Period): Promise<AnalyticsChart> {
  const buckets = await bucketsOf(ctx, p);
  if (!p.from || buckets.length === 0) return chart(p, [], 0, p.bucket);
  const [counts, total] = await Promise.all([
    p.bucket !== 'Hour' && lastSeenAnswers(p) ? bucketUsers(ctx, p, buckets) : countBuckets(ctx, p, buckets),
    totalUsers(ctx, p),
  ]);
  return chart(
    p,
    buckets.map((b) => userItem(b.label, b.at.toISOString(), counts.get(b.label))),
    total,
    p.bucket,
  );
}

/** Distinct users per bucket label, counted from the per-user rows of the buckets' range. */
async function countBuckets({ db }: DbContext, p: Period, buckets: Bucket[], to = p.to): Promise<Map<string | null, UserCounts>> {
  const rows = await rowsOf<UserCounts>(db, countUsers(sql`b`, userRows({ ...p, from: buckets[0]!.at, to }, buckets)));
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * Distinct users per bucket, the last (which ends with the current hour) from the last-seen rows, the closed ones from
 * analytics_user_buckets when their days are final (before the days the rollup recomputes), counted and kept there
 * otherwise.
 */
async function bucketUsers(ctx: DbContext, p: Period, buckets: Bucket[]): Promise<Map<string | null, UserCounts>> {
  const ub = analyticsUserBuckets;
  const unit = Unit[p.bucket];
  const last = buckets.at(-1)!;
  const closed = buckets.slice(0, -1).map((b, i) => ({ ...b, end: buckets[i + 1]!.at }));
  const counts = new Map<string | null, UserCounts>([[last.label, await usersSince(ctx, last.at)]]);
  if (closed.length === 0) return counts;
  const finalBefore = floorDay(p.rolledUpUntil!.getTime() - LookBackDays * DayMs);
  const kept = await rowsOf<{ start: string | Date; end: string | Date; private: number; public: number }>(
    ctx.db,
    sql`select ${ub.bucketStart} as start, ${ub.bucketEnd} as end, ${ub.signedInUsers}::float8 as private, ${ub.visitors}::float8 as public from ${ub}
      where ${ub.timeZone} = ${p.timeZone} and ${ub.unit} = ${unit} and ${ub.bucketStart} >= ${ts(closed[0]!.at)} and ${ub.bucketEnd} <= ${ts(last.at)}`,
  );
  const keptAt = new Map(kept.map((k) => [`${new Date(k.start).getTime()}:${new Date(k.end).getTime()}`, k]));
  const missing: typeof closed = [];
  for (const b of closed) {
    const k = keptAt.get(`${b.at.getTime()}:${b.end.getTime()}`);
    if (k) counts.set(b.label, { key: b.label, private: k.private, public: k.public });
    else missing.push(b);
  }
  if (missing.length === 0) return counts;
  // one count over the range from the first missing bucket to the end of the last (kept ones in between counted again)
  const from = closed.indexOf(missing[0]!);
  const range = closed.slice(from, closed.indexOf(missing.at(-1)!) + 1);
  const counted = await countBuckets(ctx, p, range, range.at(-1)!.end);
  const final = missing.filter((b) => b.end.getTime() <= finalBefore);
  for (const b of missing) counts.set(b.label, counted.get(b.label) ?? { key: b.label, private: 0, public: 0 });
  if (final.length > 0) {
    await ctx.db
      .insert(ub)
      .values(
        final.map((b) => ({
          timeZone: p.timeZone,
          unit,
          bucketStart: b.at,
          bucketEnd: b.end,
          signedInUsers: counts.get(b.label)!.private,
          visitors: counts.get(b.label)!.public,
        })),
      )
      .onConflictDoNothing();
  }
  return counts;
}

/**
 * Whether the hours of the day in the zone are kept in the last-seen rows (analytics_hour_zones), else whether there
 * is room for it; marks a kept zone used (at most once a day, so that the rollup keeps it).
 */
async function hourZone({ db }: DbContext, timeZone: string): Promise<'kept' | 'room' | 'full'> {
  const z = analyticsHourZones;
  const [row] = await rowsOf<{ stale: boolean | null; zones: number }>(
    db,
    sql`select (select ${z.usedAt} < now() - interval '1 day' from ${z} where ${z.timeZone} = ${timeZone}) as stale, (select count(*)::int from ${z}) as zones`,
  );
  if (row!.stale === null) return row!.zones < MaxHourZones ? 'room' : 'full';
  if (row!.stale) await db.execute(sql`update ${z} set used_at = now() where ${z.timeZone} = ${timeZone}`);
  return 'kept';
}

/**
 * UsersByHourOfDay: distinct users who asked in each hour of the day (0-23, the zone's) over the period. From the
 * last-seen rows of the zone's hours of the day when it is kept (exact, as for the other dimensions), else counted from
 * the per-user hourly rows of the period, and `keepZone` asked to keep the zone if there is room (the route queues a
 * job).
 */
export async function usersByHourOfDay(ctx: DbContext, p: Period, keepZone?: (timeZone: string) => void): Promise<AnalyticsChart> {
  if (!p.from) return chart(p, [], 0, null);
  let counts = countUsers(sql`b`, userRows(p, 'hourOfDay'));
  if (lastSeenAnswers(p)) {
    const zone = await hourZone(ctx, p.timeZone);
    if (zone === 'kept') counts = lastSeenCounts(`hour:${p.timeZone}`, p.from);
    else if (zone === 'room') keepZone?.(p.timeZone);
  }
  const [rows, total] = await Promise.all([rowsOf<UserCounts>(ctx.db, counts), totalUsers(ctx, p)]);
  const byHour = new Map(rows.map((r) => [r.key, r]));
  return chart(
    p,
    Array.from({ length: 24 }, (_, h) => userItem(`${String(h).padStart(2, '0')}:00`, String(h), byHour.get(String(h)))),
    total,
    null,
  );
}
