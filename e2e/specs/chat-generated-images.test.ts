// A person asks an agent with ImageCreation for a picture and sees it appear in the answer, in
// Chromium, then again after a reload. The chat model and the image model are one fake
// OpenAI-compatible server on 127.0.0.1: the chat model calls create_image, the image model draws a
// real PNG. The administrator sets it up as one would: the image model comes from OPENAI_IMAGE_MODEL
// at first start; tools on the chat deployment and the capability on the agent through the admin API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { apiJson } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-images-password-1' };
const title = 'Lighthouse at dusk';

/** The image is in the answer and the browser decoded it (a broken image has no natural width). */
const imageShown = (page: Page) =>
  page
    .getByRole('article')
    .getByRole('img', { name: title })
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
    .catch(() => false);

describe('images created in the chat', () => {
  let model: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Lighthouse', ' picture'] };
        if (body.includes('"role":"tool"')) return { chunks: ['Here is your lighthouse,', ' painted at dusk.'] };
        if (body.includes('create_image'))
          return { chunks: ['Let me paint that for you.'], toolCall: { name: 'create_image', input: { prompt: 'A lighthouse at dusk, oil painting', title } } };
        return { chunks: ['I cannot paint here.'] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'gpt-4o',
    OPENAI_IMAGE_MODEL: 'fake-image-1',
  }));

  /** Tools on the chat deployment (OpenAI-compatible servers start without) and ImageCreation on the System agent, published. */
  async function enableImageCreation(token: string): Promise<void> {
    const api = apiJson(app.server, token);
    const { items: connections } = await api<{ items: { connectionId: string; deployments: { deploymentId: string; name: string; kind: string }[] }[] }>(
      'GET',
      '/admin/connections',
    );
    const connection = connections[0]!;
    expect(connection.deployments.map((d) => [d.name, d.kind]).sort()).toEqual([
      ['fake-image-1', 'ImageGeneration'],
      ['gpt-4o', 'Chat'],
    ]);
    const chat = connection.deployments.find((d) => d.kind === 'Chat')!;
    await api('PUT', `/admin/connections/${connection.connectionId}/deployments/${chat.deploymentId}`, { tools: true });

    const { items: agents } = await api<{ items: { gptSystemId: string; name: string }[] }>('GET', '/admin/gptSystems');
    const agent = agents.find((a) => a.name === 'Atrium Assistant')!;
    const { configStateId } = await api<{ configStateId: string }>('POST', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    const draft = await api<{ warnings: { property: string }[] }>('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, {
      capabilityTypes: ['ImageCreation'],
    });
    expect(draft.warnings.filter((w) => w.property === 'capabilityTypes')).toEqual([]);
    await api('PUT', `/admin/gptSystems/${agent.gptSystemId}/publishing`, { configStateId });
  }

  it('shows the picture in the answer as it arrives and after a reload', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    await enableImageCreation(token);
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();

    // a slow image model: the step shows while it draws
    model.setImageScript({ delayMs: 1500 });
    await box.fill('Paint me a lighthouse at dusk, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Creating an image').waitFor();
    await screenshot(page, 'chat-generated-image-creating');
    model.setImageScript({});
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const answer = page.getByRole('article').first();
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('painted at dusk.');
    await expect.poll(() => imageShown(page), { timeout: 15_000 }).toBe(true);
    // text, then the picture, then the rest of the answer
    const text = (await answer.textContent()) ?? '';
    expect(text.indexOf('Let me paint that for you.')).toBeLessThan(text.indexOf('Here is your lighthouse'));
    const src = await answer.getByRole('img', { name: title }).getAttribute('src');
    expect(src).toMatch(/^\/api\/internal\/generatedImages\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\/lighthouse-at-dusk-[0-9a-f]{8}\.png$/);
    // at most 512 px wide on a wide screen
    const width = await answer.getByRole('img', { name: title }).evaluate((img) => img.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(100);
    expect(width).toBeLessThanOrEqual(512);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'chat-generated-image');

    // the image loads without the token: anyone without its address cannot
    const direct = await fetch(`${app.server.baseUrl}${src}`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${app.server.baseUrl}${src!.replace(/\/[A-Za-z0-9_-]{22}\//, '/AAAAAAAAAAAAAAAAAAAAAA/')}`)).status).toBe(404);

    // the saved answer keeps the picture
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await expect.poll(() => imageShown(page), { timeout: 15_000 }).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the picture to a phone screen', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 800 });
    await signIn(page, app.server.baseUrl, admin);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await box.fill('Another lighthouse, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => imageShown(page), { timeout: 15_000 }).toBe(true);
    const fits = await page
      .getByRole('article')
      .getByRole('img', { name: title })
      .evaluate((img) => img.getBoundingClientRect().right <= document.documentElement.clientWidth);
    expect(fits).toBe(true);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'chat-generated-image-phone');
    await context.close();
  });
});
