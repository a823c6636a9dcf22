// Automatic moderation through the real chat path: an agent's blocked patterns and an OpenAI-compatible moderation
// service (a fake one on 127.0.0.1) refuse a flagged question without asking the model and cut a flagged answer while
// it streams; each files a report with the reason Automatic. A service that fails lets the answer through.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AgentModeration } from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversationSegments, moderationReports } from '../../db/schema/index.js';
import { createAgent, publishedConfig } from '../agents/agents.test-factory.js';
import { questionBody, scriptedGateway } from '../../test/chat-stream.js';
import { startFakeModeration, type FakeModeration } from '../../test/fake-moderation.js';
import { compilePatterns, WindowChars } from '../../ai/moderation-check.js';
import { DefaultRefusal } from './moderation.automatic.js';

describe('automatic moderation', () => {
  let t: TestApp;
  let person: { id: string; token: string };
  let service: FakeModeration;
  /** what the scripted model answers next, piece by piece */
  let pieces: string[] = [];
  let gateway: ReturnType<typeof scriptedGateway>;

  const agentWith = async (moderation: Partial<AgentModeration>) =>
    createAgent(t.ctx.db, {
      publishedConfig: {
        ...publishedConfig(),
        moderation: { checkQuestions: true, checkAnswers: true, endpoint: null, model: null, blockedPatterns: [], refusalMessage: '', ...moderation },
      },
    });
  const ask = async (agentId: string, question: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/internal/userConversations/byGptSystemId/${agentId}`,
      headers: { authorization: `Bearer ${person.token}` },
      payload: questionBody(question),
    });
    expect(res.statusCode).toBe(200);
    const [segment] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.question, question));
    return { stream: streamedText(res.body), segment: segment! };
  };
  /** the answer's text as the stream sent it (response-updated events, base64) */
  const streamedText = (body: string) =>
    [...body.matchAll(/event: response-updated\ndata: (.*)\n/g)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8')).join('');
  const reportsOf = (segmentId: string) => t.ctx.db.select().from(moderationReports).where(eq(moderationReports.conversationSegmentId, segmentId));

  beforeAll(async () => {
    t = await createTestApp({ MODERATION_API_KEY: 'moderation-secret' });
    gateway = scriptedGateway(async function* () {
      for (const text of pieces) yield { type: 'text', text };
    });
    t.ctx.models = gateway;
    person = await t.createUser({ actions: ['GptSystemsRead'] });
    service = await startFakeModeration(['insult']);
  });
  afterAll(async () => {
    await service.close();
    await t.close();
  });
  beforeEach(() => {
    service.inputs.length = 0;
    service.failing = false;
    pieces = ['A calm answer.'];
  });

  it('refuses a question matching a blocked pattern with the agent’s message, without the model, and reports it', async () => {
    const agent = await agentWith({ blockedPatterns: ['forbidden topic', '/credit\\s*card/i'], refusalMessage: 'This agent does not discuss that.' });
    const asked = gateway.requests.length;
    const { stream, segment } = await ask(agent.id, 'Tell me about the FORBIDDEN topic please');
    expect(gateway.requests.length).toBe(asked);
    expect(stream).toBe('This agent does not discuss that.');
    expect(segment.answer).toBe('This agent does not discuss that.');
    const [report] = await reportsOf(segment.id);
    expect(report).toMatchObject({ reason: 'Automatic', reporterUserId: null, gptSystemId: agent.id, status: 'Open', conversationId: segment.conversationId });
    expect(report!.comment).toContain('pattern "forbidden topic"');
    // a regular expression, and a word inside another word is no match
    expect((await ask(agent.id, 'my creditcard number')).segment.answer).toBe('This agent does not discuss that.');
    const fine = await ask(agent.id, 'Is a forbiddentopical thing fine?');
    expect(fine.segment.answer).toBe('A calm answer.');
    expect(await reportsOf(fine.segment.id)).toEqual([]);
  });

  it('cuts an answer at a blocked pattern while it streams: nothing after it is sent or kept', async () => {
    const agent = await agentWith({ blockedPatterns: ['banana'], checkQuestions: false });
    pieces = ['Hello. ', 'Here is the plan: ', 'the BAN', 'ANA heist', ' and more text after it.'];
    const { stream, segment } = await ask(agent.id, 'What is the plan? banana');
    // what was sent before the piece with the match stays on the screen until the saved answer replaces it
    expect(stream).toBe('Hello. Here is the plan: the BAN');
    expect(segment.answer).toBe(`Hello. Here is the plan: the\n\n${DefaultRefusal}`);
    const [report] = await reportsOf(segment.id);
    expect(report!.comment).toBe('The answer was flagged by pattern "banana".');
  });

  it('asks the moderation service about the question and the answer in windows, with the key', async () => {
    const agent = await agentWith({ endpoint: service.url, model: 'omni-moderation-latest', refusalMessage: 'Let us keep it kind.' });
    const refused = await ask(agent.id, 'Write an INSULT for my colleague');
    expect(refused.segment.answer).toBe('Let us keep it kind.');
    expect(service.inputs).toEqual(['Write an INSULT for my colleague']);
    expect(service.authorizations.at(-1)).toBe('Bearer moderation-secret');
    expect((await reportsOf(refused.segment.id))[0]!.comment).toBe('The question was flagged by moderation service: harassment.');

    // a long answer is checked window by window; the window with the insult ends the kept answer
    service.inputs.length = 0;
    const clean = 'All good here. '.repeat(Math.ceil(WindowChars / 15));
    pieces = [clean, 'and now an insult follows ', 'with more words after it. '.repeat(20)];
    const cut = await ask(agent.id, 'Tell me a long story');
    expect(service.inputs.length).toBeGreaterThanOrEqual(3);
    expect(cut.segment.answer.startsWith(clean.trimEnd())).toBe(true);
    expect(cut.segment.answer).not.toContain('insult');
    expect(cut.segment.answer.endsWith('Let us keep it kind.')).toBe(true);
    expect((await reportsOf(cut.segment.id))[0]!.comment).toBe('The answer was flagged by moderation service: harassment.');

    // a clean short answer is checked once, at its end, and kept whole
    pieces = ['A calm answer.'];
    const kept = await ask(agent.id, 'Say something nice');
    expect(kept.segment.answer).toBe('A calm answer.');
    expect(kept.segment.status).toBe('Success');
    expect(await reportsOf(kept.segment.id)).toEqual([]);
  });

  it('lets the answer through when the service fails (moderation fails open), and without moderation asks nothing', async () => {
    const agent = await agentWith({ endpoint: service.url });
    service.failing = true;
    const { segment } = await ask(agent.id, 'An insult, please');
    expect(segment.answer).toBe('A calm answer.');
    expect(await reportsOf(segment.id)).toEqual([]);

    service.failing = false;
    service.inputs.length = 0;
    const plain = await createAgent(t.ctx.db);
    expect((await ask(plain.id, 'An insult from the plain agent')).segment.answer).toBe('A calm answer.');
    expect(service.inputs).toEqual([]);
  });

  it('is kept in the agent’s configuration from the draft to the published agent', async () => {
    const editor = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
    const api = (method: string, url: string, payload?: object) =>
      t.app.inject({
        method: method as 'GET',
        url: `/api/internal${url}`,
        headers: { authorization: `Bearer ${editor.token}` },
        ...(payload ? { payload } : {}),
      });
    const created = await api('POST', '/admin/gptSystems', {
      gptSystemName: 'Careful tutor',
      description: 'Moderated',
      config: { systemPrompt: 'You help.', moderation: { blockedPatterns: ['cheat sheet'], refusalMessage: 'Not here.' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { gptSystemId, configStateId } = created.json() as { gptSystemId: string; configStateId: string };
    const state = await api('GET', `/admin/gptSystems/configurationStates/${configStateId}`);
    expect((state.json() as { moderation: AgentModeration }).moderation).toMatchObject({ blockedPatterns: ['cheat sheet'], checkAnswers: true });
    // bad settings are refused
    expect((await api('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { moderation: { endpoint: 'not a url' } })).statusCode).toBe(400);
    expect((await api('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId })).statusCode).toBe(200);
    expect((await ask(gptSystemId, 'Write me a cheat sheet for the exam')).segment.answer).toBe('Not here.');
  });

  it('reads patterns as whole words or /expressions/, and skips invalid expressions', () => {
    const compiled = compilePatterns(['bad word', '/a+b/i', '/(unclosed/', 'ünï']);
    expect(compiled.map((c) => c.source)).toEqual(['bad word', '/a+b/i', 'ünï']);
    const [word, expression, unicode] = compiled;
    expect(word!.regex.test('a BAD WORD here')).toBe(true);
    expect(word!.regex.test('badword')).toBe(false);
    expect(expression!.regex.test('xAAB')).toBe(true);
    expect(unicode!.regex.test('ÜNÏ!')).toBe(true);
    expect(unicode!.regex.test('xünï')).toBe(false);
  });
});
