// Retention (docs/retention.md): the settings over HTTP (defaults, HIPAA mode's defaults, validation, access, audit),
// and the sweep with its clock moved forward: what expired is deleted with its blobs, nothing younger than its limit
// is, uploads another conversation still names stay, an agent's files stay; a sweep stopped half-way and run again
// finishes without errors; the pg-boss job runs it on demand; the sign-in purge.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema, HipaaRetentionDefaults, RetentionSettingsSchema, type RetentionDays } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/chat-stream.js';
import {
  attachments,
  auditLog,
  conversationSegments,
  conversations,
  generatedImages,
  codeInterpreterFiles,
  refreshSessions,
  signInFailures,
  visionImages,
} from '../../db/schema/index.js';
import type { SegmentExecutionLog } from '../../db/schema/index.js';
import { visionBlobKey } from '../uploads/uploads.service.js';
import { blobKey as codeFileBlobKey } from '../code-interpreter/code-files.service.js';
import { purgeSignInLeftovers } from '../auth/auth.purge.js';
import { sweep } from './retention.sweep.js';
import { SweepActor } from './retention.job.js';

const DayMs = 86_400_000;
const MinuteMs = 60_000;

let t: TestApp;
let admin: { id: string; token: string };
let reader: { token: string };
let person: { id: string };
let other: { id: string };

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/internal/admin/instanceSettings/retention${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const setDays = async (days: RetentionDays) => {
  const res = await call('PUT', '', admin.token, days);
  expect(res.statusCode, res.body).toBe(200);
};

const Log: SegmentExecutionLog = {
  createdAt: new Date().toISOString(),
  executionLogType: 'Completed',
  executionLogDetailLevel: 'Info',
  message: 'Success',
  isError: false,
};

/** A conversation last changed at `at`, with one segment created then that names these uploads. */
async function conversationAt(at: Date, o: { userId?: string | null; session?: string; images?: string[]; files?: string[]; logs?: boolean }) {
  const visitor = !o.userId;
  const [c] = await t.ctx.db
    .insert(conversations)
    .values({
      userId: o.userId ?? null,
      title: 'Kept or not',
      publicEndpointName: visitor ? 'campus-help' : null,
      sessionIdentifier: visitor ? (o.session ?? 'visitor-session') : null,
      createdAt: at,
      lastModifiedAt: at,
    })
    .returning();
  const [s] = await t.ctx.db
    .insert(conversationSegments)
    .values({
      conversationId: c!.id,
      question: 'A question',
      answer: 'An answer',
      status: 'Success',
      createdAt: at,
      visionImageIds: o.images ?? [],
      attachmentIds: o.files ?? [],
      executionLogs: o.logs ? [Log] : [],
      providerError: o.logs ? 'HTTP 500: upstream' : null,
    })
    .returning();
  return { id: c!.id, segmentId: s!.id };
}

/** A vision image (and its thumbnail) in the blob store, uploaded at `at`. */
async function imageAt(at: Date, owner: { userId: string } | { session: string }) {
  const id = randomUUID();
  const row = {
    id,
    userId: 'userId' in owner ? owner.userId : null,
    publicEndpointName: 'userId' in owner ? null : 'campus-help',
    sessionIdentifier: 'userId' in owner ? null : owner.session,
  };
  await t.ctx.db.insert(visionImages).values({
    ...row,
    originalFileName: 'photo.png',
    blobFileName: 'photo.png',
    mimeType: 'image/png',
    thumbnailBlobFileName: 'photo-thumbnail.webp',
    thumbnailMimeType: 'image/webp',
    width: 1,
    height: 1,
    sizeBytes: 4,
    createdAt: at,
  });
  const keys = [visionBlobKey(row, 'photo.png'), visionBlobKey(row, 'photo-thumbnail.webp')];
  for (const k of keys) await t.ctx.blobs.put(k, Buffer.from('png!'), 'image/png');
  return { id, keys };
}

async function fileAt(at: Date, userId: string, context: 'Conversation' | 'GptSystem' = 'Conversation') {
  const id = randomUUID();
  const blobKey = `attachments/${userId}/${id}`;
  await t.ctx.db.insert(attachments).values({
    id,
    userId,
    attachmentType: 'FileSearch',
    context,
    originalFileName: 'notes.txt',
    mimeType: 'text/plain',
    sizeBytes: 5,
    blobKey,
    extractedText: 'notes',
    createdAt: at,
  });
  await t.ctx.blobs.put(blobKey, Buffer.from('notes'), 'text/plain');
  return { id, keys: [blobKey] };
}

async function generatedImage(conversation: { id: string; segmentId: string }) {
  const blobKey = `generated-images/${conversation.id}/${randomUUID()}.png`;
  await t.ctx.db.insert(generatedImages).values({
    conversationId: conversation.id,
    segmentId: conversation.segmentId,
    keyHash: randomUUID(),
    fileName: 'picture.png',
    title: 'A picture',
    prompt: 'A picture',
    contentType: 'image/png',
    byteSize: 4,
    blobKey,
    deploymentName: 'images',
  });
  await t.ctx.blobs.put(blobKey, Buffer.from('png!'), 'image/png');
  return { keys: [blobKey] };
}

/** A file the code interpreter made in the conversation: its row and its blob (code-files.service.ts's key). */
async function codeFile(conversation: { id: string; segmentId: string }) {
  const id = randomUUID();
  await t.ctx.db.insert(codeInterpreterFiles).values({
    id,
    conversationId: conversation.id,
    segmentId: conversation.segmentId,
    fileName: 'totals.csv',
    contentType: 'text/csv',
    byteSize: 9,
  });
  const key = codeFileBlobKey(conversation.id, conversation.segmentId, id, 'totals.csv');
  await t.ctx.blobs.put(key, Buffer.from('a,b\n1,2\n'), 'text/csv');
  return { keys: [key] };
}

const blobsExist = async (keys: string[]) => Promise.all(keys.map(async (k) => (await t.ctx.blobs.get(k)) !== null));
const conversationExists = async (id: string) => (await t.ctx.db.select().from(conversations).where(eq(conversations.id, id))).length === 1;
const sweepAudits = () => t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, 'sweep')).orderBy(auditLog.createdAt);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ actions: ['InstanceSettingsRead', 'InstanceSettingsWrite'], displayName: 'Retention Admin' });
  reader = await t.createUser({ actions: ['InstanceSettingsRead'] });
  person = await t.createUser();
  other = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

