// Titles as the pg-boss job conversations.title (docs/jobs.md): queued by a new conversation's first answer with ids
// only, retried when the model call fails, idempotent (a titled or renamed conversation keeps its title), and read by
// the web from the conversation list as before.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversations } from '../../db/schema/index.js';
import type { ModelGateway } from '../../ai/model.types.js';
import { baseUrl, dataOf, eventually, postStream, questionBody, scriptedGateway, systemAgentId } from '../../test/chat-stream.js';
import { nameConversation, TitleQueue } from './conversations.titles.js';

describe('conversation titles as jobs', () => {
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let offline: ModelGateway;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    agentId = await systemAgentId(t);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    offline = t.ctx.models;
    await t.ctx.jobs.start();
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(() => t.close());

  const ask = async (question: string) => {
    const r = await postStream(base, `/userConversations/byGptSystemId/${agentId}`, questionBody(question), { token: user.token });
    expect(r.status).toBe(200);
    return dataOf<{ ConversationId: string; ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
  };
  const titleOf = async (id: string) => (await t.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
  /** what the web reads: the first page of the person's list */
  const listed = async (id: string) => {
    const res = await fetch(`${base}/api/internal/userConversations`, { headers: { authorization: `Bearer ${user.token}` } });
    const body = (await res.json()) as { items: { conversationId: string; title: string }[] };
    return body.items.find((c) => c.conversationId === id)?.title;
  };

  it('names a new conversation by a job that holds only ids, and runs a failed model call again', async () => {
    let calls = 0;
    const gateway = scriptedGateway(async function* () {
      yield { type: 'text', text: 'Paris.' };
    });
    gateway.generateTitle = async () => {
      calls++;
      if (calls === 1) throw new Error('The title model is overloaded');
      return '"Capital of France."';
    };
    t.ctx.models = gateway;
    const ids = await ask('What is the capital of France?');
    // the first try failed: the conversation keeps its question until the retry (seconds later) names it
    const title = await eventually(
      () => listed(ids.ConversationId),
      (v) => v === 'Capital of France',
      30_000,
    );
    expect(title).toBe('Capital of France');
    expect(calls).toBe(2);
    expect((await titleOf(ids.ConversationId)).titleIsGenerated).toBe(true);
    // pg-boss's row names the conversation and the segment, never the question or the answer
    const rows = (await t.ctx.db.execute(
      sql`select data from pgboss.job where name = ${TitleQueue} and data->>'conversationId' = ${ids.ConversationId}`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(rows.rows.map((r) => r.data)).toEqual([{ conversationId: ids.ConversationId, segmentId: ids.ConversationSegmentId }]);
  });

  it('changes nothing when run again, nor when the conversation was renamed before it ran', async () => {
    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: 'Blue.' };
    }, 'Sky colour');
    const ids = await ask('Why is the sky blue?');
    await eventually(
      async () => (await titleOf(ids.ConversationId)).title,
      (v) => v === 'Sky colour',
      20_000,
    );
    const job = { conversationId: ids.ConversationId, segmentId: ids.ConversationSegmentId };
    const signal = new AbortController().signal;
    t.ctx.models = scriptedGateway(async function* () {}, 'Another title');
    expect(await nameConversation(t.ctx, job, signal)).toBe(false);
    expect((await titleOf(ids.ConversationId)).title).toBe('Sky colour');

    // renamed while the job waited: the person's title stays
    const renamed = await ask('What is rain?');
    await t.ctx.db.update(conversations).set({ title: 'My rain notes' }).where(eq(conversations.id, renamed.ConversationId));
    expect(await nameConversation(t.ctx, { conversationId: renamed.ConversationId, segmentId: renamed.ConversationSegmentId }, signal)).toBe(false);
    expect((await titleOf(renamed.ConversationId)).title).toBe('My rain notes');
    // a conversation that is gone is no error
    expect(await nameConversation(t.ctx, { conversationId: randomUUID(), segmentId: randomUUID() }, signal)).toBe(false);
  });
});
