// Moderation end to end: a person flags an answer in the chat (reason and comment in the dialog), an administrator
// sees the open report counted in the sidebar, opens it on /admin/moderation with the reported conversation, and
// resolves it; the count goes and the audit log has both changes. Screenshots on a wide screen and a 390 px phone.
import { describe, expect, it } from 'vitest';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-moderation-password-1' };
const person = { email: `pat-${Date.now()}@example.test`, password: 'a long and varied passphrase', name: 'Pat Person' };
const offline = 'No language model is configured';

describe('moderation reports', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('goes from the flag on an answer to the report resolved on /admin/moderation', async () => {
    // the person, a local account made by the administrator
    const adminSession = await openPage(app.browser, { width: 1400, height: 900 });
    const adminToken = await signIn(adminSession.page, app.server.baseUrl, admin);
    const created = await callApi(app.server, adminToken, 'POST', '/admin/users', {
      emailAddress: person.email,
      displayName: person.name,
      password: person.password,
    });
    expect(created.status).toBe(201);

    // the person asks and flags the answer
    const { page, errors } = await openPage(app.browser, { width: 1280, height: 860 });
    await signIn(page, app.server.baseUrl, person);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me something rude');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const articles = page.getByRole('article');
    await expect.poll(() => articles.first().textContent()).toContain(offline);
    await page.getByRole('button', { name: 'Report answer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this answer' });
    await dialog.waitFor();
    // nothing to send without a reason
    expect(await dialog.getByRole('button', { name: 'Report' }).isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Harmful or dangerous' }).click();
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('This answer should not have been given.');
    await screenshot(page, 'moderation-report-dialog');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await page.getByText('Thanks, the moderators will look at this answer').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // a second report of the same answer while the first is open is refused, and says why
    await page.getByRole('button', { name: 'Report answer' }).click();
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Something else' }).click();
    await dialog.getByRole('button', { name: 'Report' }).click();
    await page.getByText('You have already reported this answer').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);

    // the administrator: one open report in the sidebar, the report on /admin/moderation
    const admin$ = adminSession.page;
    await admin$.goto(`${app.server.baseUrl}/admin`);
    const nav = admin$.getByRole('navigation').first();
    const moderationLink = nav.getByRole('link', { name: 'Moderation, 1 open report' });
    await moderationLink.waitFor();
    expect(await admin$.getByTestId('admin-count-moderation').textContent()).toBe('1 open report');
    await moderationLink.click();
    await admin$.waitForURL(/\/admin\/moderation$/);
    await expect.poll(() => admin$.title()).toContain('Admin: Moderation');
    const table = admin$.getByRole('table', { name: 'Moderation' });
    const row = table.getByRole('row').filter({ hasText: 'Atrium Assistant' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Harmful');
    expect(await row.textContent()).toContain('Tell me something rude');
    expect(await row.textContent()).toContain('Open');
    await row.getByRole('button').first().click();
    const reported = admin$.getByRole('region', { name: 'Reported answer' });
    await reported.waitFor();
    expect(await reported.textContent()).toContain('Tell me something rude');
    expect(await reported.textContent()).toContain(offline);
    await admin$.getByText('This answer should not have been given.').waitFor();
    await admin$.getByRole('button', { name: 'Resolve' }).waitFor();
    // let the row finish opening before the picture
    await admin$.waitForTimeout(400);
    await screenshot(admin$, 'moderation-page-desktop');

    // a small screen shows the same report
    const phone = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(phone.page, app.server.baseUrl, admin);
    await phone.page.goto(`${app.server.baseUrl}/admin/moderation`);
    const phoneRow = phone.page.getByRole('table', { name: 'Moderation' }).getByRole('row').filter({ hasText: 'Atrium Assistant' });
    await phoneRow.waitFor();
    await phoneRow.getByRole('button').first().click();
    await phone.page.getByRole('region', { name: 'Reported answer' }).waitFor();
    await phone.page.getByRole('button', { name: 'Resolve' }).waitFor();
    await phone.page.waitForTimeout(400);
    await screenshot(phone.page, 'moderation-page-phone');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(phone.errors).toEqual([]);

    // resolved with a note: it leaves the open list, the sidebar's count goes, the audit log has it
    await admin$.getByRole('textbox', { name: 'Resolution note (optional)' }).fill('Prompt tightened');
    await admin$.getByRole('button', { name: 'Resolve' }).click();
    await admin$.getByText('Report resolved').waitFor();
    await admin$.getByText('No open reports. Reported answers appear here.').waitFor();
    await nav.getByRole('link', { name: 'Moderation', exact: true }).waitFor();
    await admin$.getByRole('combobox', { name: 'Status' }).click();
    await admin$.getByRole('option', { name: 'Resolved' }).click();
    await table.getByRole('row').filter({ hasText: 'Atrium Assistant' }).getByText('Resolved').waitFor();
    const audit = (await (await callApi(app.server, adminToken, 'GET', '/admin/audit/configurationChanges?type=ModerationReport')).json()) as {
      items: { domainOperation: string; userName: string }[];
    };
    expect(audit.items.map((i) => i.domainOperation)).toEqual(['Resolved', 'Created']);
    expect(adminSession.errors).toEqual([]);
  });

  it('refuses a question an agent’s automatic moderation blocks, set in the agent editor, and reports it', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const agents = (await (await callApi(app.server, token, 'GET', '/admin/gptSystems/system')).json()) as { items: { gptSystemId: string; name: string }[] };
    const agent = agents.items.find((a) => a.name === 'Atrium Assistant')!;
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${agent.gptSystemId}/edit`);
    const moderation = page.getByRole('group', { name: 'Automatic moderation' });
    await moderation.getByRole('textbox', { name: 'Blocked words and patterns' }).fill('exam answers\n/leaked\\s+paper/i');
    await moderation.getByRole('textbox', { name: 'Refusal message' }).fill('That is not something I can help with.');
    await screenshot(page, 'moderation-agent-settings');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText(/Published version/).waitFor();

    await page.goto(`${app.server.baseUrl}/chat/${agent.gptSystemId}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Where can I find the leaked   paper for tomorrow?');
    await box.press('Enter');
    await expect.poll(() => page.getByRole('article').first().textContent()).toContain('That is not something I can help with.');
    expect(await page.getByRole('article').first().textContent()).not.toContain('No language model');

    await page.goto(`${app.server.baseUrl}/admin/moderation`);
    const row = page.getByRole('table', { name: 'Moderation' }).getByRole('row').filter({ hasText: 'leaked' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Automatic');
    await row.getByRole('button').first().click();
    await page.getByText('The question was flagged by pattern "/leaked\\s+paper/i".').waitFor();
    expect(errors).toEqual([]);
  });
});
