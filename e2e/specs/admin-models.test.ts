// The first run of a fresh install, on a wide screen and on a phone: the administrator's first question
// gets the offline answer with a link to the models page; there they add an OpenAI-compatible server (a
// fake one on 127.0.0.1), test it, see its models with their kinds, save it with the model the test chose,
// and the next question streams from that model. A plain user's offline answer has no such link. The
// deployment's limits and prices are then set and kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const offline = 'No language model is configured';
const viewports = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Asks the open chat a question and waits until the answer has finished (Send is back). */
async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.waitFor();
  await box.fill(question);
  await box.press('Enter');
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 20_000 });
}

const lastAnswer = (page: Page) => page.getByRole('article').last().textContent();

for (const viewport of viewports) {
  describe(`the first run (${viewport.name}, ${viewport.width}x${viewport.height})`, () => {
    const admin = { email: 'admin@atrium.local', password: `e2e-models-password-${viewport.name}` };
    const plain = { email: 'pat@example.test', password: 'e2e-plain-password-for-models' };
    let model: FakeUpstream;

    beforeAll(async () => {
      model = await startFakeOpenAI({ script: { chunks: ['Hello', ' from', ' the', ' fake', ' model', '.'], chunkDelayMs: 40 } });
    });
    afterAll(async () => {
      await model?.close();
    });
    // a fresh install: no model configured through the environment
    const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }));

    it('connects a model from the offline answer’s link, and the next answer streams from it', async () => {
      const { page, errors } = await openPage(app.browser, { width: viewport.width, height: viewport.height });
      const token = await signIn(page, app.server.baseUrl, admin);
      const shot = (step: string) => screenshot(page, `first-run-${viewport.name}-${step}`);

      // the first question: the offline engine answers, and an administrator is offered the models page
      await ask(page, 'Hello, who are you?');
      await expect.poll(() => lastAnswer(page)).toContain(offline);
      await page.getByText('Answered with Offline (no model configured)').waitFor();
      const connect = page.getByRole('link', { name: 'Connect a model' });
      await connect.waitFor();
      await shot('1-offline-answer');

      // a person who only chats gets the same answer without the link
      const created = await callApi(app.server, token, 'POST', '/admin/users', { emailAddress: plain.email, displayName: 'Pat', password: plain.password });
      expect(created.status).toBe(201);
      const other = await openPage(app.browser, { width: viewport.width, height: viewport.height, errors });
      await signIn(other.page, app.server.baseUrl, plain);
      await ask(other.page, 'Hello?');
      await expect.poll(() => lastAnswer(other.page)).toContain(offline);
      expect(await other.page.getByRole('link', { name: 'Connect a model' }).count()).toBe(0);
      await other.context.close();

      await connect.click();
      await page.waitForURL('**/admin/models');
      await page.getByRole('heading', { name: 'Connections', level: 1 }).waitFor();
      await page.getByText('No model is connected yet').waitFor();
      await shot('2-models-empty');

      // add an OpenAI-compatible server: the presets fill the address, "Other" takes any
      await page.getByRole('link', { name: 'Add connection' }).first().click();
      await page.waitForURL('**/admin/models/new');
      await page.getByRole('radio', { name: /OpenAI-compatible server/ }).check();
      const baseUrl = page.getByRole('textbox', { name: 'Base URL' });
      expect(await baseUrl.inputValue()).toBe('http://localhost:11434/v1');
      await page.getByRole('button', { name: 'LM Studio' }).click();
      expect(await baseUrl.inputValue()).toBe('http://localhost:1234/v1');
      await page.getByRole('button', { name: 'Other', exact: true }).click();
      await baseUrl.fill(model.url);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Fake lab server');

      // the test lists the server's models with their kinds and chooses the first chat model
      await page.getByRole('button', { name: 'Test connection' }).click();
      const result = page.getByTestId('connection-test-result');
      await result.getByText(/Connected in \d+ ms: the server offers 3 models\./).waitFor();
      expect(model.requests.some((r) => r.method === 'GET' && r.path === '/v1/models')).toBe(true);
      const models = result.getByRole('list', { name: 'Models on the server' });
      expect(await models.getByRole('listitem').allTextContents()).toEqual([
        'fake-modelChat',
        'gpt-image-1Image generation',
        'text-embedding-3-smallEmbeddings',
      ]);
      expect(await page.getByRole('checkbox', { name: 'Add fake-model' }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Add gpt-image-1' }).isChecked()).toBe(false);
      expect(await page.getByRole('checkbox', { name: 'Add text-embedding-3-small' }).isChecked()).toBe(false);
      await shot('3-tested');

      await page.getByRole('button', { name: 'Save connection' }).click();
      await page.getByText('Connection saved: fake-model answers from now on').waitFor();
      await page.waitForURL(/\/admin\/models\/[0-9a-f-]{36}$/);
      const deployment = page.getByTestId('deployment-fake-model');
      await deployment.getByText('Default').waitFor();
      await deployment.getByText('Chat', { exact: true }).waitFor();
      await shot('4-connection');

      // the next answer streams from the connected model
      await page.goto(`${app.server.baseUrl}/chat`);
      await ask(page, 'And now?');
      await expect.poll(() => lastAnswer(page)).toContain('Hello from the fake model.');
      expect(model.requests.some((r) => r.method === 'POST' && JSON.stringify(r.body).includes('And now?'))).toBe(true);
      expect(await page.getByRole('link', { name: 'Connect a model' }).count()).toBe(0);
      await page.getByText('Answered with fake-model').waitFor();
      await shot('5-first-answer');
      expect(errors).toEqual([]);
    });

    it('sets a deployment’s limits and prices, and shows the defaults of each kind', async () => {
      const { page, errors } = await openPage(app.browser, { width: viewport.width, height: viewport.height });
      await signIn(page, app.server.baseUrl, admin);
      await page.goto(`${app.server.baseUrl}/admin/models`);
      await page.getByTestId('default-Chat').getByText('fake-model · Fake lab server').waitFor();
      await page.getByTestId('default-ImageGeneration').getByText('None: agents cannot create images').waitFor();
      await page.getByTestId('default-Embedding').getByText('None: file libraries search by full text only').waitFor();
      await page.getByTestId('default-Rerank').getByText('None: passages keep the order the search found them in').waitFor();
      await screenshot(page, `models-${viewport.name}-list`);
      await page.getByRole('link', { name: 'Open Fake lab server' }).click();

      await page.getByRole('button', { name: 'Edit fake-model' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit deployment' });
      await dialog.getByRole('textbox', { name: 'Display name' }).fill('Fake GPT');
      await dialog.getByRole('switch', { name: /Vision/ }).check();
      await dialog.getByRole('textbox', { name: 'Context window (tokens)' }).fill('128000');
      await dialog.getByRole('textbox', { name: 'Output limit (tokens)' }).fill('16384');
      await dialog.getByRole('textbox', { name: 'Input price (USD per 1M tokens)' }).fill('0.15');
      await dialog.getByRole('textbox', { name: 'Output price (USD per 1M tokens)' }).fill('0.1234567');
      await dialog.getByRole('button', { name: 'Save' }).click();
      // the contract's six decimals, told at the field
      await dialog.getByText('Use at most 6 decimals').waitFor();
      await dialog.getByRole('textbox', { name: 'Output price (USD per 1M tokens)' }).fill('0.6');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Deployment saved').waitFor();
      const row = page.getByTestId('deployment-fake-model');
      await row.getByText('Context 128K · Output 16.4K · $0.15 in · $0.60 out per 1M tokens').waitFor();
      await row.getByText('Vision').waitFor();

      // the image model the server offers is added in one step from the test's list
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByRole('button', { name: 'Add gpt-image-1' }).click();
      const add = page.getByRole('dialog', { name: 'Add deployment' });
      expect(await add.getByRole('combobox', { name: 'Kind' }).textContent()).toBe('Image generation');
      await add.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('deployment-gpt-image-1').getByText('Default').waitFor();
      await add.waitFor({ state: 'hidden' });
      await page.waitForTimeout(400); // the backdrop fades out after the dialog
      await screenshot(page, `models-${viewport.name}-deployments`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      expect(errors).toEqual([]);
    });
  });
}
