// Reranking against the fake reranker (a real HTTP server scoring by the share of the question's words a passage
// holds): the fused candidates are reordered by relevance score and carry it; 429 and 5xx are retried once; a
// timeout, an error or a bad answer keeps the fused order, logged and in the trace, and the key is never in either.
// Then through the API, the fake reranker a Rerank deployment on an OpenAI-compatible connection: "Try a question"
// and a chat turn's execution log show the reranker's order and scores; a disabled deployment reranks nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  ExecutionDetailsSchema,
  FileLibrarySchema,
  LibraryFileSchema,
  LibraryFileUploadResultSchema,
  LibrarySearchResultSchema,
  type UserAction,
} from '@atrium/contract';
import { loadConfig } from '../../config.js';
import type { ModelGateway, RerankTarget } from '../../ai/model.types.js';
import { updateDeployment } from '../connections/connections.service.js';
import { fakeRerankScore, startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { isTitleRequest, startModelTestApp, TestActor, type ModelTestApp } from '../../test/model-app.js';
import { eventually, jsonCaller, postStream } from '../../test/chat-stream.js';
import { multipartFiles } from '../../test/library-fixtures.js';
import { rerankFused, type CandidateText, type RerankContext } from './reranker.js';

const Key = 'rk-secret-7f3a9c';
const Query = 'Is the parking office open on Saturdays?';

/** Candidates in fused order: repetition of one word first (as full text ranks it), the full answer third. */
const Texts: [number, CandidateText][] = [
  [11, { headings: ['Parking'], text: 'Parking garage, parking levels, parking spaces, parking rules and parking fines.' }],
  [12, { headings: [], text: 'The office of the registrar handles enrolment.' }],
  [13, { headings: ['Parking office'], text: 'The parking office is open on Saturdays from 9 to 12.' }],
  [14, { headings: [], text: 'Nothing about it here.' }],
];
const fusedOrder = [11, 12, 13, 14, 15]; // 15 has no text: it is not sent, and follows in fused order
const candidates = fusedOrder.map((chunkId, i) => ({ chunkId, score: 1 - i / 10, ranks: { note: `fused ${i + 1}` } }));

describe('rerankFused against a Cohere/Jina-compatible reranker', () => {
  let fake: FakeUpstream;
  let logs: string[];
  /** The default Rerank deployment as the model registry hands it over: the fake reranker, unless `over` says else. */
  const target = (over: Partial<RerankTarget> = {}): RerankTarget => ({
    deployment: {
      deploymentId: randomUUID(),
      name: 'fake-rerank',
      displayName: 'Fake reranker',
      model: 'fake-rerank',
      providerType: 'OpenAICompatible',
      category: 'OpenAICompatible',
      vision: false,
      tools: false,
      hipaaCompliant: false,
      contextWindow: null,
      maxOutputTokens: null,
    },
    baseUrl: fake.url,
    apiKey: Key,
    ...over,
  });
  const ctx = (over: Partial<RerankTarget> = {}, timeoutMs = '1500'): RerankContext => ({
    config: loadConfig({ RERANK_TIMEOUT_MS: timeoutMs }),
    logger: pino({ level: 'warn' }, { write: (line: string) => void logs.push(line) }),
    models: { reranker: async () => target(over) } as Partial<ModelGateway> as ModelGateway,
  });
  const run = (c: RerankContext, wanted = 3) => rerankFused(c, Query, candidates, new Map(Texts), wanted);

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: Key });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('reorders the candidates by relevance score, each with its rerank rank and score, the others after in fused order', async () => {
    logs = [];
    const before = fake.requests.length;
    const { candidates: out, trace } = await run(ctx());
    expect(out.map((c) => c.chunkId)).toEqual([13, 11, 12, 14, 15]);
    expect(out[0]).toEqual({ chunkId: 13, score: 0.8, ranks: { note: 'fused 3' }, rerank: { rank: 1, score: 1 } });
    expect(out.map((c) => c.rerank?.rank ?? null)).toEqual([1, 2, 3, 4, null]);
    expect(out[1]!.rerank!.score).toBe(fakeRerankScore(Query, 'Parking\nParking garage, parking levels'));
    expect(trace).toEqual({ model: 'fake-rerank', candidates: 4, durationMs: expect.any(Number), error: null });
    // the request: POST {url}/rerank, the Cohere v2 / Jina body, the key as a bearer token
    const [request, ...more] = fake.requests.slice(before);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/rerank' });
    expect(request!.headers.authorization).toBe(`Bearer ${Key}`);
    expect(request!.body).toEqual({
      model: 'fake-rerank',
      query: Query,
      documents: [
        'Parking\nParking garage, parking levels, parking spaces, parking rules and parking fines.',
        'The office of the registrar handles enrolment.',
        'Parking office\nThe parking office is open on Saturdays from 9 to 12.',
        'Nothing about it here.',
      ],
      top_n: 4,
    });
    expect(logs).toEqual([]);
  });

  it('sends three candidates per passage wanted, at least ten and at most a hundred', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ chunkId: i + 1, score: 1 }));
    const texts = new Map(many.map((c) => [c.chunkId, { headings: [], text: `passage ${c.chunkId} about parking` }]));
    for (const [wanted, sent] of [
      [1, 10],
      [5, 15],
      [50, 100],
    ] as const) {
      const before = fake.requests.length;
      const { candidates: out, trace } = await rerankFused(ctx(), Query, many, texts, wanted);
      expect(trace!.candidates).toBe(sent);
      expect((fake.requests[before]!.body.documents as string[]).length).toBe(sent);
      expect(out).toHaveLength(150);
      expect(out.filter((c) => c.rerank !== null)).toHaveLength(sent);
    }
  });

  it('retries a 429 or a 5xx once', async () => {
    fake.failRerank(1, 503, { retryAfterMs: 10 });
    const before = fake.requests.length;
    const { candidates: out, trace } = await run(ctx());
    expect(fake.requests.length - before).toBe(2);
    expect(trace!.error).toBeNull();
    expect(out[0]!.chunkId).toBe(13);
  });

  it('keeps the fused order when the reranker fails again, says why in the trace and the log, never the key', async () => {
    logs = [];
    fake.failRerank(2, 429, { retryAfterMs: 10, message: `Rate limit for key ${Key}` });
    const before = fake.requests.length;
    const { candidates: out, trace } = await run(ctx());
    expect(fake.requests.length - before).toBe(2);
    expect(out.map((c) => c.chunkId)).toEqual(fusedOrder);
    expect(out.every((c) => c.rerank === null)).toBe(true);
    expect(trace).toMatchObject({ model: 'fake-rerank', candidates: 4, error: 'HTTP 429 (after a retry)' });
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!)).toMatchObject({ level: 40, msg: 'Reranking failed: the fused order is kept', error: 'HTTP 429 (after a retry)' });
    expect(logs.join('') + JSON.stringify(trace)).not.toContain(Key);
  });

  it('does not retry a refused key, and does not repeat what the server said about it', async () => {
    logs = [];
    const wrong = 'rk-wrong-key-0042';
    const before = fake.requests.length;
    const { candidates: out, trace } = await run(ctx({ apiKey: wrong }));
    expect(fake.requests.length - before).toBe(1);
    expect(out.map((c) => c.chunkId)).toEqual(fusedOrder);
    expect(trace!.error).toBe('HTTP 401');
    // the fake's 401 repeats the key it was given, as real servers do
    expect(logs.join('') + JSON.stringify(trace)).not.toContain(wrong);
  });

  it('keeps the fused order when the reranker is too slow, or answers something that is not a ranking', async () => {
    // a reranker that would take 10 s: the 1.5 s timeout ends the wait long before (a margin for a loaded machine)
    fake.setRerankDelay(10_000);
    const started = Date.now();
    const slow = await run(ctx());
    fake.setRerankDelay(0);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(slow.trace!.error).toBe('timed out after 1500 ms');
    expect(slow.candidates.map((c) => c.chunkId)).toEqual(fusedOrder);

    fake.failRerank(1, 200, { body: { results: [{ index: 7, relevance_score: 0.9 }] } });
    const outOfRange = await run(ctx());
    expect(outOfRange.trace!.error).toBe('an answer with a result that is not a document index and a relevance score');
    expect(outOfRange.candidates.map((c) => c.chunkId)).toEqual(fusedOrder);
    fake.failRerank(1, 200, { body: { data: [] } });
    expect((await run(ctx())).trace!.error).toBe('an answer without results');

    // a reranker that cannot be reached (a closed port): retried once after 2 s, then the fused order
    const unreachable = await run(ctx({ baseUrl: 'http://127.0.0.1:9/v1' }, '4000'));
    expect(unreachable.trace!.error).toBe('no connection (after a retry)');
    expect(unreachable.candidates.map((c) => c.chunkId)).toEqual(fusedOrder);
  }, 15_000);

  it('without a reranker, or with nothing to rerank, leaves the fused order and calls nothing', async () => {
    const before = fake.requests.length;
    const models = { reranker: async () => null } as Partial<ModelGateway> as ModelGateway;
    const none = await rerankFused({ config: loadConfig({}), logger: pino({ level: 'silent' }), models }, Query, candidates, new Map(Texts), 3);
    expect(none).toEqual({ candidates: candidates.map((c) => ({ ...c, rerank: null })), trace: null });
    expect((await rerankFused(ctx(), Query, candidates, new Map(), 3)).trace).toBeNull();
    expect(fake.requests.length).toBe(before);
  });
});

