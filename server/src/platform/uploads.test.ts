// Every upload route refuses an over-limit file with 413 every time, over real HTTP with the clients people
// use: Node's fetch + FormData (as a browser sends) and curl -F. The bug this guards against was
// intermittent (a file cut at the limit was stored with 200), so each route is tried several times, with
// a file one byte over the limit and one well over it, and nothing may be stored. A file of exactly the
// limit is accepted.
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { AgentAvatarMaxBytes, BrandImageMaxBytes, FaviconMaxBytes } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { attachments, brandFiles, gptSystemConfigStates, gptSystems, visionImages } from '../db/schema/index.js';
import { createAgent } from '../modules/agents/agents.test-factory.js';
import { makePng } from '../test/upload-fixtures.js';

const run = promisify(execFile);
const AttachmentMaxBytes = 64 * 1024;
const VisionImageMaxBytes = 128 * 1024;
/** tries per client and size: the truncation was stored 1 to 10 times in 10 */
const Tries = 3;

/** argv: url, method, token, file, content type, file name; prints {status, body} */
const FetchClient = `
import fs from 'node:fs';
const [url, method, token, file, type, name] = process.argv.slice(1);
const form = new FormData();
form.append('file', new Blob([fs.readFileSync(file)], { type }), name);
const res = await fetch(url, { method, headers: { authorization: 'Bearer ' + token }, body: form });
process.stdout.write(JSON.stringify({ status: res.status, body: await res.text() }));
`;

interface Answer {
  status: number;
  body: string;
}

interface Target {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  limit: number;
  /** a file of exactly `size` bytes that the route accepts when it is not too large */
  file: (size: number) => Buffer;
  fileName: string;
  contentType: string;
  /** what the route has stored, to compare before and after */
  stored: () => Promise<unknown>;
}

