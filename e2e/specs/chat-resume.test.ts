// Resumable answers in Chromium: the connection drops in the middle of an answer (a proxy between the browser and
// the server cuts every connection and refuses new ones for a moment), or the page is reloaded during it; either way the answer goes on where it was and ends whole, every piece
// once, and is saved as a complete answer.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { persistedToken, signIn } from '../harness/session.js';
import { callApi } from '../harness/server.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-resume-password-1' };
const Pieces = 40;
/**
 * the model's answer: " p0 p1 … p39", a piece every 100 ms (500 ms when asked "very slowly": 20 s, so that a reload
 * during it finds it still written however slow the machine is; 5 ms "quickly")
 */
const pieces = Array.from({ length: Pieces }, (_, i) => ` p${i}`);
const speedOf = (question: string) => (question.includes('very slowly') ? 500 : question.includes('quickly') ? 5 : 100);
const lastQuestion = (body: Record<string, unknown>) => JSON.stringify(((body.messages ?? []) as { content: unknown }[]).at(-1)?.content ?? '');

/** A TCP proxy to `port` that can cut the connections it carries and refuse new ones (the network went away). */
async function startCuttingProxy(port: number) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** cuts every connection and refuses new ones for `ms` */
    async drop(ms: number) {
      refusing = true;
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, ms));
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

describe('resumable answers in the browser', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) =>
        JSON.stringify(request.body).includes('short title for a conversation')
          ? { chunks: ['Counting'] }
          : { chunks: pieces, chunkDelayMs: speedOf(lastQuestion(request.body)) },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'fake-gpt',
  }));

  const ask = async (page: Page, question: string) => {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(question);
    await box.press('Enter');
  };
  /** The last answer on the page, once it shows its last piece; every piece must be there once, in order. */
  const expectWholeAnswer = async (page: Page) => {
    const answer = page.getByRole('article').last();
    await answer.getByText(`p${Pieces - 1}`, { exact: false }).waitFor({ timeout: 30_000 });
    const text = (await answer.textContent()) ?? '';
    const found = [...text.matchAll(/p(\d+)/g)].map((m) => Number(m[1]));
    expect(found).toEqual(pieces.map((_, i) => i));
  };
  /** The conversation's saved answer (what a later visit shows). */
  const savedAnswer = async (page: Page) => {
    const conversationId = new URL(page.url()).pathname.split('/').at(-1)!;
    const token = await persistedToken(page);
    const res = await callApi(app.server, token, 'GET', `/userConversations/${conversationId}`);
    const conversation = (await res.json()) as { conversationSegmentTree: { segments: { status: string; answer: string }[] } };
    return conversation.conversationSegmentTree.segments.at(-1)!;
  };

  it('goes on after the connection dropped in the middle of the answer', async () => {
    const proxy = await startCuttingProxy(Number(new URL(app.server.baseUrl).port));
    const { context, page, errors } = await openPage(app.browser, { width: 1200, height: 900 });
    await signIn(page, proxy.url, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await ask(page, 'Count for me, slowly');
    await page.getByRole('article').last().getByText('p5', { exact: false }).waitFor();
    const reads: string[] = [];
    page.on('request', (r) => void (r.url().includes('/stream') && reads.push(r.headers()['last-event-id'] ?? '')));
    await proxy.drop(1500);
    await expectWholeAnswer(page);
    // the answer was read back from where the dropped request had got to
    expect(reads.length).toBeGreaterThan(0);
    expect(Number(reads.at(-1))).toBeGreaterThan(5);
    await screenshot(page, 'chat-resume-after-drop');
    await expect.poll(async () => (await savedAnswer(page)).status, { timeout: 10_000 }).toBe('Success');
    expect((await savedAnswer(page)).answer).toBe(pieces.join(''));
    expect(errors).toEqual([]);
    await context.close();
    await proxy.close();
  });

  it('shows the answer streaming on after a reload during it', async () => {
    const { context, page } = await openPage(app.browser, { width: 1200, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    // a new conversation has its address once its first answer ended: the answer reloaded during is a follow-up
    await ask(page, 'Count for me quickly');
    await page.waitForURL(/\/chat\/[^/]+\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await ask(page, 'Count for me again, very slowly');
    // an answer's rows are written once it has run for a second (before that, a reload does not find it yet): the
    // reload waits for them (waiting for "p7" on the page found the first answer's p7 at times, and reloaded at once)
    await expect.poll(async () => (await savedAnswer(page)).status, { timeout: 10_000 }).toBe('InProgress');
    const reads: string[] = [];
    page.on('request', (r) => void (r.url().includes('/stream') && reads.push(r.headers()['last-event-id'] ?? '')));
    await page.reload();
    // still being written: the Stop button is there while it streams on
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'chat-resume-after-reload');
    await expectWholeAnswer(page);
    // read back from its first event
    expect(reads).toEqual(['0']);
    await expect.poll(async () => (await savedAnswer(page)).status, { timeout: 10_000 }).toBe('Success');
    expect((await savedAnswer(page)).answer).toBe(pieces.join(''));
    await context.close();
  });
});
