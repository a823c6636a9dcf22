// Visitors' vision images over real HTTP (docs/public-chat.md "Images"): upload on both paths, reading back, another
// session's or endpoint's 404, the upload checks (type, size), an endpoint whose deployment cannot read images, the
// daily cap per session, and the image reaching the model in a visitor's question (and not a foreign one's).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  PublicChatErrorCodes,
  VisitorImagesPerSessionPerDay,
  type Conversation,
  type PublicEndpointConfigurationInput,
  type PublicEndpointDetails,
  type VisionImage,
} from '@atrium/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { baseUrl, dataOf, jsonCaller, postStream, scriptedGateway, ScriptedDeployment } from '../../test/chat-stream.js';
import { makePng, multipart } from '../../test/upload-fixtures.js';
import { visionImages } from '../../db/schema/index.js';
import type { ModelGateway } from '../../ai/model.types.js';
import { visionBlobKey } from '../uploads/uploads.service.js';

const suffix = randomUUID().slice(0, 8);
const MaxBytes = 256 * 1024;

describe('public chat: visitors’ vision images', () => {
  let t: TestApp;
  let base: string;
  let admin: { id: string; token: string };
  let offline: ModelGateway;
  /** a model that reads images, recording what it received */
  let seeing: ReturnType<typeof scriptedGateway>;

  beforeAll(async () => {
    t = await createTestApp({ VISION_IMAGE_MAX_BYTES: String(MaxBytes) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = baseUrl(t);
    admin = await t.createUser({ actions: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite'] });
    offline = t.ctx.models;
    seeing = scriptedGateway(async function* (request) {
      const last = request.messages.at(-1)!;
      yield { type: 'text', text: `images: ${last.role === 'user' ? (last.images?.length ?? 0) : 0}` };
    });
    seeing.resolve = async (name) => ({ ...ScriptedDeployment, name: name ?? ScriptedDeployment.name, vision: true });
  });
  afterEach(() => {
    t.ctx.models = offline;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = jsonCaller(
    () => base,
    () => admin.token,
  );

  async function publish(name: string, over: Partial<PublicEndpointConfigurationInput> = {}) {
    const endpointName = `${name}-${suffix}`;
    const created = await call<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: `Agent ${name}`,
      description: 'Answers visitors',
      config: { systemPrompt: 'You help.', publicEndpointConfiguration: { endpointName, isEnabled: true, allowedOrigins: [], ...over } },
    });
    expect(created.status).toBe(201);
    const pub = await call('PUT', `/admin/gptSystems/${created.body.gptSystemId}/publishing`, { configStateId: created.body.configStateId });
    expect(pub.status).toBe(200);
    return endpointName;
  }

  async function upload(path: string, session: string | null, data: Buffer, fileName = 'photo.png', type = 'image/png') {
    const body = multipart(data, fileName, type);
    const res = await fetch(`${base}/api/internal${path}`, {
      method: 'POST',
      headers: { ...body.headers, ...(session ? { SessionIdentifier: session } : {}) },
      body: new Uint8Array(body.payload),
    });
    return { status: res.status, body: (await res.json()) as VisionImage & { code?: string; details?: { field: string }[] } };
  }

  const read = (path: string, session: string) => fetch(`${base}/api/internal${path}`, { headers: { SessionIdentifier: session } });

  const ask = (endpointName: string, session: string, question: string, visionImageIds: string[]) =>
    postStream(
      base,
      `/public-conversations/${endpointName}`,
      { question, visionImageIds, attachmentIds: [], session: { sessionIdentifier: session } },
      { token: '' },
    );

  it('stores a visitor’s image on both paths, reads it back for that session only, and lists it on the details flag', async () => {
    t.ctx.models = seeing;
    const name = await publish('vision');
    const details = (await (await read(`/public-conversations/${name}/details`, randomUUID())).json()) as PublicEndpointDetails;
    expect(details.acceptsImages).toBe(true);

    const session = randomUUID();
    const png = await makePng(40, 30);
    const first = await upload(`/public-conversations/${name}/visionImages`, session, png);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mimeType: 'image/png', width: 40, height: 30 });
    const older = await upload(`/publicConversations/byGptPublicEndpoint/${name}/visionImages`, session, png, 'other.png');
    expect(older.status).toBe(200);

    // the row belongs to the endpoint and session, not to a user; the blob key is not under a user id
    const [row] = await t.ctx.db.select().from(visionImages).where(eq(visionImages.id, first.body.visionImageId));
    expect(row).toMatchObject({ userId: null, publicEndpointName: name, sessionIdentifier: session });
    const key = visionBlobKey(row!, row!.blobFileName);
    expect(key).toMatch(/^vision-images\/visitors\/[0-9a-f]{64}\//);
    expect(key).not.toContain(session);
    expect(await t.ctx.blobs.get(key)).not.toBeNull();

    for (const path of [`/public-conversations/${name}`, `/publicConversations/byGptPublicEndpoint/${name}`]) {
      const own = await read(`${path}/visionImages/${first.body.visionImageId}/${first.body.blobFileName}/base64`, session);
      expect(own.status).toBe(200);
      const got = (await own.json()) as { base64Content: string; mimeType: string };
      expect(Buffer.from(got.base64Content, 'base64').equals(png)).toBe(true);
      const thumb = await read(`${path}/visionImages/${first.body.visionImageId}/${first.body.thumbnailBlobFileName}/base64`, session);
      expect(thumb.status).toBe(200);
      // another session, or the same session at another endpoint: 404
      expect((await read(`${path}/visionImages/${first.body.visionImageId}/${first.body.blobFileName}/base64`, randomUUID())).status).toBe(404);
    }
    const otherEndpoint = await publish('vision-other');
    expect(
      (await read(`/public-conversations/${otherEndpoint}/visionImages/${first.body.visionImageId}/${first.body.blobFileName}/base64`, session)).status,
    ).toBe(404);
    // a person's token does not make it theirs
    const signedIn = await fetch(`${base}/api/internal/userConversations/visionImages/${first.body.visionImageId}/${first.body.blobFileName}/base64`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(signedIn.status).toBe(404);
  });

  it('refuses what is not an image, a file over the limit, a missing or bad session, and an endpoint whose deployment cannot read images', async () => {
    t.ctx.models = seeing;
    const name = await publish('vision-checks');
    const session = randomUUID();
    const path = `/public-conversations/${name}/visionImages`;
    const text = await upload(path, session, Buffer.from('not an image at all'), 'notes.txt', 'text/plain');
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('unsupported_file_type');
    const big = await upload(path, session, Buffer.concat([await makePng(8, 8), Buffer.alloc(MaxBytes)]));
    expect(big.status).toBe(413);
    expect((await upload(path, null, await makePng(8, 8))).status).toBe(400);
    expect((await upload(path, 'not-a-uuid', await makePng(8, 8))).status).toBe(400);
    const json = await fetch(`${base}/api/internal${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', SessionIdentifier: session },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await t.ctx.db.select().from(visionImages).where(eq(visionImages.publicEndpointName, name))).toEqual([]);

    // the offline model reads no images
    t.ctx.models = offline;
    const blind = await publish('vision-blind');
    const details = (await (await read(`/public-conversations/${blind}/details`, session)).json()) as PublicEndpointDetails;
    expect(details.acceptsImages).toBe(false);
    const refused = await upload(`/public-conversations/${blind}/visionImages`, session, await makePng(8, 8));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(PublicChatErrorCodes.imagesNotAccepted);
    expect(await t.ctx.db.select().from(visionImages).where(eq(visionImages.publicEndpointName, blind))).toEqual([]);
  });

  it(`caps a session at ${VisitorImagesPerSessionPerDay} images a day with 429 and Retry-After`, async () => {
    t.ctx.models = seeing;
    const name = await publish('vision-cap');
    const session = randomUUID();
    const png = await makePng(8, 8);
    for (let i = 0; i < VisitorImagesPerSessionPerDay; i++) expect((await upload(`/public-conversations/${name}/visionImages`, session, png)).status).toBe(200);
    const body = multipart(png, 'one-more.png', 'image/png');
    const over = await fetch(`${base}/api/internal/public-conversations/${name}/visionImages`, {
      method: 'POST',
      headers: { ...body.headers, SessionIdentifier: session },
      body: new Uint8Array(body.payload),
    });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // another session still may
    expect((await upload(`/public-conversations/${name}/visionImages`, randomUUID(), png)).status).toBe(200);
  });

  it('sends the visitor’s own image to the model with the question, and refuses another session’s image with 400', async () => {
    t.ctx.models = seeing;
    const name = await publish('vision-turn');
    const session = randomUUID();
    const png = await makePng(24, 24, '#ff0000');
    const image = (await upload(`/public-conversations/${name}/visionImages`, session, png)).body;

    const before = seeing.requests.length;
    const answered = await ask(name, session, 'What colour is this?', [image.visionImageId]);
    expect(answered.status).toBe(200);
    const sent = seeing.requests.slice(before).find((r) => r.messages.at(-1)?.role === 'user')!;
    const last = sent.messages.at(-1) as { images?: { mimeType: string; base64: string }[] };
    expect(last.images).toEqual([{ mimeType: 'image/png', base64: png.toString('base64') }]);
    const ids = dataOf<{ ConversationId: string }>(answered.events, 'conversation-and-segment-id');

    // the conversation lists the image by name to its visitor
    const conversation = (await (await read(`/public-conversations/${ids.ConversationId}`, session)).json()) as Conversation;
    expect(conversation.conversationSegmentTree.segments[0]!.visionImages).toEqual([
      { visionImageId: image.visionImageId, blobFileName: image.blobFileName, thumbnailBlobFileName: image.thumbnailBlobFileName, mimeType: 'image/png' },
    ]);

    // another session's image, a person's image, or files: 400, nothing asked
    const count = seeing.requests.length;
    const foreign = await ask(name, randomUUID(), 'And this?', [image.visionImageId]);
    expect(foreign.status).toBe(400);
    expect((foreign.json as { details: { field: string }[] }).details).toEqual([expect.objectContaining({ field: 'visionImageIds.0' })]);
    const files = await postStream(
      base,
      `/public-conversations/${name}`,
      { question: 'Files?', visionImageIds: [], attachmentIds: [randomUUID()], session: { sessionIdentifier: session } },
      { token: '' },
    );
    expect(files.status).toBe(400);
    expect(seeing.requests.length).toBe(count);
  });
});
