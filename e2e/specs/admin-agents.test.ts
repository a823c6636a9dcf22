// An administrator creates an agent with a system prompt in the admin pages, previews and publishes
// it, rolls back once; a plain user finds it on Discover, pins it and chats with it. A fake
// OpenAI-compatible model records what it was sent, so the system prompt is seen reaching the model.
// The editor checks its fields before sending (issue 23: messages in plain words at the field, the server's
// issues at their fields too), offers the capabilities with the reason when one cannot work here, and the
// seeded System agent is published with version 1 in its history. The publish page sets the agent's public endpoint
// (issue 18): checked in the browser, saved into the draft, in effect once published, with the embed snippet and a preview.
import type { Page } from 'playwright-core';
import { AllowedOriginMessage, PublicEndpointNameMessage } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { descriptionOf, openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-agents-password-1' };
const plain = { email: 'uma@example.test', password: 'e2e-plain-password-2' };
const systemOf = (body: Record<string, unknown>) =>
  ((body.messages as { role: string; content: unknown }[] | undefined) ?? []).find((m) => m.role === 'system')?.content;

describe('admin agents', () => {
  let model: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Library', ' help'] };
        return { chunks: [body.includes('Hoot the librarian') ? 'Hoot here:' : 'Someone else:', ' the library opens at nine.'] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  // fake-image: an image deployment, so that image creation can be offered (the fake model never draws here)
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'fake-gpt',
    OPENAI_IMAGE_MODEL: 'fake-image',
  }));

  const api = (token: string, method: string, path: string, body?: unknown) => callApi(app.server, token, method, path, body);

  it('creates, previews and publishes an agent; a plain user finds it on Discover, pins it and chats with it', async () => {
    const { page, errors } = await openPage(app.browser);
    const adminToken = await signIn(page, app.server.baseUrl, admin);
    expect((await api(adminToken, 'POST', '/admin/users', { emailAddress: plain.email, displayName: 'Uma User', password: plain.password })).status).toBe(201);

    // list -> new -> edit
    await page.goto(`${app.server.baseUrl}/admin/gptsystem`);
    await page.getByRole('heading', { name: 'Agents', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New agent' }).click();
    await page.waitForURL('**/admin/gptsystem/new');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Library Owl');
    await page.getByRole('textbox', { name: 'Description' }).fill('Answers questions about the library');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/gptsystem\/[0-9a-f-]{36}\/edit$/);
    const gptSystemId = /gptsystem\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;

    const prompt = page.getByRole('textbox', { name: 'System prompt' });
    await prompt.waitFor();
    await prompt.fill('You are Hoot the librarian of {{gptSystemName}}. Greet {{userName}}.');
    await page.getByRole('textbox', { name: 'Introduction' }).fill('<p>Ask me about opening hours.</p>');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').waitFor();

    // the preview answers with the draft
    await page.getByRole('textbox', { name: 'Ask the draft agent' }).fill('When do you open?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('preview-answer').first().textContent(), { timeout: 15_000 }).toContain('Hoot here: the library opens at nine.');
    const previewSystem = String(systemOf(model.requests.filter((r) => JSON.stringify(r.body).includes('When do you open?')).at(-1)!.body));
    expect(previewSystem).toContain('You are Hoot the librarian of Library Owl. Greet ');
    expect(previewSystem).not.toContain('{{');
    await screenshot(page, 'admin-agent-edit');

    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Published version 1').waitFor();

    // the publish page: history, publish again, roll back to version 1
    await page.getByRole('tab', { name: 'Publish' }).click();
    await page.waitForURL(`**/admin/gptsystem/${gptSystemId}/publish`);
    await page.getByRole('button', { name: 'Publish latest draft' }).click();
    await page.getByText('Published version 2').waitFor();
    await page.getByRole('row', { name: /v2/ }).getByText('Live').waitFor();
    await page.getByRole('row', { name: /v1/ }).getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();
    await page.getByText('Version 1 is live again').waitFor();
    await page.getByRole('row', { name: /v3/ }).getByText('restores v1').waitFor();
    await screenshot(page, 'admin-agent-publish');

    // experience: a starter prompt
    await page.getByRole('tab', { name: 'Experience' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Opening hours');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('When is the library open?');
    await page.getByRole('button', { name: 'Add prompt' }).click();
    await page.getByText('When is the library open?').waitFor();
    await screenshot(page, 'admin-agent-ux');

    await page.goto(`${app.server.baseUrl}/admin/gptsystem`);
    await page
      .getByRole('row', { name: /Library Owl/ })
      .getByText('v3')
      .waitFor();
    await screenshot(page, 'admin-agents-list');
    expect(errors).toEqual([]);

    // a plain user: Discover, pin, chat
    const { page: userPage } = await openPage(app.browser, { errors });
    await signIn(userPage, app.server.baseUrl, plain);
    await userPage.goto(`${app.server.baseUrl}/chat/agents`);
    await userPage.getByRole('textbox', { name: 'Search agents' }).fill('Owl');
    const card = userPage.getByRole('main').getByRole('listitem').filter({ hasText: 'Library Owl' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Pin Library Owl' }).click();
    await userPage.getByText('Agent pinned').waitFor();
    await screenshot(userPage, 'admin-agent-discover');
    await card.getByRole('link', { name: 'Start a chat with Library Owl' }).click();
    await userPage.waitForURL(`**/chat/${gptSystemId}`);
    await userPage.getByText('Ask me about opening hours.').waitFor();
    const box = userPage.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello owl');
    await box.press('Enter');
    await expect.poll(() => userPage.getByRole('article').first().textContent(), { timeout: 15_000 }).toContain('Hoot here: the library opens at nine.');
    // the title request that follows the answer quotes the question too: keep the answer's requests only
    const asked = model.requests.filter(
      (r) => JSON.stringify(r.body).includes('Hello owl') && !JSON.stringify(r.body).includes('short title for a conversation'),
    );
    expect(systemOf(asked.at(-1)!.body)).toContain('You are Hoot the librarian of Library Owl. Greet Uma User.');
    await screenshot(userPage, 'admin-agent-user-chat');
    const pinned = (await (
      await api(
        await userPage.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:auth') ?? '{}').n1aiToken ?? '""') as string),
        'GET',
        '/CurrentUser/pinnedGptSystems',
      )
    ).json()) as { items: { gptSystemId: string }[] };
    expect(pinned.items.map((a) => a.gptSystemId)).toContain(gptSystemId);
    expect(errors).toEqual([]);
  });

  /** The draft saves the page sends from now on. */
  const recordSaves = (page: Page) => {
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/admin/gptSystems/configurationStates/')) saves.push(r.postData() ?? '');
    });
    return saves;
  };

  it('starts with the seeded System agent published as version 1', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/gptsystem`);
    const row = page.getByRole('row', { name: /Atrium Assistant/ });
    await row.getByText('v1').waitFor();
    await row.getByText('Atrium Assistant', { exact: true }).click();
    await page.getByRole('tab', { name: 'Publish' }).click();
    const v1 = page.getByRole('row', { name: /v1/ });
    await v1.getByText('Live').waitFor();
    await v1.getByText('Atrium (first start)').waitFor();
    expect(await page.getByRole('row', { name: /v2/ }).count()).toBe(0);
    await screenshot(page, 'admin-agent-seeded-history');
    expect(errors).toEqual([]);
  });

  it('checks the fields before sending, puts the server issues at their fields, and offers the capabilities with the reason when one cannot work here', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const created = (await (await api(token, 'POST', '/admin/gptSystems', { gptSystemName: 'Careful Owl', description: 'Checks before it sends' })).json()) as {
      gptSystemId: string;
      configStateId: string;
    };
    // a deployment the server does not know: saved as it is, with the server's error on the draft
    expect((await api(token, 'PUT', `/admin/gptSystems/configurationStates/${created.configStateId}`, { deploymentName: 'retired-model' })).status).toBe(200);
    const saves = recordSaves(page);
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${created.gptSystemId}/edit`);

    // the server's verdict on the stored draft shows at the deployment field, not as a create failure
    const deployment = page.getByRole('combobox', { name: 'Model deployment' });
    await deployment.waitFor();
    await expect.poll(() => descriptionOf(deployment)).toContain('The deployment retired-model does not exist or is disabled.');
    expect(await page.getByText('Create Agent Failure!').count()).toBe(0);

    // out-of-range numbers: said at the field in plain words, and nothing is sent
    const temperature = page.getByRole('spinbutton', { name: 'Temperature' });
    const maxTokens = page.getByRole('spinbutton', { name: 'Max tokens' });
    await temperature.fill('3');
    await maxTokens.fill('2.5');
    expect(await descriptionOf(temperature)).toBe('Temperature must be between 0 and 2');
    expect(await descriptionOf(maxTokens)).toBe('Max tokens must be a whole number');
    expect(await temperature.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await new Promise((r) => setTimeout(r, 500));
    expect(saves).toEqual([]);

    // the capabilities, with the server's reasons
    const capabilities = page.getByRole('region', { name: 'Capabilities' });
    const imageCreation = capabilities.getByRole('switch', { name: 'Image creation' });
    const webSearch = capabilities.getByRole('switch', { name: 'Web search' });
    const codeInterpreter = capabilities.getByRole('switch', { name: 'Code interpreter' });
    const restrict = capabilities.getByRole('switch', { name: 'Answer only from tool results' });
    expect(await imageCreation.isEnabled()).toBe(true);
    expect(await webSearch.isDisabled()).toBe(true);
    expect(await descriptionOf(webSearch)).toBe(
      'Web search needs a search provider: an administrator sets a Brave Search key under Instance settings › API keys, or SEARXNG_URL on the server.',
    );
    // the server has a sandbox engine (Pyodide at least), so the code interpreter can work
    expect(await codeInterpreter.isEnabled()).toBe(true);
    // knowledge (file libraries) works on every server, so answers may be restricted to what it returns
    expect(await restrict.isEnabled()).toBe(true);
    await capabilities.getByText('None of the deployments on this server can see images').waitFor();
    await screenshot(page, 'admin-agent-validation');

    // fix the numbers, pick a deployment that exists, switch image creation on: the draft saves
    await temperature.fill('0.5');
    await maxTokens.fill('500');
    expect(await descriptionOf(temperature)).not.toContain('must be');
    await deployment.click();
    await page.getByRole('option', { name: /^fake-gpt/ }).click();
    expect(await descriptionOf(deployment)).not.toContain('retired-model');
    await imageCreation.check();
    // fake-gpt is OpenAI-compatible and marked as not calling tools: the editor says what that means
    expect(await descriptionOf(imageCreation)).toContain('fake-gpt cannot call tools, so the agent cannot create images with it');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').waitFor();
    expect(saves).toHaveLength(1);
    const draft = (await (await api(token, 'GET', `/admin/gptSystems/configurationStates/${created.configStateId}`)).json()) as {
      temperature: number;
      maxTokens: number;
      deploymentName: string;
      capabilityTypes: string[];
      errors: unknown[];
    };
    expect(draft).toMatchObject({ temperature: 0.5, maxTokens: 500, deploymentName: 'fake-gpt', capabilityTypes: ['ImageCreation'], errors: [] });
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Published version 1').waitFor();
    await screenshot(page, 'admin-agent-capabilities');

    // on a phone: one column, nothing wider than the screen
    const { page: phone } = await openPage(app.browser, { width: 390, height: 844, errors });
    await signIn(phone, app.server.baseUrl, admin);
    await phone.goto(`${app.server.baseUrl}/admin/gptsystem/${created.gptSystemId}/edit`);
    await phone.getByRole('region', { name: 'Capabilities' }).waitFor();
    await phone.getByRole('spinbutton', { name: 'Temperature' }).fill('7');
    await phone.getByText('Temperature must be between 0 and 2').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'admin-agent-validation-390');
    expect(errors).toEqual([]);
  });

  it('sets the public endpoint on the publish page: checked at its fields, saved into the draft, published, with the snippet and a preview', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.baseUrl });
    const token = await signIn(page, app.server.baseUrl, admin);
    const created = (await (await api(token, 'POST', '/admin/gptSystems', { gptSystemName: 'Admissions Owl', description: 'Answers applicants' })).json()) as {
      gptSystemId: string;
      configStateId: string;
    };
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${created.gptSystemId}/publish`);
    const section = page.getByRole('region', { name: 'Public endpoint' });
    await section.getByText('Nothing to preview yet').waitFor();
    await section.getByText('Choose a valid endpoint name to see the snippet and links.').waitFor();
    await screenshot(page, 'admin-agent-public-endpoint-off');

    await section.getByLabel('Give this agent a public endpoint').check();
    const name = section.getByRole('textbox', { name: 'Endpoint name' });
    await name.fill('Admissions Help');
    expect(await descriptionOf(name)).toBe(PublicEndpointNameMessage);
    await name.fill('admissions-help');
    expect(await descriptionOf(name)).not.toBe(PublicEndpointNameMessage);
    // deny by default: an empty list says no website may embed it
    await section.getByText('No website may embed this endpoint').waitFor();
    const origin = section.getByRole('textbox', { name: 'Origin' });
    await origin.fill('https://www.example.edu/admissions');
    await section.getByRole('button', { name: 'Add', exact: true }).click();
    await section.getByText(AllowedOriginMessage).waitFor();
    await origin.fill('https://WWW.Example.edu/');
    await origin.press('Enter');
    await section.getByRole('list', { name: 'Websites that may embed it' }).getByText('https://www.example.edu', { exact: true }).waitFor();
    expect(await section.getByText('No website may embed this endpoint').count()).toBe(0);

    const perVisitor = section.getByRole('spinbutton', { name: 'Questions per visitor per day' });
    expect(await perVisitor.inputValue()).toBe('50');
    await perVisitor.fill('0');
    expect(await descriptionOf(perVisitor)).toBe('Use a whole number from 1 to 100,000');
    await perVisitor.fill('25');
    await section.getByRole('spinbutton', { name: 'Longest question (characters)' }).fill('800');
    await section.getByLabel('Show citations in answers').uncheck();

    const saves = recordSaves(page);
    await section.getByRole('button', { name: 'Save public endpoint' }).click();
    await page.getByText('Public endpoint saved to the draft').waitFor();
    expect(saves).toHaveLength(1);
    const expected = {
      endpointName: 'admissions-help',
      isEnabled: true,
      allowedOrigins: ['https://www.example.edu'],
      questionsPerVisitorPerDay: 25,
      questionsPerEndpointPerDay: 10_000,
      questionsPerAddressPerDay: 500,
      maxQuestionLength: 800,
      maxConcurrentStreams: 20,
      requireGuidelinesConsent: true,
      showCitations: false,
      requireBotCheck: false,
      brandKey: null,
    };
    const draft = (await (await api(token, 'GET', `/admin/gptSystems/configurationStates/${created.configStateId}`)).json()) as Record<string, unknown>;
    expect(draft.publicEndpointConfiguration).toEqual(expected);

    // the snippet and links, and the copy button
    const snippet = `<script src="${app.server.baseUrl}/embed.js" data-endpoint="admissions-help" async></script>`;
    const embed = section.getByRole('region', { name: 'Embed on a website' });
    await embed.getByText(snippet, { exact: true }).waitFor();
    await embed.getByRole('link', { name: `${app.server.baseUrl}/public-chat/admissions-help`, exact: true }).waitFor();
    await embed.getByRole('link', { name: `${app.server.baseUrl}/public-chat/admissions-help/true`, exact: true }).waitFor();
    await embed.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByText('Snippet copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);

    // in effect once published: the preview shows the popup page
    await page.getByRole('button', { name: 'Publish latest draft' }).click();
    await page.getByText('Published version 1').waitFor();
    const preview = section.getByTitle('Live preview of the public chat');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe('/public-chat/admissions-help/true');
    // the popup page in the frame: the endpoint's own pages work here whatever the allowed origins
    await page.frameLocator('iframe[title="Live preview of the public chat"]').getByText('Admissions Owl').first().waitFor();
    const history = (await (await api(token, 'GET', `/admin/gptSystems/${created.gptSystemId}/publishing`)).json()) as {
      items: { isCurrent: boolean; publicEndpointConfiguration?: unknown }[];
    };
    expect(history.items.find((v) => v.isCurrent)?.publicEndpointConfiguration).toEqual(expected);
    await screenshot(page, 'admin-agent-public-endpoint');

    // after a reload the form shows what was saved
    await page.reload();
    await section.getByRole('textbox', { name: 'Endpoint name' }).waitFor();
    expect(await section.getByRole('textbox', { name: 'Endpoint name' }).inputValue()).toBe('admissions-help');
    expect(await section.getByRole('spinbutton', { name: 'Questions per visitor per day' }).inputValue()).toBe('25');
    expect(await section.getByRole('spinbutton', { name: 'Longest question (characters)' }).inputValue()).toBe('800');
    expect(await section.getByLabel('Show citations in answers').isChecked()).toBe(false);
    expect(await section.getByLabel('Enabled', { exact: true }).isChecked()).toBe(true);
    await section.getByRole('list', { name: 'Websites that may embed it' }).getByText('https://www.example.edu', { exact: true }).waitFor();
    expect(await section.getByText('differs from the published one').count()).toBe(0);

    // another agent cannot publish the same name: the refusal shows at the name, and another name publishes
    const other = (await (await api(token, 'POST', '/admin/gptSystems', { gptSystemName: 'Second Owl', description: 'Wants the same name' })).json()) as {
      gptSystemId: string;
      configStateId: string;
    };
    const put = await api(token, 'PUT', `/admin/gptSystems/configurationStates/${other.configStateId}`, {
      publicEndpointConfiguration: { endpointName: 'admissions-help', isEnabled: true },
    });
    expect(put.status).toBe(200);
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${other.gptSystemId}/publish`);
    const otherName = section.getByRole('textbox', { name: 'Endpoint name' });
    await otherName.waitFor();
    await page.getByRole('button', { name: 'Publish latest draft' }).click();
    await expect.poll(() => descriptionOf(otherName)).toContain('This endpoint name is taken');
    expect(await otherName.getAttribute('aria-invalid')).toBe('true');
    await otherName.fill('admissions-help-2');
    expect(await descriptionOf(otherName)).not.toContain('This endpoint name is taken');
    await section.getByRole('button', { name: 'Save public endpoint' }).click();
    await page.getByText('Public endpoint saved to the draft').waitFor();
    await page.getByRole('button', { name: 'Publish latest draft' }).click();
    await page.getByText('Published version 1').waitFor();
    await section.getByTitle('Live preview of the public chat').waitFor();
    await screenshot(page, 'admin-agent-public-endpoint-taken');

    // on a phone: one column, nothing wider than the screen
    const { page: phone } = await openPage(app.browser, { width: 390, height: 844, errors });
    await signIn(phone, app.server.baseUrl, admin);
    await phone.goto(`${app.server.baseUrl}/admin/gptsystem/${created.gptSystemId}/publish`);
    await phone.getByRole('region', { name: 'Embed on a website' }).getByText(snippet, { exact: true }).waitFor();
    await phone.frameLocator('iframe[title="Live preview of the public chat"]').getByText('Admissions Owl').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'admin-agent-public-endpoint-390');
    expect(errors).toEqual([]);
  });
});
