// A person quick-creates a personal agent from the chat sidebar (popover, docs/product.md §5 messages, identicon),
// edits it on the Edit Personal Agent page, previews it, publishes it and chats with it. A fake
// OpenAI-compatible model shows which system prompt each answer was given (draft vs published). The editor checks
// its fields before sending, says at the sharing field why an address is refused, offers the capabilities with the
// server's reasons, and keeps "Create Agent Failure!" for a create that failed (issue 23).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { descriptionOf, openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { persistedToken, signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-personal-password-1' };
const person = { email: 'pia@example.test', password: 'e2e-person-password-1' };
const systemOf = (body: Record<string, unknown>) =>
  String(((body.messages as { role: string; content: unknown }[] | undefined) ?? []).find((m) => m.role === 'system')?.content ?? '');

describe('personal agents', () => {
  let model: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const system = systemOf(request.body);
        if (JSON.stringify(request.body).includes('short title for a conversation')) return { chunks: ['Plants'] };
        if (system.includes('gardening coach')) return { chunks: ['Gardening coach:', ' water weekly.'] };
        if (system.includes('botanist')) return { chunks: ['Botanist:', ' prune in spring.'] };
        return { chunks: ['Plain model.'] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  it('quick-creates, edits, previews, publishes and chats with a personal agent', async () => {
    const { page: adminPage } = await openPage(app.browser);
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    const created = await fetch(`${app.server.baseUrl}/api/internal/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: person.email, displayName: 'Pia Person', password: person.password }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, person);
    const sidebar = page.getByRole('navigation', { name: 'Chat navigation' });
    await sidebar.getByRole('tab', { name: 'Agents' }).click();
    await sidebar.getByRole('button', { name: 'Create a Personal Agent' }).click();

    // the quick-create popover: 480 px wide, docs/product.md §5's messages, an identicon
    const popover = page.getByRole('presentation').locator('.MuiPopover-paper');
    await popover.getByRole('textbox', { name: 'Agent name' }).waitFor();
    // (polled: the popover grows in, and its box is scaled until the transition ends)
    await expect.poll(async () => (await popover.boundingBox())?.width).toBe(480);
    await popover.getByRole('button', { name: 'Create' }).click();
    await popover.getByText('Name is required').waitFor();
    await popover.getByRole('textbox', { name: 'Agent name' }).fill('x'.repeat(151));
    await popover.getByText('Name exceeds the maximum limit of 150 characters').waitFor();
    await popover.getByRole('textbox', { name: 'Description' }).fill('d'.repeat(501));
    await popover.getByText('Description exceeds the maximum limit of 500 characters').waitFor();
    await popover.getByRole('textbox', { name: 'Agent name' }).fill('Garden Helper');
    await popover.getByRole('textbox', { name: 'Description' }).fill('Helps with my plants');
    await popover.getByRole('img', { name: 'Generated avatar' }).waitFor();
    await screenshot(page, 'personal-agent-quick-create');
    await popover.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/chat\/agents\/configstate\/[0-9a-f-]{36}\/edit$/);
    const configStateId = /configstate\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
    await expect.poll(() => popover.isVisible()).toBe(false);

    // the edit page: the draft, its avatar, a preview answered with the draft
    await page.getByRole('heading', { name: 'Edit Personal Agent' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Garden Helper');
    const avatar = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/internal/configStates/${id}/avatar`, {
            headers: { authorization: `Bearer ${JSON.parse(JSON.parse(localStorage.getItem('persist:auth') ?? '{}').n1aiToken ?? '""')}` },
          })
        ).headers.get('content-type'),
      configStateId,
    );
    expect(avatar).toBe('image/svg+xml');
    await page.getByRole('textbox', { name: 'System prompt' }).fill('You are a gardening coach for {{userName}}.');
    await page.getByRole('textbox', { name: 'Ask the draft agent' }).fill('How often should I water?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('preview-answer').first().textContent(), { timeout: 15_000 }).toContain('Gardening coach: water weekly.');
    expect(systemOf(model.requests.at(-1)!.body)).toContain('You are a gardening coach for Pia Person.');
    await screenshot(page, 'personal-agent-edit');

    // publish, then chat with it
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published version 1').waitFor();
    await page.getByText('Published (version 1)').waitFor();

    // a later draft change shows in the preview only, until published
    await page.getByRole('textbox', { name: 'System prompt' }).fill('You are a botanist.');
    await page.getByRole('button', { name: 'New preview' }).click();
    await page.getByRole('textbox', { name: 'Ask the draft agent' }).fill('When to prune?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('preview-answer').first().textContent(), { timeout: 15_000 }).toContain('Botanist: prune in spring.');

    await page.getByRole('link', { name: 'Chat with it' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello garden helper');
    await box.press('Enter');
    await expect.poll(() => page.getByRole('article').first().textContent(), { timeout: 15_000 }).toContain('Gardening coach: water weekly.');
    await screenshot(page, 'personal-agent-chat');

    // the previews are not in the person's conversation list; the real chat is
    const token = await persistedToken(page);
    const list = (await (
      await fetch(`${app.server.baseUrl}/api/internal/userConversations?pageSize=50`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { title: string }[] };
    expect(list.items).toHaveLength(1);
    expect(['Plants', 'Hello garden helper']).toContain(list.items[0]!.title);
    // the edit page on a 390 px phone: one column, nothing wider than the screen
    const { page: phone } = await openPage(app.browser, { width: 390, height: 844, errors });
    await signIn(phone, app.server.baseUrl, person);
    await phone.goto(`${app.server.baseUrl}/chat/agents/configstate/${configStateId}/edit`);
    await phone.getByRole('textbox', { name: 'System prompt' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'personal-agent-edit-390');
    expect(errors).toEqual([]);
  });

  /** The changes the page sends from now on (saves, creates, publishing, sharing). */
  const recordChanges = (page: Page) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/internal/') && !r.url().includes('/conversations'))
        sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    return sent;
  };

  it('checks a draft before sending, says at the sharing field why an address is refused, and keeps Create Agent Failure! for a failed create', async () => {
    const { page: adminPage } = await openPage(app.browser);
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    const asAdmin = (method: string, path: string, body: unknown) =>
      fetch(`${app.server.baseUrl}/api/internal${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const pat = { email: 'pat@example.test', password: 'e2e-person-password-2' };
    expect((await asAdmin('POST', '/admin/users', { emailAddress: pat.email, displayName: 'Pat Person', password: pat.password })).status).toBe(201);

    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, pat);
    const asPat = async (method: string, path: string, body: unknown) =>
      (
        await fetch(`${app.server.baseUrl}/api/internal${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ configStateId: string }>;
    const { configStateId } = await asPat('POST', '/configStates/byGptSystemType/User', {});
    await asPat('PUT', `/configStates/${configStateId}`, { gptSystemName: 'Weather Friend', systemPrompt: 'You are a weather friend.' });
    const sent = recordChanges(page);
    await page.goto(`${app.server.baseUrl}/chat/agents/configstate/${configStateId}/edit`);

    // numbers the contract refuses: said at the field, and Publish sends nothing
    const temperature = page.getByRole('spinbutton', { name: 'Temperature' });
    const topP = page.getByRole('spinbutton', { name: 'Top P' });
    await temperature.fill('5');
    await topP.fill('1.5');
    expect(await descriptionOf(temperature)).toBe('Temperature must be between 0 and 2');
    expect(await descriptionOf(topP)).toBe('Top P must be between 0 and 1');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await new Promise((r) => setTimeout(r, 500));
    expect(sent).toEqual([]);

    // the capabilities a personal agent can have here, with the server's reasons
    const capabilities = page.getByRole('region', { name: 'Capabilities' });
    const imageCreation = capabilities.getByRole('switch', { name: 'Image creation' });
    expect(await imageCreation.isDisabled()).toBe(true);
    expect(await descriptionOf(imageCreation)).toContain('Image creation needs an image deployment, and this server has none');
    expect(await capabilities.getByRole('switch', { name: 'Web search' }).isDisabled()).toBe(true);
    expect(await descriptionOf(capabilities.getByRole('switch', { name: 'Web search' }))).toBe(
      'Web search needs a search provider: an administrator sets a Brave Search key under Instance settings › API keys, or SEARXNG_URL on the server.',
    );
    // the code interpreter works on every machine (Pyodide from npm, or the host's Python: docs/tools.md)
    expect(await capabilities.getByRole('switch', { name: 'Code interpreter' }).isDisabled()).toBe(false);
    await capabilities.getByText('Vision', { exact: true }).waitFor();
    await screenshot(page, 'personal-agent-validation');

    await temperature.fill('0.3');
    await topP.fill('');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published version 1').waitFor();

    // sharing: an address that is not one is named at the field, nothing is sent, and it is no create failure
    const shareWith = page.getByRole('textbox', { name: 'Share with' });
    const before = sent.length;
    await shareWith.fill('friend@example.test, bob@');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => descriptionOf(shareWith)).toBe('bob@ is not an email address: write each one like name@example.com.');
    expect(await shareWith.getAttribute('aria-invalid')).toBe('true');
    expect(sent.slice(before).filter((s) => s.includes('/sharing'))).toEqual([]);
    expect(await page.getByText('Create Agent Failure!').count()).toBe(0);
    await screenshot(page, 'personal-agent-share-refused');
    await shareWith.fill('friend@example.test');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Sharing updated').waitFor();
    expect(await descriptionOf(shareWith)).toContain('Email addresses of the people who may use this agent');

    // a create that fails (personal agents were turned off meanwhile) is the one "Create Agent Failure!"
    expect((await asAdmin('PUT', '/admin/instanceSettings/gptInstanceSettings', { allowUserCreatedGptSystems: false })).status).toBe(200);
    try {
      const sidebar = page.getByRole('navigation', { name: 'Chat navigation' });
      await sidebar.getByRole('tab', { name: 'Agents' }).click();
      await sidebar.getByRole('button', { name: 'Create a Personal Agent' }).click();
      const popover = page.getByRole('presentation').locator('.MuiPopover-paper');
      await popover.getByRole('textbox', { name: 'Agent name' }).fill('Too Late');
      await popover.getByRole('button', { name: 'Create' }).click();
      await popover.getByText('Create Agent Failure!').waitFor();
      await popover.getByText('Personal agents are turned off on this instance', { exact: false }).waitFor();
      await screenshot(page, 'personal-agent-create-failure');
    } finally {
      expect((await asAdmin('PUT', '/admin/instanceSettings/gptInstanceSettings', { allowUserCreatedGptSystems: true })).status).toBe(200);
    }

    // on a phone: the messages fit
    const { page: phone } = await openPage(app.browser, { width: 390, height: 844, errors });
    await signIn(phone, app.server.baseUrl, pat);
    await phone.goto(`${app.server.baseUrl}/chat/agents/configstate/${configStateId}/edit`);
    await phone.getByRole('spinbutton', { name: 'Max tokens' }).fill('0');
    await phone.getByText('Max tokens must be between 1 and 1,000,000').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'personal-agent-validation-390');
    expect(errors).toEqual([]);
  });
});
