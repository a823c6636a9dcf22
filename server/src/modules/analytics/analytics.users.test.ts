// Distinct users read fast (from when each user last asked, and closed buckets kept once counted) must equal the
// exact count over the per-user rollup rows, in every period and in zones with daylight saving and half-hour offsets
// (per hour of the day once the zone is kept). The export's monthly and daily rollups must equal the per-user daily
// rows they are kept from.
// The exact count is what a period that ends before the rolled-up hours reads (lastSeenAnswers), so each chart is
// computed both ways on the same data: a year of conversations by people and visitors over several agents and brands.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportingPeriods, type AnalyticsChart, type ReportingPeriod } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { analyticsHourZones, analyticsUserBuckets, analyticsUsersLastSeen } from '../../db/schema/index.js';
import { addHourZone, HourZoneIdleDays, LookBackDays, MaxHourZones, rolledUpUntil, rollUp } from './analytics.rollup.js';
import { resolvePeriod, usersByDimension, usersByHourOfDay, usersSeries, type Period } from './analytics.service.js';

let t: TestApp;
const Zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide'];

/** `count` conversations of 1–3 questions, spread over the `days` before now (pseudo-random, repeatable), a tenth by visitors. */
async function seed(count: number, days: number, salt: number) {
  await t.ctx.db.execute(sql`
    insert into conversations (user_id, gpt_system_id, title, session_identifier, public_endpoint_name, brand_key, created_at, last_modified_at)
    select case when i % 10 = 0 then null else p.id end, a.id, 'Users ' || ${salt}::int || '-' || i,
      case when i % 10 = 0 then 'visitor-' || (i % 37) end, case when i % 10 = 0 then 'campus-help' end,
      case when i % 3 = 0 then 'law-school' else 'default' end,
      now() - ((abs(hashtext(i::text || ${salt}::text)) % 1000000)::float8 / 1000000) * ${days}::int * interval '1 day', now()
    from generate_series(1, ${count}::int) i
    join (select row_number() over (order by id) as n, id from users where email like 'analytics-user-%') p on p.n = 1 + (i * 7919 + ${salt}::int) % 40
    join (select row_number() over (order by id) as n, id from gpt_systems where name like 'Analytics agent %') a on a.n = 1 + (i * 31) % 4`);
  await t.ctx.db.execute(sql`
    insert into conversation_segments (conversation_id, question, answer, status, created_at, completed_at, model, deployment_name,
      prompt_tokens, completion_tokens, gpt_system_id, brand_key, user_id)
    select c.id, 'q', 'a', 'Success', c.created_at + k * interval '50 minutes', c.created_at + k * interval '50 minutes', 'gpt-4o', 'chat-main',
      10, 5, c.gpt_system_id, c.brand_key, c.user_id
    from conversations c, generate_series(0, abs(hashtext(c.title)) % 3) k
    where c.title like ${`Users ${salt}-%`} and c.created_at + k * interval '50 minutes' < now()`);
}

/** The same period read the exact way: as if it ended before the rolled-up hours. */
const exact = (p: Period): Period => ({ ...p, rolledUpUntil: new Date(p.to.getTime() + 3_600_000) });
const figures = (c: AnalyticsChart) => ({ total: c.total, items: c.items.map((i) => [i.key, i.signedInUsers, i.visitors]).sort() });

