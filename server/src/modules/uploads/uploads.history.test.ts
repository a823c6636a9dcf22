// Follow-up questions against a fake OpenAI-compatible server: what the model receives of the images
// and files of earlier questions (image parts for deployments with vision only, the files' text,
// the oldest left out when the context window is small), and what it costs in queries and image work.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Attachment, ResponseModelEvent, VisionImage } from '@atrium/contract';
import type { TestApp } from '../../test/harness.js';
import { makePng, multipart } from '../../test/upload-fixtures.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { dataOf, postStream } from '../../test/chat-stream.js';
import { answerRequests, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { MaxEarlierImages } from '../../ai/chat-prompt.js';

type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] };

describe('follow-up questions and the uploads of earlier questions', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let openai: FakeUpstream;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    app = await startModelTestApp([
      {
        name: 'Local vLLM',
        providerType: 'OpenAICompatible',
        endpoint: openai.url,
        apiKey: 'sk-test',
        deployments: [
          { name: 'fake-vision', displayName: 'Fake Vision', model: 'fake-vision-model', isDefault: true, vision: true },
          { name: 'fake-text', displayName: 'Fake Text', model: 'fake-text-model', vision: false },
          // small windows: about 1,300 and 2,100 tokens of history once the answer, system prompt and margin are set aside
          { name: 'small-vision', displayName: 'Small Vision', model: 'small-vision-model', vision: true, contextWindow: 2000, maxOutputTokens: 300 },
          { name: 'small-text', displayName: 'Small Text', model: 'small-text-model', vision: false, contextWindow: 3000, maxOutputTokens: 500 },
        ],
      },
    ]);
    ({ t, base, agentId } = app);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await app.close();
    await openai.close();
  });

  const image = async (color: string, width = 32, height = 32) => {
    const body = multipart(await makePng(width, height, color), `${color.slice(1)}.png`, 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/userConversations/visionImages',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<VisionImage>();
  };
  const file = async (text: string, name: string) => {
    const body = multipart(Buffer.from(text), name, 'text/plain');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/attachments?attachmentType=FileSearch&context=Conversation',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<Attachment>();
  };
  const turn = (deployment: string, question: string, uploads: { images?: VisionImage[]; files?: Attachment[] } = {}) => ({
    question,
    visionImageIds: (uploads.images ?? []).map((i) => i.visionImageId),
    attachmentIds: (uploads.files ?? []).map((a) => a.attachmentId),
    segmentTraceLogLevel: 'NonPersisted',
    answerGenerationOptions: { deploymentIdentifier: deployment },
  });
  const start = async (body: ReturnType<typeof turn>) => {
    const r = await postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      { ...body, session: { sessionIdentifier: randomUUID() } },
      { token: user.token },
    );
    expect(r.status).toBe(200);
    return dataOf<ResponseModelEvent>(r.events, 'response-model');
  };
  const followUp = async (conversationId: string, parentSegmentId: string, body: ReturnType<typeof turn>) => {
    const r = await postStream(
      base,
      `/userConversations/${conversationId}/segments`,
      { ...body, lineage: { parentSegmentId, lineageType: 'Question' } },
      { token: user.token },
    );
    expect(r.status).toBe(200);
    return dataOf<ResponseModelEvent>(r.events, 'response-model');
  };
  /** The messages of the latest answer request (title requests left aside). */
  const sent = (): Message[] => {
    return (answerRequests(openai).at(-1)!.body as { messages: Message[] }).messages.filter((m) => m.role !== 'system');
  };
  const textOf = (m: Message) =>
    typeof m.content === 'string'
      ? m.content
      : m.content
          .filter((p) => p.type === 'text')
          .map((p) => p.text)
          .join('');
  const imagesOf = (m: Message) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url));
  const dataUrl = async (color: string) => `data:image/png;base64,${(await makePng(32, 32, color)).toString('base64')}`;

  it('sends an earlier image as an image part to a vision deployment and leaves it out for one without vision; the file text goes to both', async () => {
    const red = await image('#ff0000');
    const notes = await file('Section 1: budgets.\nSection 2: the heron migrates in October.', 'notes.txt');
    const first = await start(turn('fake-vision', 'What is in this picture and this file?', { images: [red], files: [notes] }));

    await followUp(first.conversationId, first.conversationSegmentId, turn('fake-vision', 'What else is in that picture?'));
    let messages = sent();
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(imagesOf(messages[0]!)).toEqual([await dataUrl('#ff0000')]);
    expect(textOf(messages[0]!)).toContain('What is in this picture and this file?');
    expect(textOf(messages[0]!)).toContain('Section 2: the heron migrates in October.');
    expect(messages[2]).toEqual({ role: 'user', content: 'What else is in that picture?' });

    // a branch beside that follow-up, answered by a deployment that cannot see images
    await followUp(first.conversationId, first.conversationSegmentId, turn('fake-text', 'Summarise section 2 of the file I sent.'));
    messages = sent();
    expect(JSON.stringify(messages)).not.toContain('image_url');
    expect(messages[0]!.content).toEqual(expect.stringContaining('Section 2: the heron migrates in October.'));
    expect(messages[2]).toEqual({ role: 'user', content: 'Summarise section 2 of the file I sent.' });
  });

  it('regenerates an answer with the images and files its question was asked with', async () => {
    const teal = await image('#008080');
    const memo = await file('The kingfisher memo.', 'memo.txt');
    const first = await start(turn('fake-vision', 'Describe both', { images: [teal], files: [memo] }));
    const r = await postStream(base, `/userConversations/${first.conversationId}/segments/${first.conversationSegmentId}/regenerate`, turn('fake-vision', ''), {
      token: user.token,
    });
    expect(r.status).toBe(200);
    const [question] = sent();
    expect(imagesOf(question!)).toEqual([await dataUrl('#008080')]);
    expect(textOf(question!)).toContain('The kingfisher memo.');
    const again = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(again.visionImages.map((i) => i.visionImageId)).toEqual([teal.visionImageId]);
    expect(again.attachments.map((a) => a.attachmentId)).toEqual([memo.attachmentId]);
  });

  it(`resends the images of the latest earlier questions only (at most ${MaxEarlierImages})`, async () => {
    const colors = ['#110000', '#220000', '#330000', '#440000', '#550000'];
    let at = await start(turn('fake-vision', 'Picture 1', { images: [await image(colors[0]!)] }));
    for (let i = 1; i < colors.length; i++)
      at = await followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', `Picture ${i + 1}`, { images: [await image(colors[i]!)] }));
    await followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Compare them'));
    const questions = sent().filter((m) => m.role === 'user');
    expect(questions.map(textOf)).toEqual(['Picture 1', 'Picture 2', 'Picture 3', 'Picture 4', 'Picture 5', 'Compare them']);
    expect(questions.map((m) => imagesOf(m).length)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(questions.flatMap(imagesOf)).toEqual(await Promise.all(colors.slice(1).map(dataUrl)));
  });

  it('counts earlier images in the context window: the oldest goes without its image when both do not fit', async () => {
    const first = await start(turn('small-vision', 'Old picture', { images: [await image('#00ff00')] }));
    const second = await followUp(first.conversationId, first.conversationSegmentId, turn('small-vision', 'New picture', { images: [await image('#0000ff')] }));
    await followUp(second.conversationId, second.conversationSegmentId, turn('small-vision', 'And now?'));
    const messages = sent();
    // 765 tokens an image: the newer one fits in the ~1,300 tokens left for history, both do not
    expect(messages.map(textOf)).toEqual(['Old picture', 'Hello from the fake model.', 'New picture', 'Hello from the fake model.', 'And now?']);
    expect(messages.flatMap(imagesOf)).toEqual([await dataUrl('#0000ff')]);
  });

  it("leaves out the oldest file's text when the window is small, keeping its question and the newer file", async () => {
    const older = await file(`OLDER FILE ${'alpha '.repeat(830)}`, 'older.txt');
    const newer = await file(`NEWER FILE ${'omega '.repeat(830)}`, 'newer.txt');
    const first = await start(turn('small-text', 'Read the older file', { files: [older] }));
    const second = await followUp(first.conversationId, first.conversationSegmentId, turn('small-text', 'Read the newer file', { files: [newer] }));
    await followUp(second.conversationId, second.conversationSegmentId, turn('small-text', 'Compare the two files'));
    const messages = sent();
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    // each file is ~1,250 tokens and about 2,100 are left for history: the newer one fits, then only the older question
    expect(messages[0]!.content).toBe('Read the older file');
    expect(messages[2]!.content).toEqual(expect.stringContaining('Read the newer file'));
    expect(messages[2]!.content).toEqual(expect.stringContaining('NEWER FILE omega'));
    expect(JSON.stringify(messages)).not.toContain('OLDER FILE');
  });

  it('downscales an image too large for models once and sends the kept copy on later questions', async () => {
    // 2600 px wide: over the 2048 px models take
    const wide = await image('#abcdef', 2600, 40);
    const first = await start(turn('fake-vision', 'A wide picture', { images: [wide] }));
    const [sentFirst] = sent().flatMap(imagesOf);
    const meta = await sharp(Buffer.from(sentFirst!.split(',')[1]!, 'base64')).metadata();
    expect(meta.width).toBe(2048);
    const copyKey = `vision-images/${user.id}/${wide.visionImageId}/${wide.blobFileName.replace(/\.png$/, '')}-model`;
    expect((await t.ctx.blobs.get(copyKey))!.toString('base64')).toBe(sentFirst!.split(',')[1]);
    // the next question reads the copy instead of downscaling again: a marked copy is what the model gets
    const marked = await makePng(16, 16, '#010203');
    await t.ctx.blobs.put(copyKey, marked, 'image/png');
    await followUp(first.conversationId, first.conversationSegmentId, turn('fake-vision', 'And again?'));
    expect(sent().flatMap(imagesOf)).toEqual([`data:image/png;base64,${marked.toString('base64')}`]);
  });

  describe('queries', () => {
    /** SQL text of the statements run outside transactions while `run` runs (PGlite and node-postgres alike). */
    const statements = async (run: () => Promise<unknown>) => {
      const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const seen: string[] = [];
      const query = client.query.bind(client);
      vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
        const q = args[0];
        seen.push(typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));
        return query(...args);
      });
      await run();
      return seen;
    };
    const uploadQueries = (sql: string[]) => sql.filter((q) => /from "(attachments|vision_images)"/.test(q));

    it('adds no query to a follow-up when no earlier question had uploads', async () => {
      let at = await start(turn('fake-vision', 'One'));
      at = await followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Two'));
      const sql = await statements(() => followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Three')));
      expect(sql.some((q) => /from "conversation_segments"/.test(q))).toBe(true);
      expect(uploadQueries(sql)).toEqual([]);
    });

    it('reads the uploads of the whole lineage in one query per table, not one per question', async () => {
      let at = await start(turn('fake-vision', 'One', { images: [await image('#123456')], files: [await file('first', 'a.txt')] }));
      at = await followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Two', { images: [await image('#654321')] }));
      at = await followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Three', { files: [await file('third', 'c.txt')] }));
      const sql = await statements(() => followUp(at.conversationId, at.conversationSegmentId, turn('fake-vision', 'Four')));
      expect(
        uploadQueries(sql)
          .map((q) => q.match(/from "(\w+)"/)![1])
          .sort(),
      ).toEqual(['attachments', 'vision_images']);
      const questions = sent().filter((m) => m.role === 'user');
      expect(questions.map((m) => imagesOf(m).length)).toEqual([1, 1, 0, 0]);
      expect(textOf(questions[0]!)).toContain('first');
      expect(textOf(questions[2]!)).toContain('third');
    });
  });
});
