// Turn writes: turns written together go in one statement, and one that cannot be written does not
// take the others with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { systemAgentId } from '../../test/chat-stream.js';
import { conversationSegments, conversations, recentGptSystems } from '../../db/schema/index.js';
import { createTurn, type TurnWrite } from './conversations.repository.js';

describe('turn writes', () => {
  let t: TestApp;
  let agentId: string;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp();
    agentId = await systemAgentId(t);
    userId = (await t.createUser({ actions: ['GptSystemsRead'] })).id;
  });
  afterAll(() => t.close());

  const newTurn = (at: Date, conversationId = randomUUID()): TurnWrite => ({
    conversation: { id: conversationId, userId, gptSystemId: agentId, title: `Q ${conversationId}`, createdAt: at, lastModifiedAt: at },
    segment: {
      id: randomUUID(),
      conversationId,
      parentSegmentId: null,
      question: 'Q',
      status: 'Success',
      answer: 'A',
      createdAt: at,
      userId,
      gptSystemId: agentId,
    },
    at,
    use: { userId, gptSystemId: agentId, at },
  });
  const followUp = (conversationId: string, parentSegmentId: string, at: Date): TurnWrite => ({
    conversation: null,
    segment: {
      id: randomUUID(),
      conversationId,
      parentSegmentId,
      question: 'Q2',
      status: 'Success',
      answer: 'A2',
      createdAt: at,
      userId,
      gptSystemId: agentId,
    },
    at,
    use: { userId, gptSystemId: agentId, at },
  });

  it('writes turns started together, new conversations and follow-ups, with the latest use of the agent', async () => {
    const base = Date.now();
    const first = newTurn(new Date(base));
    await createTurn(t.ctx.db, first);
    const together = [newTurn(new Date(base + 1)), newTurn(new Date(base + 2)), followUp(first.segment.conversationId, first.segment.id, new Date(base + 3))];
    await Promise.all(together.map((w) => createTurn(t.ctx.db, w)));

    const ids = [first, ...together].map((w) => w.segment.id);
    expect(await t.ctx.db.select({ id: conversationSegments.id }).from(conversationSegments).where(inArray(conversationSegments.id, ids))).toHaveLength(4);
    const [continued] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, first.segment.conversationId));
    expect(continued!.selectedLeafSegmentId).toBe(together[2]!.segment.id);
    expect(continued!.lastModifiedAt.getTime()).toBe(base + 3);
    const [recent] = await t.ctx.db
      .select()
      .from(recentGptSystems)
      .where(and(eq(recentGptSystems.userId, userId), eq(recentGptSystems.gptSystemId, agentId)));
    expect(recent!.lastUsedAt.getTime()).toBe(base + 3);
  });

  it('fails only the turn that cannot be written', async () => {
    const at = new Date();
    const good = [newTurn(at), newTurn(at)];
    // a follow-up of a conversation that does not exist: its segment breaks the foreign key
    const bad = followUp(randomUUID(), randomUUID(), at);
    const results = await Promise.allSettled([createTurn(t.ctx.db, good[0]!), createTurn(t.ctx.db, bad), createTurn(t.ctx.db, good[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const written = await t.ctx.db
      .select({ id: conversationSegments.id })
      .from(conversationSegments)
      .where(
        inArray(
          conversationSegments.id,
          [...good, bad].map((w) => w.segment.id),
        ),
      );
    expect(written.map((r) => r.id).sort()).toEqual(good.map((w) => w.segment.id).sort());
  });
});