const Admin: UserAction[] = ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'GptSystemsRead', 'GptSystemsWrite', 'GptSystemsCreate'];

describe('reranked retrieval through the API', () => {
  let app: ModelTestApp;
  let model: FakeUpstream;
  let reranker: FakeUpstream;
  let admin: { id: string; token: string };
  let libraryId: string;
  const call = jsonCaller(
    () => app.base,
    () => admin.token,
  );
  const search = async () => {
    const res = await call('POST', `/admin/fileLibraries/${libraryId}/search`, { query: Query, topK: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { result: LibrarySearchResultSchema.parse(res.body), raw: JSON.stringify(res.body) };
  };

  beforeAll(async () => {
    model = await startFakeOpenAI();
    reranker = await startFakeOpenAI({ apiKey: Key });
    app = await startModelTestApp(
      [
        {
          name: 'Local vLLM',
          providerType: 'OpenAICompatible',
          endpoint: model.url,
          apiKey: 'sk-test',
          deployments: [{ name: 'fake-gpt', displayName: 'Fake GPT', model: 'fake-gpt-model', isDefault: true }],
        },
        {
          name: 'Reranker',
          providerType: 'OpenAICompatible',
          endpoint: reranker.url,
          apiKey: Key,
          deployments: [{ name: 'campus-rerank', displayName: 'Campus reranker', model: 'fake-rerank', kind: 'Rerank' }],
        },
      ],
      { RERANK_TIMEOUT_MS: '2000' },
    );
    admin = await app.t.createUser({ actions: Admin });
    libraryId = FileLibrarySchema.parse((await call('POST', '/admin/fileLibraries', { name: 'Campus' })).body).dataSourceId;
    const { payload, headers } = multipartFiles([
      { data: Buffer.from('Parking garage, parking levels, parking spaces, parking rules and parking fines: parking everywhere.'), fileName: 'parking.md' },
      { data: Buffer.from('The parking office is open on Saturdays from 9 to 12.'), fileName: 'office.md' },
      { data: Buffer.from('Borrowed books are due after three weeks.'), fileName: 'library.md' },
    ]);
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/internal/admin/fileLibraries/${libraryId}/files`,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
      payload,
    });
    for (const { file } of LibraryFileUploadResultSchema.parse(JSON.parse(res.body)).items) {
      const done = await eventually(
        async () => LibraryFileSchema.parse((await call('GET', `/admin/fileLibraries/${libraryId}/files/${file.fileId}`)).body),
        (f) => f.status === 'Online' || f.status === 'Error',
        30_000,
      );
      expect(done.status).toBe('Online');
    }
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
    await reranker?.close();
  });

  it('"Try a question" shows the reranker’s order, its scores beside each retriever’s rank, and never the key', async () => {
    const { result, raw } = await search();
    expect(result.passages.map((p) => p.fileName)).toEqual(['office.md', 'parking.md']);
    // full text put the passage repeating "parking" first; the reranker the one that answers
    expect(result.passages[0]).toMatchObject({ ranks: { FullText: { rank: 2 } }, rerank: { rank: 1, score: 1 } });
    expect(result.passages[1]).toMatchObject({ ranks: { FullText: { rank: 1 } }, rerank: { rank: 2, score: 0.25 } });
    expect(result.passages[0]!.score).toBeLessThan(result.passages[1]!.score);
    expect(result.trace.reranker).toMatchObject({ model: 'fake-rerank', candidates: 2, error: null });
    expect(raw).not.toContain(Key);
  });

  it('a chat turn’s execution log lists the rerank scores', async () => {
    const linked = await call('POST', `/admin/gptSystems/${app.agentId}/ragDataSources`, { dataSourceId: libraryId, topK: 3 });
    expect(linked.status, JSON.stringify(linked.body)).toBeLessThan(300);
    model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['Yes, from 9 to 12 [1].'] }));
    const person = await app.t.createUser({ actions: ['GptSystemsRead'] });
    const { events } = await postStream(
      app.base,
      `/userConversations/byGptSystemId/${app.agentId}`,
      {
        question: Query,
        visionImageIds: [],
        attachmentIds: [],
        session: { sessionIdentifier: randomUUID() },
        segmentTraceLogLevel: 'Persisted',
      },
      { token: person.token },
    );
    const ids = JSON.parse(events.find((e) => e.event === 'conversation-and-segment-id')!.data) as { ConversationId: string; SegmentId?: string };
    const response = JSON.parse(events.find((e) => e.event === 'response-model')!.data) as { conversationSegmentId: string };
    const details = ExecutionDetailsSchema.parse(
      (await call('GET', `/userConversations/${ids.ConversationId}/segments/${response.conversationSegmentId}/executionDetails`, undefined, person.token)).body,
    );
    const log = details.executionLogs
      .filter((l) => l.executionLogType === 'KnowledgeSearch')
      .map((l) => l.message)
      .join('\n');
    expect(log).toMatch(/Reranked the first 2 candidates with fake-rerank in [\d.]+ ms/);
    expect(log).toMatch(/\[1\] office\.md \(chunk 0\): fused [\d.]+; FullText rank 2 \([\d.]+\); Vector not found; rerank rank 1 \(1\)/);
    expect(log).toMatch(/\[2\] parking\.md \(chunk 0\): fused 1; FullText rank 1 \([\d.]+\); Vector not found; rerank rank 2 \(0\.25\)/);
    expect(log).not.toContain(Key);
  });

  it('when the reranker fails, the search answers in fused order and the trace says why', async () => {
    reranker.failRerank(2, 500, { retryAfterMs: 10 });
    const { result } = await search();
    expect(result.passages.map((p) => p.fileName)).toEqual(['parking.md', 'office.md']);
    expect(result.passages.every((p) => p.rerank === null)).toBe(true);
    expect(result.trace.reranker).toMatchObject({ model: 'fake-rerank', candidates: 2, error: 'HTTP 500 (after a retry)' });
    // and the next search is reranked again
    expect((await search()).result.passages[0]!.fileName).toBe('office.md');
  });

  it('reranks with the default Rerank deployment only: disabled, the search keeps the fused order and calls nothing', async () => {
    const connection = app.connections[1]!;
    const deployment = connection.deployments[0]!;
    expect(deployment).toMatchObject({ kind: 'Rerank', isDefault: true });
    const rerankDefault = (enabled: boolean) =>
      updateDeployment(
        app.t.ctx,
        TestActor,
        connection.connectionId,
        deployment.deploymentId,
        enabled ? { enabled, isDefault: true } : { enabled, isDefault: false },
      );
    await rerankDefault(false);
    const before = reranker.requests.length;
    const { result } = await search();
    expect(result.trace.reranker).toBeNull();
    expect(result.passages.map((p) => p.fileName)).toEqual(['parking.md', 'office.md']);
    expect(reranker.requests.length).toBe(before);
    await rerankDefault(true);
    expect((await search()).result.trace.reranker).toMatchObject({ model: 'fake-rerank', error: null });
  });
});
