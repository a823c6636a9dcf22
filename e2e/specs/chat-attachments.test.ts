// A person adds images and files to a question as a new user would: by the upload button, by
// pasting and by dropping; sees the chips, sends, and finds the thumbnails and file names on the
// question and the answer of a vision model (a fake OpenAI-compatible server on 127.0.0.1 that
// records what it was sent). Refused types are explained; a large upload shows its progress in
// percent and can be cancelled. Screenshots are looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-attachments-password-1' };

const png = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

interface UserContentPart {
  type: string;
  text?: string;
  image_url?: { url: string };
}

/** Puts files on the clipboard of a paste event into the element, or drops them on it, in the page. */
async function sendFiles(page: Page, selector: string, how: 'paste' | 'drop', files: { name: string; type: string; base64: string }[]) {
  await page.evaluate(
    ({ selector, how, files }) => {
      const dt = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      const target = document.querySelector(selector)!;
      if (how === 'paste') {
        target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
      } else {
        target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { selector, how, files },
  );
}

describe('attachments and images in the chat', () => {
  let model: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Colour', ' check'] };
        const images = (body.match(/"type":"image_url"/g) ?? []).length;
        return { chunks: [`I see ${images} image${images === 1 ? '' : 's'}`, body.includes('pelican') ? ' and the file mentions a pelican.' : '.'] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  // gpt-4o is seeded as a vision deployment: the System agent answers with it
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'gpt-4o' }));

  it('attaches by button, paste and drop, sends, and shows the images and files on the question', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();

    const chips = page.locator('[data-tour="chat-input-bar"]').getByRole('list', { name: 'Attached files' }).getByRole('listitem');
    const uploadButton = page.getByRole('button', { name: 'Upload file' });
    await expect.poll(() => uploadButton.isEnabled()).toBe(true);
    expect(await uploadButton.getAttribute('data-tour')).toBe('upload-file');

    // 1. the upload button opens the file picker
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), uploadButton.click()]);
    await chooser.setFiles({ name: 'red.png', mimeType: 'image/png', buffer: await png('#d32f2f') });
    await chips.filter({ hasText: 'red.png' }).waitFor();

    // 2. a screenshot pasted into the message box
    await sendFiles(page, 'textarea[aria-label="Message"]', 'paste', [
      { name: 'image.png', type: 'image/png', base64: (await png('#1976d2')).toString('base64') },
    ]);
    await chips.filter({ hasText: /^pasted-.*\.png$/ }).waitFor();

    // 3. a document dropped on the input
    await sendFiles(page, '[data-tour="chat-input-bar"]', 'drop', [
      { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('Field notes: a pelican was seen at the lake.').toString('base64') },
    ]);
    await chips.filter({ hasText: 'notes.txt' }).waitFor();
    await expect.poll(() => chips.count()).toBe(3);
    // thumbnails arrive once the server made them
    await expect.poll(() => page.locator('[data-tour="chat-input-bar"] img').count()).toBe(2);
    await screenshot(page, 'chat-attachments-chips');

    // a chip can be removed, and a refused type is explained
    await sendFiles(page, '[data-tour="chat-input-bar"]', 'drop', [{ name: 'setup.exe', type: 'application/octet-stream', base64: 'TVqQAAMAAAA=' }]);
    await page.getByText('setup.exe is not a supported file type', { exact: false }).waitFor();
    await page.waitForTimeout(400); // the notice slides in
    await screenshot(page, 'chat-attachments-refused');
    await page.getByRole('button', { name: 'Remove notes.txt' }).click();
    await expect.poll(() => chips.count()).toBe(2);
    await sendFiles(page, '[data-tour="chat-input-bar"]', 'drop', [
      { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('Field notes: a pelican was seen at the lake.').toString('base64') },
    ]);
    await expect.poll(() => chips.count()).toBe(3);

    await box.fill('What colours are these, and what do my notes say?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const articles = page.getByRole('article');
    await expect.poll(() => articles.first().textContent()).toContain('I see 2 images and the file mentions a pelican.');
    // the chips left the input with the question
    await expect.poll(() => chips.count()).toBe(0);

    // the model received both images as image parts and the file's text with the question
    const answers = model.requests.filter((r) => !JSON.stringify(r.body).includes('short title for a conversation'));
    const messages = (answers.at(-1)!.body as { messages: { role: string; content: string | UserContentPart[] }[] }).messages;
    const content = messages.filter((m) => m.role === 'user').at(-1)!.content as UserContentPart[];
    expect(content.filter((p) => p.type === 'image_url').map((p) => p.image_url!.url.slice(0, 22))).toEqual([
      'data:image/png;base64,',
      'data:image/png;base64,',
    ]);
    expect(content[0]!.text).toContain('Attached file "notes.txt"');
    expect(content[0]!.text).toContain('a pelican was seen at the lake');

    // the question shows its thumbnails and its file, also after a reload (read from the server)
    const thumbs = page.getByRole('button', { name: /^View image \d$/ });
    await expect.poll(() => thumbs.count()).toBe(2);
    await page.getByRole('main').getByText('notes.txt').waitFor();
    await screenshot(page, 'chat-attachments-sent');
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^View image \d$/ }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.locator('main img[src^="data:image/webp"]').count(), { timeout: 15_000 }).toBe(2);
    await page.getByRole('main').getByText('notes.txt').waitFor();

    // a thumbnail opens the full image
    await page.getByRole('button', { name: 'View image 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('img[src^="data:image/png"]').waitFor();
    await screenshot(page, 'chat-attachments-image-viewer');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows how much of a large upload has gone out, and cancels an upload by the chip button', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    const chips = page.locator('[data-tour="chat-input-bar"]').getByRole('list', { name: 'Attached files' }).getByRole('listitem');
    const uploadButton = page.getByRole('button', { name: 'Upload file' });
    await expect.poll(() => uploadButton.isEnabled()).toBe(true);
    // a slow uplink (512 kB/s) so that a 2 MB file takes about four seconds to go out
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
    const report = Buffer.from('Field report: a pelican was seen at the lake at dawn.\n'.repeat(40_000));
    const pick = async (name: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), uploadButton.click()]);
      await chooser.setFiles({ name, mimeType: 'text/plain', buffer: report });
      return chips.filter({ hasText: name });
    };
    /** The percentage the chip's progress bar reports, null while there is none. */
    const percentOf = async (name: string) => {
      const now = await page
        .getByRole('progressbar', { name: `Uploading ${name}` })
        .getAttribute('aria-valuenow', { timeout: 200 })
        .catch(() => null);
      return now === null ? null : Number(now);
    };

    const chip = await pick('field-report.txt');
    await expect.poll(() => percentOf('field-report.txt'), { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(20);
    const midway = (await percentOf('field-report.txt'))!;
    expect(midway).toBeLessThan(100);
    // the same figure, for the eye, on the chip
    expect(await chip.textContent()).toMatch(/field-report\.txt\d{1,2}%/);
    await screenshot(page, 'chat-attachments-progress');
    await expect.poll(() => percentOf('field-report.txt'), { timeout: 20_000, interval: 100 }).toBeGreaterThan(midway);
    // done: the chip offers Remove and shows no percentage any more
    await chip.getByRole('button', { name: 'Remove field-report.txt' }).waitFor({ timeout: 30_000 });
    expect(await chip.textContent()).not.toContain('%');

    // the chip's button cancels an upload on its way: the chip goes, and nothing is reported as failed
    const second = await pick('second-report.txt');
    await expect.poll(() => percentOf('second-report.txt'), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    await second.getByRole('button', { name: 'Cancel upload of second-report.txt' }).click();
    await expect.poll(() => second.count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.getByText('Could not upload', { exact: false }).count()).toBe(0);
    await expect.poll(() => chips.count()).toBe(1);

    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the upload controls usable on a phone', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 800 });
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Upload file' }).click()]);
    await chooser.setFiles({ name: 'a-long-file-name-for-a-small-screen.png', mimeType: 'image/png', buffer: await png('#388e3c') });
    await page.getByRole('list', { name: 'Attached files' }).getByRole('listitem').waitFor();
    await expect.poll(() => page.locator('[data-tour="chat-input-bar"] img').count()).toBe(1);
    await screenshot(page, 'chat-attachments-phone');
    // removing the chip empties the list
    await page.getByRole('button', { name: 'Remove a-long-file-name-for-a-small-screen.png' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Attached files' }).count()).toBe(0);
    await context.close();
  });
});
