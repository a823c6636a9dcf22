// The chat follows the conversation: sending a question scrolls to it and keeps the streaming answer in view;
// scrolling up while it streams stops following (the page stays where the reader put it), and "Jump to
// latest" brings it back to the end, following again. On a wide screen and on a 390 px phone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { openPage } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

/** What the window shows (the harness's screenshots are of the whole page, where a sticky input sits mid-page). */
const windowShot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots', `${name}.png`) });

const admin = { email: 'admin@atrium.local', password: 'e2e-follow-password-1' };

/** A long markdown answer: `count` short paragraphs, one a chunk. */
const paragraphs = (count: number, label: string) => Array.from({ length: count }, (_, i) => `${i === 0 ? '' : '\n\n'}${label} paragraph ${i + 1}.`);

const lastQuestion = (body: Record<string, unknown>) => JSON.stringify(((body.messages ?? []) as { content: unknown }[]).at(-1)?.content ?? '');

/**
 * Where each frame leaves the window, measured as the person sees it: a sample taken in a task of its own can
 * land between a streamed piece's render and the frame in which the page follows it (on a busy machine several
 * pieces). A ResizeObserver created after the page's own runs after it in the same frame (observers are
 * notified in the order they were made), just before the frame is painted.
 */
const watchFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frameSamples: number[] };
    w.frameSamples = [];
    new ResizeObserver(() => w.frameSamples.push(Math.round(document.documentElement.scrollHeight - (window.scrollY + window.innerHeight)))).observe(
      document.body,
    );
  });
/** The frames' distances from the end since the last call. */
const framesSince = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frameSamples: number[] };
    return w.frameSamples.splice(0);
  });

/** How far the window is from the end of the page, and where it is. */
const scrollState = (page: Page) =>
  page.evaluate(() => ({ y: Math.round(window.scrollY), fromEnd: Math.round(document.documentElement.scrollHeight - (window.scrollY + window.innerHeight)) }));

/** Whether the element's box is inside the window. */
const inView = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .last()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });

describe('the chat follows the conversation', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        if (JSON.stringify(request.body).includes('short title for a conversation')) return { chunks: ['Long answers'] };
        // a history long enough to scroll, at once; then answers that stream for about 6 seconds
        if (lastQuestion(request.body).includes('History')) return { chunks: paragraphs(60, 'Earlier') };
        return { chunks: paragraphs(200, 'Streamed'), chunkDelayMs: 30 };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  const ask = async (page: Page, question: string) => {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(question);
    await box.press('Enter');
  };
  /** A wheel over the conversation (the middle of the window: a phone is 390 px wide). */
  const scrollUp = async (page: Page, by: number) => {
    const { width, height } = page.viewportSize() ?? { width: 390, height: 844 };
    await page.mouse.move(width / 2, height / 3);
    await page.mouse.wheel(0, -by);
    await page.waitForTimeout(150);
  };

  for (const size of [
    { name: 'wide', width: 1400, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    it(`follows the answer, stops when the reader scrolls up, and jumps back (${size.name})`, async () => {
      const { context, page, errors } = await openPage(app.browser, { width: size.width, height: size.height });
      await signIn(page, app.server.baseUrl, admin);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();

      // a conversation longer than the window opens, and ends, at its end
      await ask(page, 'History first');
      await page.getByText('Earlier paragraph 60.').waitFor();
      await expect.poll(async () => (await scrollState(page)).fromEnd).toBeLessThanOrEqual(2);
      const jump = page.getByRole('button', { name: 'Jump to latest' });
      expect(await jump.count()).toBe(0);

      // reading the top of it, the way back is offered; the new conversation getting its address meanwhile
      // (just after its answer) leaves the reader there
      await scrollUp(page, 100_000);
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
      await expect.poll(async () => (await scrollState(page)).y).toBe(0);
      await jump.waitFor();

      // sending a question goes to it, and the answer stays in view as it streams
      await ask(page, 'Now stream a long one');
      await page.getByText('Streamed paragraph 3.').waitFor();
      expect(await inView(page, 'Now stream a long one')).toBe(true);
      const stop = page.getByRole('button', { name: 'Stop' });
      await watchFrames(page);
      await page.waitForTimeout(1000);
      const following = await framesSince(page);
      expect(following.length).toBeGreaterThan(5);
      expect(Math.max(...following)).toBeLessThanOrEqual(2);
      expect(await stop.isVisible()).toBe(true);
      expect(await jump.count()).toBe(0);

      // scrolling up while it streams: the page stays where the reader put it as the answer grows below
      await scrollUp(page, 700);
      const reading = await scrollState(page);
      expect(reading.fromEnd).toBeGreaterThan(300);
      await framesSince(page);
      await page.waitForTimeout(800);
      const later = await scrollState(page);
      // every frame meanwhile left the reader where they were, further and further from the growing end
      expect(Math.min(...(await framesSince(page)))).toBeGreaterThan(300);
      expect(Math.abs(later.y - reading.y)).toBeLessThanOrEqual(2);
      expect(later.fromEnd).toBeGreaterThan(reading.fromEnd);
      await jump.waitFor();
      expect(await stop.isVisible()).toBe(true);
      await windowShot(page, `chat-follow-reading-${size.name}`);

      // "Jump to latest" goes back to the end and follows again while the answer still streams
      await jump.click();
      await framesSince(page);
      await page.waitForTimeout(800);
      const followingAgain = await framesSince(page);
      expect(followingAgain.length).toBeGreaterThan(5);
      expect(Math.max(...followingAgain)).toBeLessThanOrEqual(2);
      expect(await stop.isVisible()).toBe(true);
      await jump.waitFor({ state: 'hidden' });

      // to the end of the answer
      await page.getByText('Streamed paragraph 200.').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Send' }).waitFor();
      await expect.poll(async () => (await scrollState(page)).fromEnd).toBeLessThanOrEqual(2);
      await windowShot(page, `chat-follow-end-${size.name}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
