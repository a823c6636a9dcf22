// A personal agent's own files as its knowledge (docs/wire-protocol.md: configuration attachments of type FileSearch):
// saved with the agent, they are read into a library of its own, searched in its chats and cited; the owner may
// open them, nobody else; the File Libraries pages do not list that library; replacing the attachment and saving
// again replaces the file, its chunks and blobs; deleting the agent deletes its library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { FileLibraryListSchema, SourceFileSchema, type ResponseModelEvent } from '@atrium/contract';
import { fileLibraries, libraryChunks, libraryFiles } from '../../db/schema/index.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { answerRequests, isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { answerOf, dataOf, eventually, jsonCaller, postStream } from '../../test/chat-stream.js';

const systemOf = (r: RecordedRequest) => String((r.body.messages as { role: string; content: unknown }[]).find((m) => m.role === 'system')?.content ?? '');

describe('a personal agent’s own files', () => {
  let app: ModelTestApp;
  let model: FakeUpstream;
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  const call = jsonCaller(
    () => app.base,
    () => owner.token,
  );

  beforeAll(async () => {
    model = await startFakeOpenAI();
    model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['MATH200 has its exam on 12 December [1].'] }));
    app = await startModelTestApp([
      {
        name: 'Fake OpenAI',
        providerType: 'OpenAICompatible',
        endpoint: model.url,
        apiKey: 'sk-test',
        deployments: [{ name: 'gpt-4o', displayName: 'GPT-4o', model: 'gpt-4o', isDefault: true }],
      },
    ]);
    owner = await app.t.createUser({ actions: ['GptSystemsRead'], displayName: 'Sam Student' });
    other = await app.t.createUser({ actions: ['GptSystemsRead', 'DataSourcesRead'] });
  });
  afterAll(async () => {
    await app?.close();
    await model?.close();
  });

  const attach = async (fileName: string, text: string) => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), fileName);
    const res = await fetch(`${app.base}/api/internal/attachments?attachmentType=FileSearch&context=GptSystem`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const { attachmentId } = (await res.json()) as { attachmentId: string };
    return { attachmentId, attachmentType: 'FileSearch', attachmentContext: 'GptSystem', originalFileName: fileName, id: attachmentId };
  };
  const agentFiles = (gptSystemId: string) =>
    app.t.ctx.db
      .select({ id: libraryFiles.id, fileName: libraryFiles.fileName, status: libraryFiles.status })
      .from(libraryFiles)
      .innerJoin(fileLibraries, eq(fileLibraries.id, libraryFiles.libraryId))
      .where(eq(fileLibraries.agentId, gptSystemId));
  const allOnline = (gptSystemId: string, names: string[]) =>
    eventually(
      () => agentFiles(gptSystemId),
      (rows) => rows.length === names.length && rows.every((r) => r.status === 'Online') && names.every((n) => rows.some((r) => r.fileName === n)),
      30_000,
    );
  const ask = (gptSystemId: string, question: string) =>
    postStream(
      app.base,
      `/userConversations/byGptSystemId/${gptSystemId}`,
      { question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted' },
      { token: owner.token },
    );

  it('reads the files into the agent’s library, searches and cites them, and replaces them when the agent is saved again', async () => {
    const state = await call<{ configStateId: string }>('POST', '/configStates/byGptSystemType/User', {});
    const configStateId = state.body.configStateId;
    const courses = await attach('courses.txt', 'CS101 meets on Mondays. MATH200 has its exam on 12 December.');
    expect((await call('PUT', `/configStates/${configStateId}`, { gptSystemName: 'Study tutor', attachments: [courses] })).status).toBe(200);
    const made = await call<{ gptSystemId: string }>('POST', `/configStates/${configStateId}/createGptSystem`, {});
    expect(made.status).toBe(200);
    const { gptSystemId } = made.body;
    const [file] = await allOnline(gptSystemId, ['courses.txt']);

    const { events } = await ask(gptSystemId, 'When is the MATH200 exam?');
    expect(answerOf(events)).toBe('MATH200 has its exam on 12 December [1].');
    expect(systemOf(answerRequests(model).at(-1)!)).toContain('[1] courses.txt\nCS101 meets on Mondays. MATH200 has its exam on 12 December.');
    expect(dataOf<ResponseModelEvent>(events, 'response-model').citations).toEqual([
      expect.objectContaining({ title: 'courses.txt', path: `/sources/${file!.id}`, number: 1, fileId: file!.id, page: null }),
    ]);

    // the owner opens the document; nobody else, not even an administrator of libraries, who does not see the library
    expect(SourceFileSchema.parse((await call('GET', `/knowledge/files/${file!.id}`)).body).pages[0]!.text).toContain('MATH200');
    expect((await call('GET', `/knowledge/files/${file!.id}`, undefined, other.token)).status).toBe(404);
    expect(FileLibraryListSchema.parse((await call('GET', '/admin/fileLibraries', undefined, other.token)).body).items).toEqual([]);

    // the owner replaces the file and saves: the old file, its chunks and blobs go, the new one is read
    const moved = await attach('courses-2.txt', 'CS101 moved to Tuesdays.');
    expect((await call('PUT', `/configStates/${configStateId}`, { attachments: [moved] })).status).toBe(200);
    expect((await call('PUT', `/configStates/${configStateId}/updateGptSystem`, {})).status).toBe(200);
    const [replacement] = await allOnline(gptSystemId, ['courses-2.txt']);
    const chunksOfOld = await app.t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(libraryChunks)
      .where(eq(libraryChunks.fileId, file!.id));
    expect(chunksOfOld[0]!.n).toBe(0);
    expect((await call('GET', `/knowledge/files/${file!.id}`)).status).toBe(404);
    expect((await call('GET', `/knowledge/files/${replacement!.id}`)).status).toBe(200);

    model.setScript((r) => (isTitleRequest(r) ? {} : { chunks: ['On Tuesdays [1].'] }));
    await ask(gptSystemId, 'When does CS101 meet?');
    const system = systemOf(answerRequests(model).at(-1)!);
    expect(system).toContain('[1] courses-2.txt\nCS101 moved to Tuesdays.');
    expect(system).not.toContain('Mondays');

    // deleting the agent deletes its library: files, chunks and the blobs of the original and its text
    const [row] = await app.t.ctx.db.select({ blobKey: libraryFiles.blobKey }).from(libraryFiles).where(eq(libraryFiles.id, replacement!.id));
    expect(await app.t.ctx.blobs.get(row!.blobKey)).not.toBeNull();
    expect((await call('DELETE', `/gptSystems/common/management/${gptSystemId}`)).status).toBe(204);
    expect(await agentFiles(gptSystemId)).toEqual([]);
    expect(await app.t.ctx.db.select().from(fileLibraries).where(eq(fileLibraries.agentId, gptSystemId))).toEqual([]);
    const chunksLeft = await app.t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(libraryChunks)
      .where(eq(libraryChunks.fileId, replacement!.id));
    expect(chunksLeft[0]!.n).toBe(0);
    expect(await app.t.ctx.blobs.get(row!.blobKey)).toBeNull();
    expect((await call('GET', `/knowledge/files/${replacement!.id}`)).status).toBe(404);
  });
});
