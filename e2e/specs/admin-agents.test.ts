// An administrator creates an agent with a system prompt in the admin pages, previews and publishes
// it, rolls back once; a plain user finds it on Discover, pins it and chats with it. A fake
// OpenAI-compatible model records what it was sent, so the system prompt is seen reaching the model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
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
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

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
});
