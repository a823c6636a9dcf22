// An administrator restricts the seeded agent to themselves with a chat access policy in the admin
// pages; a plain user then no longer sees it (and is refused it), and sees it again once the policy goes.
import { describe, expect, it } from 'vitest';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-policy-password-1' };
const plain = { email: 'pat@example.test', password: 'e2e-plain-password-1' };

describe('chat access policies', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  const api = (token: string, method: string, path: string, body?: unknown) => callApi(app.server, token, method, path, body);

  it('restricts an agent to the granted people: a plain user no longer sees it', async () => {
    const { page: adminPage, errors } = await openPage(app.browser);
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    expect((await api(adminToken, 'POST', '/admin/users', { emailAddress: plain.email, displayName: 'Pat Plain', password: plain.password })).status).toBe(201);

    const { page: userPage } = await openPage(app.browser);
    const userToken = await signIn(userPage, app.server.baseUrl, plain);
    await userPage.getByRole('textbox', { name: 'Message' }).waitFor();
    const agentsOf = async (token: string) =>
      ((await (await api(token, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: Array<{ name: string }> }).items.map((a) => a.name);
    expect(await agentsOf(userToken)).toEqual(['Atrium Assistant']);

    // the administrator creates the policy in the admin pages
    await adminPage.goto(`${app.server.baseUrl}/admin/chatAccessPolicy`);
    await adminPage.getByText('No chat access policies yet', { exact: false }).waitFor();
    await adminPage.getByRole('link', { name: 'New policy' }).click();
    await adminPage.waitForURL('**/admin/chatAccessPolicy/new');
    await adminPage.getByRole('textbox', { name: 'Name' }).fill('Assistant for administrators');
    await adminPage.getByRole('combobox', { name: 'Agents' }).click();
    await adminPage.getByRole('option', { name: 'Atrium Assistant' }).click();
    await adminPage.getByRole('combobox', { name: 'Users' }).fill('admin');
    await adminPage.getByRole('option', { name: /admin@atrium\.local/ }).click();
    await adminPage.keyboard.press('Escape');
    await screenshot(adminPage, 'access-policy-new');
    await adminPage.getByRole('button', { name: 'Create' }).click();
    await adminPage.waitForURL(/\/admin\/chatAccessPolicy$/);
    const row = adminPage.getByRole('row', { name: /Assistant for administrators/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Atrium Assistant');
    await screenshot(adminPage, 'access-policy-list');

    // the plain user: no agent left, and the API refuses the agent
    expect(await agentsOf(userToken)).toEqual([]);
    expect(await agentsOf(adminToken)).toEqual(['Atrium Assistant']);
    await userPage.goto(`${app.server.baseUrl}/chat`);
    await userPage.getByText("You currently don't have access to any agents.").waitFor();
    await screenshot(userPage, 'access-policy-user-without-agents');

    // editing shows what was saved; deleting opens the agent again
    await row.click();
    await adminPage.waitForURL(/\/admin\/chatAccessPolicy\/[0-9a-f-]{36}\/edit$/);
    await adminPage.getByRole('button', { name: 'Atrium Assistant' }).or(adminPage.getByText('Atrium Assistant')).first().waitFor();
    await screenshot(adminPage, 'access-policy-edit');
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.waitForTimeout(300);
    await screenshot(adminPage, 'access-policy-edit-phone');
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    await adminPage.getByRole('button', { name: 'Delete' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await adminPage.waitForURL(/\/admin\/chatAccessPolicy$/);
    expect(await agentsOf(userToken)).toEqual(['Atrium Assistant']);
    expect(errors).toEqual([]);
  });
});
