// Uploads over real HTTP on a real database: attachments and vision images, their type and size
// checks, owner-only reads, and what reaches the model when a question names them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Attachment, Conversation, DetailsForConversation, ResponseModelEvent, VisionImage } from '@atrium/contract';
import type { TestApp } from '../../test/harness.js';
import { blackPng, makeDocx, makePdf, makePng, multipart } from '../../test/upload-fixtures.js';
import { startFakeOpenAI, type FakeUpstream } from '../../test/fake-upstreams.js';
import { answerOf, dataOf, postStream } from '../../test/chat-stream.js';
import { answerRequests, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';

type Upload = ReturnType<typeof multipart>;

describe('uploads', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let agentId: string;
  let user: { id: string; token: string };
  let other: { id: string; token: string };
  let openai: FakeUpstream;

  beforeAll(async () => {
    openai = await startFakeOpenAI();
    app = await startModelTestApp(
      [
        {
          name: 'Local vLLM',
          providerType: 'OpenAICompatible',
          endpoint: openai.url,
          apiKey: 'sk-test',
          deployments: [
            { name: 'fake-vision', displayName: 'Fake Vision', model: 'fake-vision-model', isDefault: true, vision: true },
            { name: 'fake-text', displayName: 'Fake Text', model: 'fake-text-model', vision: false },
          ],
        },
      ],
      { ATTACHMENT_MAX_BYTES: String(64 * 1024), VISION_IMAGE_MAX_BYTES: String(256 * 1024) },
    );
    ({ t, base, agentId } = app);
    user = await t.createUser({ actions: ['GptSystemsRead'] });
    other = await t.createUser({ actions: ['GptSystemsRead'] });
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const attach = (token: string, body: Upload, query = 'attachmentType=FileSearch&context=Conversation') =>
    t.app.inject({ method: 'POST', url: `/api/internal/attachments?${query}`, payload: body.payload, headers: { ...body.headers, ...auth(token) } });
  const uploadImage = (token: string, body: Upload) =>
    t.app.inject({ method: 'POST', url: '/api/internal/userConversations/visionImages', payload: body.payload, headers: { ...body.headers, ...auth(token) } });
  const ask = (body: Record<string, unknown>) =>
    postStream(
      base,
      `/userConversations/byGptSystemId/${agentId}`,
      {
        question: 'What is in this?',
        visionImageIds: [],
        attachmentIds: [],
        session: { sessionIdentifier: randomUUID() },
        segmentTraceLogLevel: 'NonPersisted',
        ...body,
      },
      { token: user.token },
    );
  // the earlier questions' titles are generated in the background and may reach the fake at any time
  const answers = () => answerRequests(openai);
  const lastUserMessage = () => {
    const messages = (answers().at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;
    return messages.filter((m) => m.role === 'user').at(-1)!;
  };

  describe('attachments', () => {
    it('stores a text file, reads its text, and gives it back to its owner only', async () => {
      const text = 'Quarterly numbers\nRevenue rose 12%.';
      const res = await attach(user.token, multipart(Buffer.from(text), 'notes.md', 'text/markdown'));
      expect(res.statusCode).toBe(200);
      const a = res.json<Attachment>();
      expect(a).toMatchObject({
        attachmentType: 'FileSearch',
        context: 'Conversation',
        originalFileName: 'notes.md',
        mimeType: 'text/markdown',
        sizeBytes: text.length,
        hasExtractedText: true,
      });

      const meta = await t.app.inject({ method: 'GET', url: `/api/internal/attachments/${a.attachmentId}`, headers: auth(user.token) });
      expect(meta.json()).toEqual(a);
      const b64 = await t.app.inject({ method: 'GET', url: `/api/internal/attachments/${a.attachmentId}/base64`, headers: auth(user.token) });
      expect(Buffer.from(b64.json<{ base64Content: string }>().base64Content, 'base64').toString('utf8')).toBe(text);

      for (const url of [`/api/internal/attachments/${a.attachmentId}`, `/api/internal/attachments/${a.attachmentId}/base64`]) {
        expect((await t.app.inject({ method: 'GET', url, headers: auth(other.token) })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/internal/attachments/${randomUUID()}`, headers: auth(user.token) })).statusCode).toBe(404);
    });

    it('extracts the text of a PDF and accepts the GptSystem context and CodeInterpreter type', async () => {
      const res = await attach(
        user.token,
        multipart(makePdf('The pelican report, page one.'), 'report.pdf', 'application/pdf'),
        'attachmentType=CodeInterpreter&context=GptSystem',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<Attachment>()).toMatchObject({
        attachmentType: 'CodeInterpreter',
        context: 'GptSystem',
        mimeType: 'application/pdf',
        hasExtractedText: true,
      });
    });

    it('refuses attachment types other than FileSearch and CodeInterpreter (docs/product.md §5)', async () => {
      const body = () => multipart(Buffer.from('hello'), 'a.txt');
      const res = await attach(user.token, body(), 'attachmentType=Vision&context=Conversation');
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { field: 'querystring.attachmentType', message: 'Attachments upload only when type is FileSearch or CodeInterpreter' },
      ]);
      expect((await attach(user.token, body(), 'context=Conversation')).statusCode).toBe(400);
      expect((await attach(user.token, body(), 'attachmentType=FileSearch&context=Elsewhere')).statusCode).toBe(400);
    });

    it('judges files by their content, not their name', async () => {
      const exe = await attach(user.token, multipart(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), 'tool.exe'));
      expect(exe.statusCode).toBe(400);
      expect(exe.json()).toMatchObject({
        code: 'unsupported_file_type',
        message: 'tool.exe is not a supported file type. Attach PDF, Word (.docx), text, Markdown, CSV or JSON files.',
      });
      const fakePdf = await attach(user.token, multipart(Buffer.from('just text'), 'fake.pdf', 'application/pdf'));
      expect(fakePdf.statusCode).toBe(400);
      expect(fakePdf.json().message).toBe('The content of fake.pdf does not match its file type.');
      const image = await attach(user.token, multipart(await makePng(20, 20), 'photo.png', 'image/png'));
      expect(image.statusCode).toBe(400);
      expect(image.json().message).toMatch(/Images cannot be searched as files/);
      const empty = await attach(user.token, multipart(Buffer.alloc(0), 'empty.txt'));
      expect(empty.statusCode).toBe(400);
      const wrongField = await attach(user.token, multipart(Buffer.from('x'), 'a.txt', 'text/plain', 'document'));
      expect(wrongField.statusCode).toBe(400);
      const notMultipart = await t.app.inject({
        method: 'POST',
        url: '/api/internal/attachments?attachmentType=FileSearch',
        payload: { a: 1 },
        headers: auth(user.token),
      });
      expect(notMultipart.statusCode).toBe(415);
    });

    it('refuses a file over the configured limit with 413', async () => {
      const res = await attach(user.token, multipart(Buffer.alloc(64 * 1024 + 1, 'a'), 'big.txt'));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The file is larger than the limit of 0.1 MB.');
      expect((await attach(user.token, multipart(Buffer.alloc(64 * 1024, 'a'), 'fits.txt'))).statusCode).toBe(200);
    });
  });

  describe('vision images', () => {
    it('stores an image with a thumbnail and serves both as base64 to the owner', async () => {
      const png = await makePng(800, 400);
      const res = await uploadImage(user.token, multipart(png, 'chart.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      const img = res.json<VisionImage>();
      expect(img).toMatchObject({ mimeType: 'image/png', width: 800, height: 400, sizeBytes: png.length });
      expect(img.blobFileName).toMatch(/\.png$/);
      expect(img.thumbnails[0]!.mimeType).toBe('image/webp');
      const thumbMeta = await sharp(Buffer.from(img.thumbnails[0]!.base64Content, 'base64')).metadata();
      expect([thumbMeta.width, thumbMeta.height]).toEqual([256, 128]);

      const full = await t.app.inject({
        method: 'GET',
        url: `/api/internal/userConversations/visionImages/${img.visionImageId}/${img.blobFileName}/base64`,
        headers: auth(user.token),
      });
      expect(full.statusCode).toBe(200);
      expect(Buffer.from(full.json<{ base64Content: string }>().base64Content, 'base64').equals(png)).toBe(true);
      const thumb = await t.app.inject({
        method: 'GET',
        url: `/api/internal/userConversations/visionImages/${img.visionImageId}/${img.thumbnailBlobFileName}/base64`,
        headers: auth(user.token),
      });
      expect(thumb.json()).toMatchObject({ mimeType: 'image/webp', base64Content: img.thumbnails[0]!.base64Content });

      const url = `/api/internal/userConversations/visionImages/${img.visionImageId}/${img.blobFileName}/base64`;
      expect((await t.app.inject({ method: 'GET', url, headers: auth(other.token) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: url.replace(img.blobFileName, 'other.png'), headers: auth(user.token) })).statusCode).toBe(404);
    });

    it('refuses what is not a PNG, JPEG, GIF or WebP image, and images over the limit', async () => {
      const svg = await uploadImage(user.token, multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png'));
      expect(svg.statusCode).toBe(400);
      expect(svg.json().message).toBe('Images must be PNG, JPEG, GIF or WebP.');
      const broken = Buffer.concat([(await makePng(50, 50)).subarray(0, 40)]);
      expect((await uploadImage(user.token, multipart(broken, 'broken.png'))).statusCode).toBe(400);
      const noisy = await sharp(Buffer.from(Array.from({ length: 400 * 400 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 400, height: 400, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(256 * 1024);
      const big = await uploadImage(user.token, multipart(noisy, 'big.png'));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('The image is larger than the limit of 0.3 MB.');
    });

    it('refuses an image over the pixel limit, and stores a larger one than anyone views at 4096 px', async () => {
      const bomb = await uploadImage(user.token, multipart(blackPng(10000, 10000), 'bomb.png', 'image/png'));
      expect(bomb.statusCode).toBe(413);
      expect(bomb.json()).toEqual({
        code: 'payload_too_large',
        message: 'The image is 10000 × 10000 pixels, more than the limit of 50 megapixels.',
        details: [{ field: 'file', message: 'At most 50 megapixels' }],
      });

      const res = await uploadImage(user.token, multipart(blackPng(6000, 3000), 'wide.png', 'image/png'));
      expect(res.statusCode).toBe(200);
      const img = res.json<VisionImage>();
      expect(img).toMatchObject({ mimeType: 'image/png', width: 4096, height: 2048 });
      const full = await t.app.inject({
        method: 'GET',
        url: `/api/internal/userConversations/visionImages/${img.visionImageId}/${img.blobFileName}/base64`,
        headers: auth(user.token),
      });
      const stored = Buffer.from(full.json<{ base64Content: string }>().base64Content, 'base64');
      expect(stored.length).toBe(img.sizeBytes);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 4096, height: 2048 });
    });

    it('reports the configured limit in detailsForConversation', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/internal/userConversations/gptSystems/${agentId}/detailsForConversation`,
        headers: auth(user.token),
      });
      const details = res.json<DetailsForConversation>();
      expect(details.isVisionEnabled).toBe(true);
      expect(details.visionFileUpload).toEqual({ allowedFileExtensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp'], maxUploadedFileSizeBytes: 256 * 1024 });
    });
  });

  describe('questions with uploads', () => {
    it('sends the image to a vision deployment as an image part and lists it on the segment', async () => {
      const png = await makePng(64, 64, '#ff0000');
      const img = (await uploadImage(user.token, multipart(png, 'red.png', 'image/png'))).json<VisionImage>();
      const r = await ask({ question: 'What colour is this?', visionImageIds: [img.visionImageId] });
      expect(r.status).toBe(200);
      expect(answerOf(r.events)).toBe('Hello from the fake model.');
      const content = lastUserMessage().content as { type: string; text?: string; image_url?: { url: string } }[];
      expect(content[0]).toEqual({ type: 'text', text: 'What colour is this?' });
      expect(content[1]!.type).toBe('image_url');
      expect(content[1]!.image_url!.url).toBe(`data:image/png;base64,${png.toString('base64')}`);

      const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
      const listed = {
        visionImageId: img.visionImageId,
        blobFileName: img.blobFileName,
        thumbnailBlobFileName: img.thumbnailBlobFileName,
        mimeType: 'image/png',
      };
      expect(model.visionImages).toEqual([listed]);
      const conversation = (
        await t.app.inject({ method: 'GET', url: `/api/internal/userConversations/${model.conversationId}`, headers: auth(user.token) })
      ).json<Conversation>();
      expect(conversation.conversationSegmentTree.segments[0]!.visionImages).toEqual([listed]);
    });

    it('gives the model the text of attached files (PDF, DOCX) with the question', async () => {
      const a = (await attach(user.token, multipart(makePdf('The secret word is pelican.'), 'secret.pdf'))).json<Attachment>();
      const docx = await attach(user.token, multipart(await makeDocx('The heron memo.'), 'memo.docx'));
      expect(docx.json<Attachment>()).toMatchObject({
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        hasExtractedText: true,
      });
      const r = await ask({ question: 'What is the secret word?', attachmentIds: [a.attachmentId, docx.json<Attachment>().attachmentId] });
      expect(r.status).toBe(200);
      const content = JSON.stringify(lastUserMessage().content);
      expect(content).toContain('What is the secret word?');
      expect(content).toContain('Attached file \\"secret.pdf\\"');
      expect(content).toContain('The secret word is pelican.');
      expect(content).toContain('Attached file \\"memo.docx\\"');
      expect(content).toContain('The heron memo.');
      const model = dataOf<ResponseModelEvent>(r.events, 'response-model');
      expect(model.question).toBe('What is the secret word?');
      expect(model.attachments[0]).toEqual({
        attachmentId: a.attachmentId,
        attachmentType: 'FileSearch',
        context: 'Conversation',
        originalFileName: 'secret.pdf',
        mimeType: 'application/pdf',
      });
      expect(model.attachments[1]!.originalFileName).toBe('memo.docx');
    });

    it("refuses someone else's or unknown ids with 400 before streaming", async () => {
      const theirs = (await uploadImage(other.token, multipart(await makePng(10, 10), 'theirs.png'))).json<VisionImage>();
      const theirFile = (await attach(other.token, multipart(Buffer.from('private'), 'private.txt'))).json<Attachment>();
      const before = answers().length;
      const r = await ask({ visionImageIds: [theirs.visionImageId], attachmentIds: [randomUUID(), theirFile.attachmentId] });
      expect(r.status).toBe(400);
      expect((r.json as { details: unknown }).details).toEqual([
        { field: 'visionImageIds.0', message: 'Unknown vision image id' },
        { field: 'attachmentIds.0', message: 'Unknown attachment id' },
        { field: 'attachmentIds.1', message: 'Unknown attachment id' },
      ]);
      expect(answers().length).toBe(before);
    });

    it('refuses images for a deployment without vision with a clear 400', async () => {
      const img = (await uploadImage(user.token, multipart(await makePng(10, 10), 'a.png'))).json<VisionImage>();
      const r = await ask({ visionImageIds: [img.visionImageId], answerGenerationOptions: { deploymentIdentifier: 'fake-text' } });
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ code: 'model_cannot_see_images', message: 'Fake Text cannot read images. Remove the images or choose a model that can.' });
    });
  });
});
