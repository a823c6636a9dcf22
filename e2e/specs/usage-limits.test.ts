// Usage limits in the browser: the admin limits each person to 100 tokens a day with an agent in its editor, then chats with it (the fake model
// reports 45 tokens an answer): from 80 tokens the threshold message shows as a notice, at the limit the next question
// is refused with the limit-reached message in place of the answer. The admin sees the day's tokens against the limit
// on the Agents list, sets a role's monthly budget on its page and sees the person's month on the Users list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-usage-password-1' };
const threshold = "You're nearing your daily usage limit for this Agent.";
const reached = "You've reached your daily usage limit for this Agent.";

describe('usage limits', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        if (JSON.stringify(request.body).includes('short title for a conversation'))
          return { chunks: ['Limits'], usage: { promptTokens: 0, completionTokens: 0 } };
        return { chunks: ['Counted', ' answer.'], usage: { promptTokens: 40, completionTokens: 5 } };
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

  it('warns from the threshold, refuses at the limit, and shows the usage to the admin', async () => {
    const { page: adminPage } = await openPage(app.browser, { width: 1400, height: 900 });
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    const agents = (await (await callApi(app.server, adminToken, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: { gptSystemId: string }[] };
    const agentId = agents.items[0]!.gptSystemId;

    // the admin limits each person to 100 tokens a day with the agent, in its editor, and publishes
    await adminPage.goto(`${app.server.baseUrl}/admin/gptsystem/${agentId}/edit`);
    const limits = adminPage.getByRole('group', { name: 'Usage limits' });
    await limits.getByLabel('Limit tokens').check();
    await limits.getByLabel('Tokens per person per day').fill('100');
    await screenshot(adminPage, 'usage-limits-agent-editor');
    await adminPage.getByRole('button', { name: 'Save and publish' }).click();
    await adminPage.getByText(/Published version/).waitFor();

    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/chat/${agentId}`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    // 0 and then 45 tokens used: no notice
    await ask(page, 'First question?');
    await page.getByText('Counted answer.').first().waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await ask(page, 'Second question?');
    await expect.poll(() => page.getByText('Counted answer.').count()).toBe(2);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.getByText(threshold).count()).toBe(0);

    // 90 used: past the threshold (80), the answer comes with the notice
    await ask(page, 'Third question?');
    await page.getByRole('alert').filter({ hasText: threshold }).waitFor();
    await expect.poll(() => page.getByText('Counted answer.').count()).toBe(3);
    await screenshot(page, 'usage-limits-threshold');
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // 135 used: refused, the limit's message in place of the answer
    await ask(page, 'Fourth question?');
    await page.getByRole('alert').filter({ hasText: reached }).waitFor();
    expect(await page.getByText('Counted answer.').count()).toBe(3);
    await screenshot(page, 'usage-limits-reached');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);

    // the admin: today's tokens against the agent's limit
    await adminPage.goto(`${app.server.baseUrl}/admin/gptsystem`);
    const row = adminPage.getByRole('row').filter({ hasText: 'Atrium Assistant' });
    await row.getByText('135 · no limit').waitFor();
    await row.getByText('Each person: 100 a day').waitFor();
    await screenshot(adminPage, 'usage-limits-agents');

    // a monthly budget on the admin's role, and the month against it on the Users list
    const roles = (await (await callApi(app.server, adminToken, 'GET', '/admin/userRoles')).json()) as {
      items: { userRoleId: string; builtInKey: string | null }[];
    };
    const administrator = roles.items.find((r) => r.builtInKey === 'Administrator')!;
    await adminPage.goto(`${app.server.baseUrl}/admin/userRole/${administrator.userRoleId}/edit`);
    const budget = adminPage.getByRole('form', { name: 'Monthly token budget' });
    await budget.getByLabel('Tokens per month').fill('150');
    await budget.getByLabel('Soft: warn').check();
    await budget.getByRole('button', { name: 'Set a budget' }).click();
    await adminPage.getByText('Budget saved.').waitFor();
    await budget.getByRole('button', { name: 'Save budget' }).waitFor();
    await screenshot(adminPage, 'usage-limits-role-budget');

    await adminPage.goto(`${app.server.baseUrl}/admin/user`);
    const me = adminPage.getByRole('row').filter({ hasText: admin.email });
    await me.getByText('135 of 150').waitFor();
    await me.getByRole('progressbar', { name: '90% of the limit used' }).waitFor();
    await screenshot(adminPage, 'usage-limits-users');
  });
});