describe('uploads over the limit', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let agentId: string;
  let configStateId: string;
  let userId: string;
  let png: Buffer;
  const tmp = () => path.join(t.dataDir, 'curl');

  beforeAll(async () => {
    t = await createTestApp({ ATTACHMENT_MAX_BYTES: String(AttachmentMaxBytes), VISION_IMAGE_MAX_BYTES: String(VisionImageMaxBytes) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const user = await t.createUser({
      actions: ['GptSystemsRead', 'GptSystemsWrite', 'BrandsRead', 'BrandsCreate', 'BrandsWrite', 'InstanceSettingsRead', 'InstanceSettingsWrite'],
    });
    token = user.token;
    userId = user.id;
    agentId = (await createAgent(t.ctx.db)).id;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const state = await t.app.inject({ method: 'POST', url: '/api/internal/configStates/byGptSystemType/User', headers, payload: '{}' });
    expect(state.statusCode, state.body).toBe(201);
    configStateId = state.json<{ configStateId: string }>().configStateId;
    const brand = await t.app.inject({
      method: 'POST',
      url: '/api/internal/admin/brands/uploads',
      headers,
      payload: JSON.stringify({ name: 'Uploads', theme: { primary: '#aa0000' }, loginAlignment: 'Left' }),
    });
    expect(brand.statusCode, brand.body).toBe(201);
    png = await makePng(8, 8);
    fs.mkdirSync(tmp(), { recursive: true });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  /** a PNG padded with zeros after its end to exactly `size` bytes (image readers ignore what follows IEND) */
  const paddedPng = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
  const blobCount = () => {
    const dir = path.join(t.dataDir, 'blobs');
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
  };

  const targets: Target[] = [
    {
      name: 'agent avatar',
      method: 'POST',
      url: () => `/api/internal/admin/gptSystems/${agentId}/avatar`,
      limit: AgentAvatarMaxBytes,
      file: paddedPng,
      fileName: 'face.png',
      contentType: 'image/png',
      stored: async () => (await t.ctx.db.select().from(gptSystems).where(eq(gptSystems.id, agentId)))[0]!.avatarBlobKey,
    },
    {
      name: 'personal agent avatar',
      method: 'POST',
      url: () => `/api/internal/configStates/${configStateId}/avatar`,
      limit: AgentAvatarMaxBytes,
      file: paddedPng,
      fileName: 'face.png',
      contentType: 'image/png',
      stored: async () => (await t.ctx.db.select().from(gptSystemConfigStates).where(eq(gptSystemConfigStates.id, configStateId)))[0]!.avatarBlobKey,
    },
    {
      name: 'attachment',
      method: 'POST',
      url: () => '/api/internal/attachments?attachmentType=FileSearch&context=Conversation',
      limit: AttachmentMaxBytes,
      file: (size) => Buffer.alloc(size, 'a'),
      fileName: 'notes.txt',
      contentType: 'text/plain',
      stored: async () => (await t.ctx.db.select({ n: count() }).from(attachments).where(eq(attachments.userId, userId)))[0]!.n,
    },
    {
      name: 'vision image',
      method: 'POST',
      url: () => '/api/internal/userConversations/visionImages',
      limit: VisionImageMaxBytes,
      file: paddedPng,
      fileName: 'chart.png',
      contentType: 'image/png',
      stored: async () => (await t.ctx.db.select({ n: count() }).from(visionImages).where(eq(visionImages.userId, userId)))[0]!.n,
    },
    {
      name: 'brand logo',
      method: 'POST',
      url: () => '/api/internal/admin/brands/uploads/logo',
      limit: BrandImageMaxBytes,
      file: paddedPng,
      fileName: 'logo.png',
      contentType: 'image/png',
      stored: async () => (await t.ctx.db.select({ n: count() }).from(brandFiles))[0]!.n,
    },
    {
      name: 'favicon',
      method: 'PUT',
      url: () => '/api/internal/InstanceSettings/favicons',
      limit: FaviconMaxBytes,
      file: paddedPng,
      fileName: 'favicon.png',
      contentType: 'image/png',
      stored: async () => (await t.app.inject({ method: 'GET', url: '/api/internal/InstanceSettings/favicons/custom' })).json(),
    },
  ];

  /**
   * Node's fetch + FormData in a process of its own, as a real client is: in this process the server would
   * read the client's writes coalesced, and the file's chunks would not reach it as the browser sends them.
   */
  async function viaFetch(target: Target, data: Buffer): Promise<Answer> {
    const file = path.join(tmp(), `fetch-${target.fileName}`);
    fs.writeFileSync(file, data);
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', FetchClient, `${base}${target.url()}`, target.method, token, file, target.contentType, target.fileName],
      {
        maxBuffer: 1024 * 1024,
      },
    );
    return JSON.parse(stdout) as Answer;
  }

  async function viaCurl(target: Target, data: Buffer): Promise<Answer> {
    const file = path.join(tmp(), target.fileName);
    const out = path.join(tmp(), 'answer');
    fs.writeFileSync(file, data);
    const { stdout } = await run('curl', [
      '--silent',
      '--show-error',
      '--max-time',
      '60',
      '--request',
      target.method,
      '--header',
      `authorization: Bearer ${token}`,
      '--form',
      `file=@${file};type=${target.contentType}`,
      '--output',
      out,
      '--write-out',
      '%{http_code}',
      `${base}${target.url()}`,
    ]);
    return { status: Number(stdout), body: fs.readFileSync(out, 'utf8') };
  }

  it('answers a clear 4xx for a missing file, another field name, several files, a JSON body and a malformed one', async () => {
    const url = '/api/internal/userConversations/visionImages';
    const boundary = '----atrium-upload-test';
    const form = (...parts: { field: string; fileName?: string; data: Buffer }[]) => ({
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        ...parts.flatMap((p) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${p.fileName ? `; filename="${p.fileName}"` : ''}\r\n` +
              `${p.fileName ? 'Content-Type: image/png\r\n' : ''}\r\n`,
          ),
          p.data,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    const post = (body: { headers: Record<string, string>; payload: Buffer | string }) => t.app.inject({ method: 'POST', url, ...body });

    const none = await post(form({ field: 'note', data: Buffer.from('hello') }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation_error', message: 'The request holds no file.', details: [{ field: 'file', message: 'Required' }] });

    const wrongName = await post(form({ field: 'image', fileName: 'a.png', data: png }));
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().message).toBe('Send the image in the form field named file (this request has image).');

    for (const count of [2, 3]) {
      const several = await post(form(...Array.from({ length: count }, (_, i) => ({ field: 'file', fileName: `${i}.png`, data: png }))));
      expect(several.statusCode, several.body).toBe(400);
      expect(several.json()).toMatchObject({ code: 'validation_error', message: 'Send one image only.' });
    }

    const json = await post({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"file":"x"}' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'unsupported_media_type', message: 'Send the image as multipart/form-data with a field named file.' });

    const cut = form({ field: 'file', fileName: 'a.png', data: png });
    const malformed = await post({ headers: cut.headers, payload: cut.payload.subarray(0, cut.payload.length - 20) });
    expect(malformed.statusCode, malformed.body).toBe(400);

    const fine = await post(form({ field: 'note', data: Buffer.from('ignored') }, { field: 'file', fileName: 'a.png', data: png }));
    expect(fine.statusCode, fine.body).toBe(200);
  });

  for (const target of targets) {
    it(`refuses an over-limit ${target.name} with 413 every time (fetch and curl), stores nothing, and takes one of exactly the limit`, async () => {
      const storedBefore = await target.stored();
      const blobsBefore = blobCount();
      const failures: string[] = [];
      for (const size of [target.limit + 1, target.limit + 100 * 1024]) {
        const data = target.file(size);
        for (let i = 0; i < Tries; i++) {
          for (const [client, send] of [
            ['fetch', viaFetch],
            ['curl', viaCurl],
          ] as const) {
            const answer = await send(target, data);
            if (answer.status !== 413) failures.push(`${client}, ${size} bytes: ${answer.status} ${answer.body.slice(0, 200)}`);
            else {
              const body = JSON.parse(answer.body) as { code: string; message: string; details: unknown[] };
              expect(body.code).toBe('payload_too_large');
              expect(body.message).toMatch(/larger than the limit of \d/);
              expect(Array.isArray(body.details)).toBe(true);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(await target.stored()).toEqual(storedBefore);
      expect(blobCount()).toBe(blobsBefore);

      const atLimit = target.file(target.limit);
      const viaFetchAnswer = await viaFetch(target, atLimit);
      expect(viaFetchAnswer.status, viaFetchAnswer.body).toBe(200);
      const viaCurlAnswer = await viaCurl(target, atLimit);
      expect(viaCurlAnswer.status, viaCurlAnswer.body).toBe(200);
      expect(await target.stored()).not.toEqual(storedBefore);
    }, 120_000);
  }
});
