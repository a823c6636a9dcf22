// Agents that answer from file libraries, end to end over HTTP with a fake OpenAI-compatible model: "Try a question"
// ranks the right passages; a chat turn searches the agent's libraries ("Searching knowledge"), the model receives
// the passages as numbered sources, the answer's [n] become citations that open the document at its page, the
// search is in the execution log; a follow-up is searched as a standalone question; an agent restricted to its
// sources says it has no information without asking the model; and only people who may chat with an agent that
// answers from a library (or administer it) may open its documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  ExecutionDetailsSchema,
  FileLibrarySchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  LibrarySearchResultSchema,
  SourceFileSchema,
  type ResponseModelEvent,
  type UserAction,
} from '@atrium/contract';
import { gptSystems } from '../../db/schema/index.js';
import { agentChanged } from '../agents/agents.service.js';
import { NoInformationAnswer, SearchingKnowledgeStep } from '../../ai/knowledge-step.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { answerRequests, isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { answerOf, dataOf, eventually, jsonCaller, postStream } from '../../test/chat-stream.js';
import { makePagedPdf, multipartFiles } from '../../test/library-fixtures.js';

const Admin: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'GptSystemsRead', 'GptSystemsWrite', 'GptSystemsCreate'];

const Policies = `# Refunds

Students who withdraw within 30 days of enrolment receive a full refund of their tuition fees. After 30 days no refund is given.

# Library

The university library opens at 8 am and closes at midnight on weekdays. Borrowed books are due after three weeks.`;

/** A first page long enough to be a chunk of its own (a line each). */
const CampusMap = Array.from({ length: 20 }, (_, i) => `Building ${i + 1} of the campus houses lecture halls, seminar rooms and offices of several faculties.`);

const systemOf = (r: RecordedRequest) => {
  const messages = (r.body as { messages: { role: string; content: unknown }[] }).messages;
  return String(messages.find((m) => m.role === 'system')?.content ?? '');
};

