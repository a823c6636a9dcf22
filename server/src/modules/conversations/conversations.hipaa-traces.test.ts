// HIPAA mode's execution details (docs/retention.md): what a turn stores in its execution logs and its provider error
// keeps no words of the question or the answer, checked on the stored segment and the server log; without HIPAA mode
// the same turn keeps the provider's words (so the check can fail). The knowledge search's log line and tools' messages, unit by unit.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { conversationSegments } from '../../db/schema/index.js';
import { ModelError, type ModelGateway } from '../../ai/model.types.js';
import { HiddenToolError, HiddenToolMessage, TraceLog } from '../../ai/chat-trace.js';
import { traceLines } from '../../ai/knowledge-step.js';
import { baseUrl, dataOf, postStream, questionBody, scriptedGateway, systemAgentId } from '../../test/chat-stream.js';

const Question = 'My record number is MRN-4471 and my SSN is 123-45-6789: is the biopsy result bad?';
const Answer = 'The biopsy report for MRN-4471 shows a benign lesion.';
const words = ['MRN-4471', '123-45-6789', 'biopsy', 'benign'];

describe('execution details in HIPAA mode', () => {
  let t: TestApp;
  let base: string;
  let agentId: string;
  let admin: { token: string };
  let user: { token: string };
  let offline: ModelGateway;
  /** what the server logged (warnings and errors) */
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { logLines });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    agentId = await systemAgentId(t);
    admin = await t.createUser({ actions: ['InstanceSettingsRead', 'InstanceSettingsWrite'] });
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    offline = t.ctx.models;
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(() => t.close());

  const setHipaa = async (enabled: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/internal/admin/instanceSettings/hipaa',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { enabled },
    });
    expect(res.statusCode).toBe(200);
  };
  /** asks, and reads back what the segment stored */
  const stored = async () => {
    const r = await postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      { ...questionBody(Question), segmentTraceLogLevel: 'Verbose' },
      { token: user.token },
    );
    expect(r.status).toBe(200);
    const ids = dataOf<{ ConversationSegmentId: string }>(r.events, 'conversation-and-segment-id');
    const [row] = await t.ctx.db.select().from(conversationSegments).where(eq(conversationSegments.id, ids.ConversationSegmentId));
    return { logs: JSON.stringify(row!.executionLogs), providerError: row!.providerError ?? '', row: row! };
  };
  const failing = () =>
    scriptedGateway(async function* () {
      yield* [];
      // a provider that repeats the request in its error, as some OpenAI-compatible servers do
      throw new ModelError(`Invalid request: content "${Question}" was rejected`, 'upstream', 400);
    });

  it('keeps no words of the conversation in the execution logs, the provider error or the server log', async () => {
    await setHipaa(true);
    t.ctx.models = failing();
    logLines.length = 0;
    const failed = await stored();
    const logged = logLines.join('');
    expect(logged).toContain('model provider failed');
    for (const w of words) expect(logged).not.toContain(w);
    expect(failed.row.status).toBe('Failed');
    for (const w of words) {
      expect(failed.logs).not.toContain(w);
      expect(failed.providerError).not.toContain(w);
    }
    expect(failed.providerError).toBe("HTTP 400 (the provider's words are not kept in HIPAA mode)");
    expect(failed.row.executionLogs.length).toBeGreaterThan(1);

    t.ctx.models = scriptedGateway(async function* () {
      yield { type: 'text', text: Answer };
    });
    const answered = await stored();
    expect(answered.row.status).toBe('Success');
    for (const w of words) expect(answered.logs).not.toContain(w);
    expect(answered.row.executionLogs.map((l) => l.executionLogType)).toEqual(expect.arrayContaining(['ModelSelected', 'Completed']));
  });

  it('keeps the provider’s words for administrators without HIPAA mode', async () => {
    await setHipaa(false);
    t.ctx.models = failing();
    logLines.length = 0;
    const failed = await stored();
    expect(failed.providerError).toContain('123-45-6789');
    // and in the server log, as the provider wrote them
    expect(logLines.join('')).toContain('123-45-6789');
  });
});

describe('content-free log lines', () => {
  it('hides a tool’s own messages, and keeps the content-free form of others', () => {
    const trace = new TraceLog({ keepDebug: true, withoutContent: true });
    trace.info('ToolCall', 'Created an image with Images: Biopsy of MRN-4471');
    trace.error('create_image failed: "MRN-4471"', 'ToolCall');
    trace.info('Completed', 'Success: 3 prompt and 5 completion tokens');
    trace.info('Step', 'Searched for "MRN-4471"', 'Searched');
    expect(trace.persisted().map((l) => l.message)).toEqual([HiddenToolMessage, HiddenToolError, 'Success: 3 prompt and 5 completion tokens', 'Searched']);
    const plain = new TraceLog({ keepDebug: true });
    plain.info('ToolCall', 'Created an image with Images: A lighthouse');
    expect(plain.persisted()[0]!.message).toBe('Created an image with Images: A lighthouse');
  });

  it('leaves the query out of the knowledge search’s line in HIPAA mode', () => {
    const trace = { mode: 'Hybrid', query: 'biopsy MRN-4471', durationMs: 12, retrievers: [], fused: 0, reranker: null } as unknown as Parameters<
      typeof traceLines
    >[0];
    expect(traceLines(trace, [], 1)[0]).toBe('Searched 1 library (Hybrid) for "biopsy MRN-4471" in 12 ms');
    expect(traceLines(trace, [], 1, true)[0]).toBe('Searched 1 library (Hybrid) in 12 ms');
  });
});
