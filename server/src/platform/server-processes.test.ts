// A server process that dies mid-answer (kill -9, a lost machine) leaves its segments InProgress; the
// registry of processes ends them as interrupted, with their partial answer, and leaves live ones alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness.js';
import { conversationSegments, conversations, serverProcesses } from '../db/schema/index.js';
import { endAnswersOfStoppedProcesses, InterruptedMessage } from '../modules/conversations/conversations.repository.js';
import { ProcessId, startProcessRegistry } from './server-processes.js';

describe('answers of stopped server processes', () => {
  let t: TestApp;
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({});
    [{ id: conversationId }] = (await t.ctx.db
      .insert(conversations)
      .values({ userId: user.id, title: 'Crash test', sessionIdentifier: randomUUID() })
      .returning({ id: conversations.id })) as [{ id: string }];
  });
  afterAll(() => t.close());

  const segment = async (owner: string | null, answer = 'Half an ans') =>
    (
      await t.ctx.db
        .insert(conversationSegments)
        .values({ conversationId, question: 'Q?', answer, status: 'InProgress', ownerProcessId: owner })
        .returning({ id: conversationSegments.id })
    )[0]!.id;
  const statusOf = async (ids: string[]) =>
    Object.fromEntries(
      (await t.ctx.db.select().from(conversationSegments).where(inArray(conversationSegments.id, ids))).map((r) => [
        r.id,
        { status: r.status, answer: r.answer, completed: r.completedAt !== null, log: r.executionLogs.at(-1)?.message, owner: r.ownerProcessId },
      ]),
    );

  it('ends answers whose process stopped beating (or never registered), keeps the partial answer, and leaves live ones', async () => {
    const live = randomUUID();
    const gone = randomUUID();
    await t.ctx.db.insert(serverProcesses).values([
      { id: live, heartbeatAt: new Date() },
      { id: gone, heartbeatAt: new Date(Date.now() - 60_000) },
    ]);
    const ids = {
      mine: await segment(ProcessId),
      live: await segment(live),
      gone: await segment(gone, 'The first half of a long answer'),
      unknown: await segment(randomUUID()),
      ownerless: await segment(null),
    };
    expect(await endAnswersOfStoppedProcesses(t.ctx.db)).toBe(3);
    const after = await statusOf(Object.values(ids));
    expect(after[ids.mine]!.status).toBe('InProgress');
    expect(after[ids.live]!.status).toBe('InProgress');
    for (const id of [ids.gone, ids.unknown, ids.ownerless]) {
      expect(after[id]).toMatchObject({ status: 'Aborted', completed: true, log: InterruptedMessage, owner: null });
    }
    expect(after[ids.gone]!.answer).toBe('The first half of a long answer');
    // a second sweep finds nothing more
    expect(await endAnswersOfStoppedProcesses(t.ctx.db)).toBe(0);
  });

  it('on the embedded database (one process only), ends every other owner at once, however fresh its heartbeat', async () => {
    const recent = randomUUID();
    await t.ctx.db.insert(serverProcesses).values({ id: recent, heartbeatAt: new Date() });
    const ids = { mine: await segment(ProcessId), recent: await segment(recent) };
    await endAnswersOfStoppedProcesses(t.ctx.db);
    expect((await statusOf([ids.recent]))[ids.recent]!.status).toBe('InProgress');
    expect(await endAnswersOfStoppedProcesses(t.ctx.db, true)).toBeGreaterThanOrEqual(1);
    const after = await statusOf(Object.values(ids));
    expect(after[ids.mine]!.status).toBe('InProgress');
    expect(after[ids.recent]!.status).toBe('Aborted');
  });

  it('registers this process with a heartbeat at start, sweeps at once, and unregisters on stop', async () => {
    const orphan = await segment(randomUUID());
    const registry = await startProcessRegistry(t.ctx.db, t.ctx.logger, [(onlyProcess) => endAnswersOfStoppedProcesses(t.ctx.db, onlyProcess)]);
    const mine = await t.ctx.db.select().from(serverProcesses).where(eq(serverProcesses.id, ProcessId));
    expect(mine).toHaveLength(1);
    expect((await statusOf([orphan]))[orphan]!.status).toBe('Aborted');
    await registry.stop();
    expect(await t.ctx.db.select().from(serverProcesses).where(eq(serverProcesses.id, ProcessId))).toHaveLength(0);
  });
});