describe('agents that answer from file libraries', () => {
  let app: ModelTestApp;
  let model: FakeUpstream;
  let admin: { id: string; token: string };
  let person: { id: string; token: string };
  let libraryId: string;
  let otherLibraryId: string;
  let policiesId: string;
  let pdfId: string;
  const call = jsonCaller(
    () => app.base,
    () => admin.token,
  );

  const waitOnline = (fileId: string) =>
    eventually(
      async () => LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${fileId}`)).body),
      (f) => f.status === 'Online' || f.status === 'Error',
      30_000,
    );

  const ask = (body: Record<string, unknown>, path = `/userConversations/byGptSystemId/${app.agentId}`) =>
    postStream(
      app.base,
      path,
      { visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted', ...body },
      { token: person.token },
    );

  beforeAll(async () => {
    model = await startFakeOpenAI();
    app = await startModelTestApp([
      {
        name: 'Local vLLM',
        providerType: 'OpenAICompatible',
        endpoint: model.url,
        apiKey: 'sk-test',
        deployments: [{ name: 'fake-gpt', displayName: 'Fake GPT', model: 'fake-gpt-model', isDefault: true }],
      },
    ]);
    admin = await app.t.createUser({ actions: Admin, displayName: 'Ada Admin' });
    person = await app.t.createUser({ actions: ['GptSystemsRead'] });

    const created = await call('POST', '/admin/fileLibraries', { name: 'Student handbook' });
    libraryId = FileLibrarySchema.parse(created.body).dataSourceId;
    otherLibraryId = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Finance (no agent)' })).body).dataSourceId;
    const pdf = makePagedPdf([CampusMap, ['Parking permits cost 120 euros a year and are sold at the front desk.']]);
    const { payload, headers } = multipartFiles([
      { data: Buffer.from(Policies), fileName: 'policies.md' },
      { data: pdf, fileName: 'campus.pdf' },
    ]);
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
      payload,
    });
    const items = LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items;
    [policiesId, pdfId] = items.map((i) => i.file.fileId) as [string, string];
    expect((await waitOnline(policiesId)).status).toBe('Online');
    expect((await waitOnline(pdfId)).status).toBe('Online');
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  it('"Try a question" ranks the passage that answers it first, with each retriever’s rank', async () => {
    const res = await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: 'How much does a parking permit cost?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = LibrarySearchResultSchema.parse(res.body);
    expect(result.passages[0]).toMatchObject({ fileId: pdfId, fileName: 'campus.pdf', pageStart: 2, ranks: { FullText: { rank: 1 } } });
    expect(result.passages[0]!.score).toBe(1);
    expect(result.trace.retrievers.map((r) => r.name)).toContain('FullText');
    // nothing to find is an empty answer, not an error; bad input is 400; a library out of sight 404
    expect(
      LibrarySearchResultSchema.parse((await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: 'xylophone zebra' })).body).passages,
    ).toEqual([]);
    expect((await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: '   ' })).status).toBe(400);
    expect((await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: 'parking', topK: 500 })).status).toBe(400);
    expect((await call('POST', `/admin/fileLibraries/${randomUUID()}/search`, { query: 'parking' })).status).toBe(404);
    expect((await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: 'parking' }, person.token)).status).toBe(403);
  });

  it('before the agent is linked, people cannot open the library’s documents', async () => {
    expect((await call('GET', `/knowledge/files/${pdfId}`, undefined, person.token)).status).toBe(404);
    expect((await call('GET', `/knowledge/files/${pdfId}`)).status).toBe(200);
  });

  it('searches the linked library for each question and cites the sources the answer used', async () => {
    const linked = await call('POST', `/admin/gptSystems/${app.agentId}/ragDataSources`, { dataSourceId: libraryId, topK: 3 });
    expect(linked.status, JSON.stringify(linked.body)).toBeLessThan(300);

    model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['A permit costs 120 euros a year', ' [1].'] }));
    const before = answerRequests(model).length;
    const { events } = await ask({ question: 'How much does a parking permit cost?', segmentTraceLogLevel: 'Persisted' });
    expect(events.filter((e) => e.event === 'step-update').map((e) => e.data)).toContain(SearchingKnowledgeStep);
    expect(answerOf(events)).toBe('A permit costs 120 euros a year [1].');

    // the model received the passages as numbered sources, the best first
    const request = answerRequests(model)[before]!;
    const system = systemOf(request);
    expect(system).toContain('# Sources');
    expect(system).toMatch(/\[1\] campus\.pdf, page 2\n[^[]*Parking permits cost 120 euros/);
    expect(system).toContain('Cite the sources you use by their number');

    const response = dataOf<ResponseModelEvent>(events, 'response-model');
    expect(response.citations).toEqual([
      {
        title: 'campus.pdf',
        path: `/sources/${pdfId}?page=2`,
        number: 1,
        fileId: pdfId,
        page: 2,
        // the chunk starts with the end of page 1 (chunks overlap); the excerpt people see starts at its own text
        excerpt: 'Parking permits cost 120 euros a year and are sold at the front desk.',
      },
    ]);
    expect(system).toMatch(/several faculties\.\n\nParking permits cost 120 euros/);

    // the citations endpoint and the execution log agree
    const conversationId = JSON.parse(events.find((e) => e.event === 'conversation-and-segment-id')!.data).ConversationId as string;
    const segmentId = response.conversationSegmentId;
    const cited = await call<{ items: { citations: unknown[] }[] }>('GET', `/userConversations/${conversationId}/citations`, undefined, person.token);
    expect(cited.body.items[0]!.citations).toEqual(response.citations);
    const details = ExecutionDetailsSchema.parse(
      (await call('GET', `/userConversations/${conversationId}/segments/${segmentId}/executionDetails`, undefined, person.token)).body,
    );
    const searchLog = details.executionLogs.filter((l) => l.executionLogType === 'KnowledgeSearch').map((l) => l.message);
    expect(searchLog[0]).toMatch(/^Searched 1 library \(FullText\) for "How much does a parking permit cost\?"/);
    expect(searchLog.join('\n')).toMatch(/\[1\] campus\.pdf, page 2 \(chunk \d+\): fused 1; FullText rank 1/);

    // now the person may open the document the citation points to
    const source = SourceFileSchema.parse((await call('GET', `/knowledge/files/${pdfId}`, undefined, person.token)).body);
    expect(source).toMatchObject({ fileName: 'campus.pdf', libraryName: 'Student handbook', pageCount: 2 });
    expect(source.pages[1]).toEqual({ pageNumber: 2, text: expect.stringContaining('Parking permits') });
    const original = await fetch(`${app.base}/api/internal/knowledge/files/${pdfId}/Download`, { headers: { authorization: `Bearer ${person.token}` } });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('application/pdf');
    // but not the documents of a library no agent of theirs answers from
    const other = await call('GET', `/knowledge/files/${randomUUID()}`, undefined, person.token);
    expect(other.status).toBe(404);
    expect((await call('GET', `/admin/fileLibraries/${otherLibraryId}`, undefined, person.token)).status).toBe(403);
  });

  it('searches a follow-up as the standalone question the model rewrote it into', async () => {
    model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['Refunds are given within 30 days [1].'] }));
    const first = await ask({ question: 'What is the refund policy?' });
    const response = dataOf<ResponseModelEvent>(first.events, 'response-model');
    expect(response.citations.map((c) => c.fileId)).toEqual([policiesId]);
    const conversationId = JSON.parse(first.events.find((e) => e.event === 'conversation-and-segment-id')!.data).ConversationId as string;

    const before = answerRequests(model).length;
    model.enqueue({ chunks: ['When does the library close on weekdays?'] }, { chunks: ['At midnight [1].'] });
    const { events } = await ask(
      {
        question: 'And when does it close?',
        lineage: { parentSegmentId: response.conversationSegmentId, lineageType: 'Append' },
        segmentTraceLogLevel: 'Persisted',
      },
      `/userConversations/${conversationId}/segments`,
    );
    expect(answerOf(events)).toBe('At midnight [1].');
    const [rewrite, answer] = answerRequests(model).slice(before);
    expect(JSON.stringify(rewrite!.body)).toContain('Rewrite the last question of the conversation');
    expect(JSON.stringify(rewrite!.body)).toContain('What is the refund policy?');
    expect(systemOf(answer!)).toContain('closes at midnight');
    const segmentId = dataOf<ResponseModelEvent>(events, 'response-model').conversationSegmentId;
    const details = ExecutionDetailsSchema.parse(
      (await call('GET', `/userConversations/${conversationId}/segments/${segmentId}/executionDetails`, undefined, person.token)).body,
    );
    expect(details.executionLogs.find((l) => l.executionLogType === 'KnowledgeSearch')!.message).toContain('"When does the library close on weekdays?"');
  });

  it('an agent restricted to its sources says it has no information when nothing matches, without asking the model', async () => {
    const [agent] = await app.t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, app.agentId));
    await app.t.ctx.db
      .update(gptSystems)
      .set({ publishedConfig: { ...agent!.publishedConfig!, restrictAnswerToInformationReturnedByTools: true } })
      .where(eq(gptSystems.id, app.agentId));
    agentChanged(app.t.ctx, app.agentId);
    try {
      const before = answerRequests(model).length;
      const { events } = await ask({ question: 'Who won the football world cup in 1954?' });
      expect(answerOf(events)).toBe(NoInformationAnswer);
      expect(dataOf<ResponseModelEvent>(events, 'response-model').citations).toEqual([]);
      expect(answerRequests(model).length).toBe(before);

      // with a match, the model is asked and told to keep to the sources
      model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['Three weeks [1].'] }));
      await ask({ question: 'When are borrowed books due?' });
      expect(systemOf(answerRequests(model).at(-1)!)).toContain('Answer only with information from these sources');
    } finally {
      await app.t.ctx.db.update(gptSystems).set({ publishedConfig: agent!.publishedConfig }).where(eq(gptSystems.id, app.agentId));
      agentChanged(app.t.ctx, app.agentId);
    }
  });
});