async function compareAll() {
  // the export's rollups: the monthly rows are the sums of the daily ones, the days' users their distinct users
  const months = await t.ctx.db.execute(sql`
    (select month, user_id, privacy, gpt_system_id, model, deployment_name, segments, input_tokens, output_tokens from analytics_users_monthly
     except select date_trunc('month', day, 'UTC'), user_id, privacy, gpt_system_id, model, deployment_name, sum(segments)::int, sum(input_tokens), sum(output_tokens)
       from analytics_users_daily group by 1, 2, 3, 4, 5, 6)
    union all
    (select date_trunc('month', day, 'UTC'), user_id, privacy, gpt_system_id, model, deployment_name, sum(segments)::int, sum(input_tokens), sum(output_tokens)
       from analytics_users_daily group by 1, 2, 3, 4, 5, 6
     except select month, user_id, privacy, gpt_system_id, model, deployment_name, segments, input_tokens, output_tokens from analytics_users_monthly)`);
  expect((months as unknown as { rows: unknown[] }).rows).toEqual([]);
  const days = await t.ctx.db.execute(sql`
    (select day, users from analytics_daily_users except select day, count(distinct user_key)::int from analytics_users_daily group by 1)
    union all
    (select day, count(distinct user_key)::int from analytics_users_daily group by 1 except select day, users from analytics_daily_users)`);
  expect((days as unknown as { rows: unknown[] }).rows).toEqual([]);
  // the day counts are what the last-seen rows give, and hold no empty day
  const differences = await t.ctx.db.execute(sql`
    (select dimension, key, privacy, day, users from analytics_users_last_seen_days
     except select dimension, key, privacy, date_trunc('day', last_hour, 'UTC'), count(*)::int from analytics_users_last_seen group by 1, 2, 3, 4)
    union all
    (select dimension, key, privacy, date_trunc('day', last_hour, 'UTC'), count(*)::int from analytics_users_last_seen group by 1, 2, 3, 4
     except select dimension, key, privacy, day, users from analytics_users_last_seen_days)`);
  expect((differences as unknown as { rows: unknown[] }).rows).toEqual([]);
  for (const zone of Zones) {
    for (const period of ReportingPeriods as readonly ReportingPeriod[]) {
      const p = await resolvePeriod(t.ctx, period, zone);
      const at = `${period} in ${zone}`;
      for (const dimension of ['agent', 'brand'] as const) {
        expect(figures(await usersByDimension(t.ctx, p, dimension)), `${dimension} ${at}`).toEqual(figures(await usersByDimension(t.ctx, exact(p), dimension)));
      }
      const series = figures(await usersSeries(t.ctx, exact(p)));
      expect(figures(await usersSeries(t.ctx, p)), `series ${at}`).toEqual(series);
      // a second time, closed buckets come from analytics_user_buckets
      expect(figures(await usersSeries(t.ctx, p)), `series again ${at}`).toEqual(series);
      expect(figures(await usersByHourOfDay(t.ctx, p)), `hour of day ${at}`).toEqual(figures(await usersByHourOfDay(t.ctx, exact(p))));
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.db.execute(
    sql`insert into users (email, display_name) select 'analytics-user-' || i || '@example.edu', 'Analytics user ' || i from generate_series(1, 40) i`,
  );
  await t.ctx.db.execute(sql`
    insert into gpt_systems (name, gpt_system_type, published_config)
    select 'Analytics agent ' || i, 'System', published_config from gpt_systems, generate_series(1, 4) i
    where gpt_system_type = 'System' and published_config is not null limit 4`);
  await seed(1500, 420, 1);
  await rollUp(t.ctx);
  for (const zone of Zones) expect(await addHourZone(t.ctx, zone)).toBe(true);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('distinct users from last-seen rows and kept buckets', () => {
  it('equal the exact count for every period, dimension and zone', async () => {
    const seen = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(analyticsUsersLastSeen);
    expect(seen[0]!.n).toBeGreaterThan(100);
    await compareAll();
    // closed, final buckets were kept; the days the rollup still recomputes were not
    const kept = await t.ctx.db.select({ end: analyticsUserBuckets.bucketEnd }).from(analyticsUserBuckets);
    expect(kept.length).toBeGreaterThan(20);
    // the rollup recomputes from the day LookBackDays before its watermark (the end of the current hour, so from 23:00
    // UTC on that is tomorrow's midnight: a bound taken from now - 2 days failed every day in that hour)
    const watermark = (await rolledUpUntil(t.ctx))!.getTime();
    const recomputedFrom = Math.floor((watermark - LookBackDays * 86_400_000) / 86_400_000) * 86_400_000;
    expect(kept.every((k) => k.end.getTime() <= recomputedFrom)).toBe(true);
  }, 240_000);

  it('stay equal after newer questions are rolled up (the last-seen rows move forward)', async () => {
    await seed(300, 3, 2);
    await rollUp(t.ctx);
    await compareAll();
  }, 240_000);

  it('keep the hours of the day of at most MaxHourZones zones, and drop a zone not asked in for a while', async () => {
    const extra = ['Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Chatham', 'America/Sao_Paulo'];
    const kept = [];
    for (const zone of extra) kept.push(await addHourZone(t.ctx, zone));
    expect(kept).toEqual(extra.map((_, i) => Zones.length + i < MaxHourZones));
    const dimensions = async () =>
      (await t.ctx.db.execute(sql`select distinct dimension from analytics_users_last_seen where dimension like 'hour:%' order by 1`)) as unknown as {
        rows: { dimension: string }[];
      };
    expect((await dimensions()).rows).toHaveLength(MaxHourZones);
    // a zone beyond them is counted from the hourly rows, and not asked to be kept
    const beyond = await resolvePeriod(t.ctx, 'Last30Days', extra.at(-1)!);
    const refused: string[] = [];
    expect(figures(await usersByHourOfDay(t.ctx, beyond, (zone) => refused.push(zone)))).toEqual(figures(await usersByHourOfDay(t.ctx, exact(beyond))));
    expect(refused).toEqual([]);
    await t.ctx.db
      .update(analyticsHourZones)
      .set({ usedAt: new Date(Date.now() - (HourZoneIdleDays + 1) * 86_400_000) })
      .where(sql`${analyticsHourZones.timeZone} = 'America/New_York'`);
    await rollUp(t.ctx);
    expect((await dimensions()).rows.map((r) => r.dimension)).not.toContain('hour:America/New_York');
    // not kept, the chart counts the hourly rows, and asks for the zone to be kept again
    const asked: string[] = [];
    const p = await resolvePeriod(t.ctx, 'Last90Days', 'America/New_York');
    expect(figures(await usersByHourOfDay(t.ctx, p, (zone) => asked.push(zone)))).toEqual(figures(await usersByHourOfDay(t.ctx, exact(p))));
    expect(asked).toEqual(['America/New_York']);
  }, 240_000);
});
