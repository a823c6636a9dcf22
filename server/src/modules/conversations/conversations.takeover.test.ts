// Taking over the answers of a process that died (conversations.takeover.ts, docs/scaling.md "When a process dies"),
// against the local Redis: a "dead process" holds leases and stops beating; the app claims its answers and
//  - asks an InProgress one again and finishes it, its log going on with the answer from the start;
//  - ends the log of one that never got its rows with what its readers are told;
//  - ends the log of one the sweep of stopped processes had already ended.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, dataOf, eventually, postStream, questionBody, scriptedGateway, systemAgentId } from '../../test/chat-stream.js';
import { conversationSegments } from '../../db/schema/index.js';
import { RedisAnswerLeases, type LeaseNote } from '../../platform/answer-leases.js';
import { decodeSseData, encodeSseEvent } from '@atrium/contract';
import { NotSavedMessage } from './conversations.takeover.js';
import { InterruptedMessage } from './conversations.repository.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('taking over the answers of a dead process (Redis)', () => {
  let t: TestApp;
  let user: { id: string; token: string };
  let agentId: string;
  let dead: RedisAnswerLeases;
  const deadProcess = randomUUID();

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: redisUrl });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    agentId = await systemAgentId(t);
    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: 'A whole answer, ' };
      yield { type: 'text', text: 'asked again.' };
    });
    // the dead process: the app's deployment (the same key prefix), beats until it "dies" below
    dead = new RedisAnswerLeases(redisUrl, deadProcess, pino({ level: 'silent' }), {
      beatMs: 100,
      deadAfterMs: 3_000,
      keyPrefix: `atrium:${t.ctx.tokens.fingerprint}`,
    });
    dead.start(() => undefined);
  });
  afterAll(async () => {
    await dead.close();
    t.app.server.closeAllConnections();
    await t.close();
  });

  /** The blocks of an answer's log, decoded to [event, data]. */
  const logOf = async (segmentId: string) => {
    const found = await t.ctx.answers.log.read(segmentId, 0, new AbortController().signal);
    if (found.kind !== 'found') return found.kind;
    const events: [string, string][] = [];
    for await (const e of found.events) {
      const [event, data] = e.block.split('\n');
      events.push([event!.slice('event: '.length), decodeSseData(data!.slice('data: '.length))]);
    }
    return events;
  };

  it('asks an unfinished answer again, once, and ends the logs of those it cannot', async () => {
    // a conversation with a finished first answer, and a second one the dead process was writing
    const first = await postStream(baseUrl(t), `/userConversations/byGptSystemId/${agentId}`, questionBody('First question'), { token: user.token });
    const { ConversationId: conversationId, ConversationSegmentId: parent } = dataOf<{ ConversationId: string; ConversationSegmentId: string }>(
      first.events,
      'conversation-and-segment-id',
    );
    const [row] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, parent));
    const unfinished = randomUUID();
    await t.ctx.db.insert(conversationSegments).values({
      id: unfinished,
      conversationId,
      parentSegmentId: parent,
      question: 'Second question',
      answer: 'Half an ans',
      status: 'InProgress',
      ownerProcessId: deadProcess,
      gptSystemId: row!.gptSystemId,
      userId: user.id,
      model: row!.model,
      deploymentName: row!.deploymentName,
      brandKey: row!.brandKey,
    });
    const owner = { conversationId, userId: user.id };
    const halfLog = t.ctx.answers.log.writer(unfinished, owner);
    halfLog.append(encodeSseEvent('conversation-and-segment-id', 'ids'));
    halfLog.append(encodeSseEvent('response-updated', 'Half an ans'));
    // one that died in its first second (no rows), and one the sweep of stopped processes ended (Aborted)
    const unsaved = randomUUID();
    t.ctx.answers.log.writer(unsaved, owner).append(encodeSseEvent('response-updated', 'Wh'));
    const swept = randomUUID();
    await t.ctx.db
      .insert(conversationSegments)
      .values({ id: swept, conversationId, parentSegmentId: parent, question: 'Third', status: 'Aborted', userId: user.id });
    t.ctx.answers.log.writer(swept, owner).append(encodeSseEvent('response-updated', 'Thi'));
    const notes: LeaseNote[] = [unfinished, unsaved, swept].map((segmentId) => ({ segmentId, timeZone: 'Europe/Berlin' }));
    for (const n of notes) dead.hold(n);

    await new Promise((r) => setTimeout(r, 4_000));
    // alive: nothing was taken
    expect((await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, unfinished)))[0]!.status).toBe('InProgress');

    // it dies
    (dead as unknown as { redis: { disconnect(): void } }).redis.disconnect();
    const done = await eventually(
      async () => (await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, unfinished)))[0]!,
      (s) => s.status !== 'InProgress',
      15_000,
    );
    expect(done).toMatchObject({ status: 'Success', answer: 'A whole answer, asked again.' });
    // its readers: what the dead process wrote, then the answer again from its ids event, to its end
    const log = await eventually(
      () => logOf(unfinished),
      (l) => Array.isArray(l) && l.at(-1)?.[0] === 'no-more-data',
    );
    expect(Array.isArray(log)).toBe(true);
    const events = log as [string, string][];
    expect(events.slice(0, 2)).toEqual([
      ['conversation-and-segment-id', 'ids'],
      ['response-updated', 'Half an ans'],
    ]);
    const again = events.slice(2);
    expect(again[0]![0]).toBe('conversation-and-segment-id');
    expect(JSON.parse(again[0]![1])).toMatchObject({ ConversationId: conversationId, ConversationSegmentId: unfinished });
    expect(
      again
        .filter(([e]) => e === 'response-updated')
        .map(([, d]) => d)
        .join(''),
    ).toBe('A whole answer, asked again.');
    // the model was asked the second question after the first turn, not the first again
    const request = (t.ctx.models as ReturnType<typeof scriptedGateway>).requests.at(-1)!;
    expect(request.messages.at(-1)).toMatchObject({ role: 'user', content: 'Second question' });
    expect(request.messages.some((m) => m.content === 'First question')).toBe(true);

    // an answer's log once it is closed (its last three events)
    const closed = (segmentId: string) =>
      eventually(
        () => logOf(segmentId),
        (l) => Array.isArray(l) && l.length === 3,
      );
    expect(await closed(unsaved)).toEqual([
      ['response-updated', 'Wh'],
      ['error', NotSavedMessage],
      ['no-more-data', ''],
    ]);
    expect(await closed(swept)).toEqual([
      ['response-updated', 'Thi'],
      ['error', InterruptedMessage],
      ['no-more-data', ''],
    ]);
    // saved once: the conversation has its three segments, the taken-over one finished by this process
    expect(await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.conversationId, conversationId))).toHaveLength(3);
  }, 40_000);
});