describe('retention settings', () => {
  beforeEach(async () => {
    await call('DELETE', '', admin.token);
    await t.app.inject({
      method: 'PUT',
      url: '/api/internal/admin/instanceSettings/hipaa',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { enabled: false },
    });
  });

  it('keeps everything forever by default, and HIPAA mode keeps its defaults until an administrator saves others', async () => {
    const first = RetentionSettingsSchema.parse((await call('GET', '', reader.token)).json());
    expect(first).toMatchObject({
      source: 'Default',
      hipaaMode: false,
      days: { signedInConversationDays: null, publicConversationDays: null, uploadDays: null, traceLogDays: null },
      hipaaDefaults: HipaaRetentionDefaults,
    });
    const hipaa = await t.app.inject({
      method: 'PUT',
      url: '/api/internal/admin/instanceSettings/hipaa',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { enabled: true },
    });
    expect(hipaa.statusCode).toBe(200);
    expect((await call('GET', '', reader.token)).json()).toMatchObject({ source: 'Default', hipaaMode: true, days: HipaaRetentionDefaults });

    // an empty value keeps that kind forever, in HIPAA mode too, once saved
    const saved = await call('PUT', '', admin.token, { signedInConversationDays: 365, publicConversationDays: 7, uploadDays: null, traceLogDays: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      source: 'Custom',
      days: { signedInConversationDays: 365, publicConversationDays: 7, uploadDays: null, traceLogDays: 1 },
    });
    const reset = await call('DELETE', '', admin.token);
    expect(reset.json()).toMatchObject({ source: 'Default', days: HipaaRetentionDefaults });

    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.aggregateId, 'settings')).orderBy(auditLog.createdAt);
    const ours = audits.filter((a) => a.aggregateType === 'Retention');
    expect(ours.map((a) => a.domainOperation).slice(-2)).toEqual(['Updated', 'Reset']);
    expect(ours.at(-2)).toMatchObject({ userName: 'Retention Admin', details: { after: { source: 'Custom', publicConversationDays: 7 } } });
  });

  it('refuses days that are not whole, below one or above a hundred years (400, nothing saved), and readers (403)', async () => {
    for (const bad of [0, 1.5, 36_501, -3, '30']) {
      const res = await call('PUT', '', admin.token, { signedInConversationDays: bad, publicConversationDays: null, uploadDays: null, traceLogDays: null });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(ErrorBodySchema.parse(res.json()).details.length).toBeGreaterThan(0);
    }
    expect((await call('PUT', '', admin.token, { signedInConversationDays: 30 })).statusCode).toBe(400);
    expect((await call('GET', '', reader.token)).json().source).toBe('Default');
    expect(
      (await call('PUT', '', reader.token, { signedInConversationDays: 30, publicConversationDays: null, uploadDays: null, traceLogDays: null })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', '', reader.token)).statusCode).toBe(403);
    expect((await call('POST', '/run', reader.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/admin/instanceSettings/retention' })).statusCode).toBe(401);
  });
});

describe('the retention sweep', () => {
  it('deletes what expired with its blobs, and nothing younger than its limit, with the clock moved forward', async () => {
    await setDays({ signedInConversationDays: 30, publicConversationDays: 7, uploadDays: 60, traceLogDays: 14 });
    const now = new Date();
    const later = new Date(now.getTime() + 100 * DayMs);
    // ages as the moved clock sees them
    const aged = (days: number, minutes = 0) => new Date(later.getTime() - days * DayMs - minutes * MinuteMs);

    // a person's conversations: one just past 30 days with an image, a file and a generated image; one just within
    const image = await imageAt(aged(31), { userId: person.id });
    const file = await fileAt(aged(31), person.id);
    const shared = await imageAt(aged(31), { userId: person.id });
    const expired = await conversationAt(aged(30, 1), { userId: person.id, images: [image.id, shared.id], files: [file.id] });
    const drawn = await generatedImage(expired);
    const made = await codeFile(expired);
    const kept = await conversationAt(aged(30, -1), { userId: person.id, images: [shared.id] });
    // another person's expired conversation names an id of the first person's: it is not theirs, it stays
    const foreign = await conversationAt(aged(45), { userId: other.id, images: [kept.segmentId] });
    // visitors: past 7 days and within
    const visitorImage = await imageAt(aged(8), { session: 'visitor-a' });
    const publicExpired = await conversationAt(aged(7, 1), { session: 'visitor-a', images: [visitorImage.id] });
    const publicKept = await conversationAt(aged(7, -1), { session: 'visitor-b' });
    // uploads on their own: past 60 days, within, and an agent's file (its configuration: kept)
    const oldImage = await imageAt(aged(60, 1), { userId: other.id });
    const youngImage = await imageAt(aged(60, -1), { userId: other.id });
    const oldFile = await fileAt(aged(61), other.id);
    const agentFile = await fileAt(aged(400), other.id, 'GptSystem');
    // trace logs of answers kept: past 14 days and within
    const oldLogs = await conversationAt(aged(14, 1), { userId: other.id, logs: true });
    const youngLogs = await conversationAt(aged(14, -1), { userId: other.id, logs: true });
    // the kept conversation of 29 days counts its logs as old: they are cleared, the conversation stays
    const before = (await sweepAudits()).length;

    // the real clock: nothing is old enough
    const today = await sweep(t.ctx, { trigger: 'Scheduled', actor: SweepActor, now });
    expect(Object.values(today.deleted).every((n) => n === 0)).toBe(true);

    const record = await sweep(t.ctx, { trigger: 'Scheduled', actor: SweepActor, now: later, batchSize: 2 });
    expect(record.deleted).toEqual({
      signedInConversations: 2,
      publicConversations: 1,
      // the first person's image and the visitor's with their conversations, then the old image on its own
      visionImages: 3,
      attachments: 2,
      generatedImages: 1,
      codeInterpreterFiles: 1,
      traceLogs: 1,
    });
    expect(await conversationExists(expired.id)).toBe(false);
    expect(await conversationExists(foreign.id)).toBe(false);
    expect(await conversationExists(publicExpired.id)).toBe(false);
    for (const c of [kept, publicKept, oldLogs, youngLogs]) expect(await conversationExists(c.id)).toBe(true);
    expect(await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, expired.id))).toEqual([]);
    expect(await t.ctx.db.select().from(generatedImages).where(eq(generatedImages.conversationId, expired.id))).toEqual([]);

    expect(await blobsExist([...image.keys, ...file.keys, ...drawn.keys, ...made.keys, ...visitorImage.keys, ...oldImage.keys, ...oldFile.keys])).toEqual(
      Array(10).fill(false),
    );
    expect(await t.ctx.db.select().from(codeInterpreterFiles).where(eq(codeInterpreterFiles.conversationId, expired.id))).toEqual([]);
    expect(await blobsExist([...shared.keys, ...youngImage.keys, ...agentFile.keys])).toEqual(Array(5).fill(true));
    const images = await t.ctx.db
      .select({ id: visionImages.id })
      .from(visionImages)
      .where(inArray(visionImages.id, [image.id, shared.id, visitorImage.id, oldImage.id, youngImage.id]));
    expect(images.map((i) => i.id).sort()).toEqual([shared.id, youngImage.id].sort());
    const files = await t.ctx.db
      .select({ id: attachments.id })
      .from(attachments)
      .where(inArray(attachments.id, [file.id, oldFile.id, agentFile.id]));
    expect(files.map((f) => f.id)).toEqual([agentFile.id]);

    const logs = await t.ctx.db
      .select({ id: conversationSegments.conversationId, logs: conversationSegments.executionLogs, error: conversationSegments.providerError })
      .from(conversationSegments)
      .where(inArray(conversationSegments.conversationId, [oldLogs.id, youngLogs.id]));
    expect(logs.find((l) => l.id === oldLogs.id)).toMatchObject({ logs: [], error: null });
    expect(logs.find((l) => l.id === youngLogs.id)).toMatchObject({ logs: [Log], error: 'HTTP 500: upstream' });

    // one audit row per sweep, with its counts
    const audits = (await sweepAudits()).slice(before);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      aggregateType: 'Retention',
      domainOperation: 'Swept',
      userName: 'Retention sweep',
      details: { after: { trigger: 'Scheduled', deleted: record.deleted, days: { signedInConversationDays: 30 } } },
    });
    const shown = (await call('GET', '', reader.token)).json();
    expect(shown.lastRun).toMatchObject({ trigger: 'Scheduled', deleted: record.deleted });

    // a second sweep finds nothing more
    const again = await sweep(t.ctx, { trigger: 'Scheduled', actor: SweepActor, now: later });
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
  });

  it('finishes the work of a sweep stopped half-way, without errors, even when blobs are already gone', async () => {
    await setDays({ signedInConversationDays: 10, publicConversationDays: null, uploadDays: null, traceLogDays: null });
    const later = new Date(Date.now() + 50 * DayMs);
    const made = [];
    for (let i = 0; i < 5; i++) {
      const image = await imageAt(new Date(), { userId: person.id });
      made.push({ conversation: await conversationAt(new Date(Date.now() - i * MinuteMs), { userId: person.id, images: [image.id] }), image });
    }
    // stopped after its second batch of two (the process died there)
    let batches = 0;
    await expect(
      sweep(t.ctx, {
        trigger: 'Scheduled',
        actor: SweepActor,
        now: later,
        batchSize: 2,
        afterBatch: () => {
          if (++batches === 2) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const left = (await Promise.all(made.map((m) => conversationExists(m.conversation.id)))).filter(Boolean).length;
    expect(left).toBe(1);
    // a blob deleted before its row (a sweep that died between the two) is no error
    for (const m of made) await t.ctx.blobs.delete(m.image.keys[0]!);

    const record = await sweep(t.ctx, { trigger: 'Scheduled', actor: SweepActor, now: later, batchSize: 2 });
    expect(record.deleted.signedInConversations).toBe(1);
    expect(record.deleted.visionImages).toBe(1);
    for (const m of made) {
      expect(await conversationExists(m.conversation.id)).toBe(false);
      expect(await blobsExist(m.image.keys)).toEqual([false, false]);
    }
  });

  it('runs as the retention.sweep job when an administrator asks, and audits who asked', async () => {
    await setDays({ signedInConversationDays: null, publicConversationDays: null, uploadDays: null, traceLogDays: 3650 });
    const before = (await sweepAudits()).length;
    const res = await call('POST', '/run', admin.token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().jobId).toEqual(expect.any(String));
    const audits = await eventually(sweepAudits, (rows) => rows.length > before, 20_000);
    expect(audits.at(-1)).toMatchObject({ userId: admin.id, userName: 'Retention Admin', details: { after: { trigger: 'Manual' } } });
    // the engine keeps the daily sweep and the hourly sign-in purge on pg-boss's schedule (UTC)
    const schedules = (await t.ctx.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name in ('retention.sweep', 'auth.purge') order by name`,
    )) as unknown as { rows: { name: string; cron: string; timezone: string }[] };
    expect(schedules.rows).toEqual([
      { name: 'auth.purge', cron: '41 * * * *', timezone: 'UTC' },
      { name: 'retention.sweep', cron: '15 3 * * *', timezone: 'UTC' },
    ]);
  });
});

describe('the sign-in purge', () => {
  it('deletes sessions expired a day ago and ended ones past a token lifetime, and idle failure counters; nothing younger', async () => {
    const now = new Date(Date.now() + 30 * DayMs);
    const session = (o: { expiresAt: Date; revokedAt?: Date }) => ({
      userId: person.id,
      tokenHash: randomUUID(),
      expiresAt: o.expiresAt,
      revokedAt: o.revokedAt ?? null,
    });
    const rows = await t.ctx.db
      .insert(refreshSessions)
      .values([
        session({ expiresAt: new Date(now.getTime() - DayMs - MinuteMs) }),
        session({ expiresAt: new Date(now.getTime() - DayMs + MinuteMs) }),
        session({ expiresAt: new Date(now.getTime() + DayMs), revokedAt: new Date(now.getTime() - 40 * MinuteMs) }),
        session({ expiresAt: new Date(now.getTime() + DayMs), revokedAt: new Date(now.getTime() - 20 * MinuteMs) }),
        session({ expiresAt: new Date(now.getTime() + DayMs) }),
      ])
      .returning({ id: refreshSessions.id });
    await t.ctx.db.insert(signInFailures).values([
      { key: `pair:old|${randomUUID()}`, failures: 3, lastFailureAt: new Date(now.getTime() - DayMs - MinuteMs) },
      { key: `pair:young|${randomUUID()}`, failures: 3, lastFailureAt: new Date(now.getTime() - DayMs + MinuteMs) },
      {
        key: `pair:blocked|${randomUUID()}`,
        failures: 30,
        lastFailureAt: new Date(now.getTime() - 2 * DayMs),
        blockedUntil: new Date(now.getTime() + MinuteMs),
      },
    ]);
    const result = await purgeSignInLeftovers(t.ctx, now);
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(
        inArray(
          refreshSessions.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[3]!.id, rows[4]!.id].sort());
    const counters = (await t.ctx.db.select({ key: signInFailures.key }).from(signInFailures)).map((r) => r.key.split('|')[0]);
    expect(counters).not.toContain('pair:old');
    expect(counters).toEqual(expect.arrayContaining(['pair:young', 'pair:blocked']));
    // idempotent
    expect(await purgeSignInLeftovers(t.ctx, now)).toEqual({ sessions: 0, signInFailures: 0 });
  });
});
