// Answers read aloud, in Chromium: with the Read answers aloud switch on, a streamed answer is read sentence by
// sentence, the first sentence asked for while the answer is still being written; the speaker button reads a finished
// answer and stops it. With a Speech deployment (a fake OpenAI speech server on 127.0.0.1) the audio requests are
// what the test reads; without one the browser's own speechSynthesis speaks, which headless Chromium has no voices
// for: an init script stands in for speechSynthesis.speak and records what it was asked to say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { callApi } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { FakeSpeechKey, startFakeSpeech, type FakeSpeech } from '../../server/src/test/fake-speech.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-read-aloud-password-1' };
const Sentences = ['The first sentence is here.', 'The second sentence follows it.', 'The third sentence is the last one.'];

describe('answers read aloud', () => {
  let model: FakeUpstream;
  let speech: FakeSpeech;

  beforeAll(async () => {
    speech = await startFakeSpeech();
    model = await startFakeOpenAI({
      script: (request) => {
        if (JSON.stringify(request.body).includes('short title for a conversation')) return { chunks: ['Three', ' sentences'] };
        // a slow answer: its first sentence has long ended before the last one comes
        return { chunks: Sentences.map((s) => `${s} `), chunkDelayMs: 1500 };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
    await speech?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'gpt-4o',
  }));

  async function switchReadAloudOn(page: Page, voice?: string): Promise<void> {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await drawer.getByRole('switch', { name: 'Read answers aloud' }).check();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') ?? '')).toContain('"readAloud":true');
    if (voice) {
      // the voices of the Speech deployment, offered only when the server reads
      await drawer.getByRole('combobox', { name: 'Voice' }).click();
      await page.getByRole('option', { name: voice }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') ?? '')).toContain(`"readAloudVoice":"${voice.toLowerCase()}"`);
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await screenshot(page, 'settings-read-aloud');
    } else {
      await drawer.getByText('Your browser reads with its own voice').waitFor();
    }
    await drawer.getByRole('button', { name: 'Close' }).click();
  }

  async function ask(page: Page, question: string): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    await box.fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
  }

  const streaming = (page: Page) => page.getByRole('button', { name: 'Stop', exact: true }).isVisible();

  it('reads a streamed answer sentence by sentence through the Speech deployment, and the speaker button reads and stops', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    const created = await callApi(app.server, token, 'POST', '/admin/connections', {
      name: 'Speech server',
      providerType: 'OpenAI',
      endpoint: speech.baseUrl,
      apiKey: FakeSpeechKey,
      deployments: [{ name: 'fake-tts', displayName: 'Fake TTS', model: 'gpt-4o-mini-tts', kind: 'Speech' }],
    });
    expect(created.status).toBe(201);
    await page.reload();
    await switchReadAloudOn(page, 'Nova');

    await ask(page, 'Say three sentences');
    // the first sentence is asked for while the answer is still being written (the next ones are prepared ahead, so
    // their requests may reach the speech server in any order)
    const inputs = () => speech.requests.map((r) => r.body.input);
    await expect.poll(inputs, { timeout: 15_000 }).toContain(Sentences[0]);
    expect(await streaming(page)).toBe(true);
    expect(speech.requests.find((r) => r.body.input === Sentences[0])!.body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'nova',
      input: Sentences[0],
      response_format: 'mp3',
    });
    await page.getByRole('button', { name: 'Stop reading' }).waitFor();
    await screenshot(page, 'chat-read-aloud-streaming');
    await expect.poll(() => speech.requests.length, { timeout: 20_000 }).toBe(3);
    expect([...inputs()].sort()).toEqual([...Sentences].sort());
    expect(speech.requests.every((r) => r.key === FakeSpeechKey && r.path === '/v1/audio/speech')).toBe(true);

    // the speaker button of the finished answer: each sentence again; its audio comes slowly, so stopping is seen
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 15_000 });
    const readButton = page.getByRole('article').first().getByRole('button', { name: 'Read aloud' });
    await readButton.waitFor({ timeout: 15_000 });
    speech.setChunkDelay(5_000);
    await readButton.click();
    const stopButton = page.getByRole('article').first().getByRole('button', { name: 'Stop reading' });
    await stopButton.waitFor();
    await expect.poll(() => speech.requests.length).toBeGreaterThan(3);
    expect(inputs().slice(3)).toContain(Sentences[0]);
    await screenshot(page, 'chat-read-aloud-button');
    await stopButton.click();
    await readButton.waitFor();
    const afterStop = speech.requests.length;
    // at most the sentences prepared ahead were asked for; nothing more comes after the stop
    expect(afterStop).toBeLessThanOrEqual(6);
    await new Promise((r) => setTimeout(r, 1500));
    expect(speech.requests.length).toBe(afterStop);
    speech.setChunkDelay(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("without a Speech deployment, reads with the browser's own speech synthesis, sentence by sentence as the answer streams", async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    const { items } = (await (await callApi(app.server, token, 'GET', '/admin/connections')).json()) as { items: { connectionId: string; name: string }[] };
    const speechConnection = items.find((c) => c.name === 'Speech server')!;
    expect((await callApi(app.server, token, 'DELETE', `/admin/connections/${speechConnection.connectionId}`)).status).toBe(204);
    await expect
      .poll(async () => ((await (await callApi(app.server, token, 'GET', '/speech/options')).json()) as { engine: string }).engine, { timeout: 10_000 })
      .toBe('Browser');
    const before = speech.requests.length;

    // headless Chromium has no voices: a stand-in for speak() that records the words and ends each after a moment
    await context.addInitScript(() => {
      const spoken: { text: string; at: number; streaming: boolean }[] = [];
      (window as unknown as { spoken: typeof spoken }).spoken = spoken;
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        spoken.push({ text: utterance.text, at: Date.now(), streaming: !!document.querySelector('article[aria-busy="true"]') });
        setTimeout(() => utterance.dispatchEvent(new Event('end')), 200);
      };
      window.speechSynthesis.cancel = () => undefined;
    });
    await page.reload();
    await switchReadAloudOn(page);
    await page
      .getByRole('button', { name: 'New chat' })
      .first()
      .click()
      .catch(() => undefined);
    await ask(page, 'Say it again');
    const spoken = () => page.evaluate(() => (window as unknown as { spoken: { text: string; streaming: boolean }[] }).spoken);
    await expect.poll(async () => (await spoken()).length, { timeout: 20_000 }).toBe(3);
    const said = await spoken();
    expect(said.map((s) => s.text)).toEqual(Sentences);
    // the first sentence was spoken while the answer was still being written
    expect(said[0]!.streaming).toBe(true);
    expect(speech.requests.length).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
