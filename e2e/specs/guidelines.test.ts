// An administrator writes a guidelines document in the admin pages and attaches it to the seeded
// agent; a plain user is asked to accept it before the first question, once, and then chats.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-guidelines-password-1' };
const plain = { email: 'gina@example.test', password: 'e2e-plain-password-2' };
const offline = 'No language model is configured';

describe('guidelines documents', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('asks a user for consent once, then chats', async () => {
    const { page: adminPage, errors } = await openPage(app.browser);
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    const created = await fetch(`${app.server.baseUrl}/api/internal/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: plain.email, displayName: 'Gina', password: plain.password }),
    });
    expect(created.status).toBe(201);

    // the administrator writes the document and attaches it to the agent
    await adminPage.goto(`${app.server.baseUrl}/admin/guidelines`);
    await adminPage.getByRole('link', { name: 'New document' }).click();
    await adminPage.getByRole('textbox', { name: 'Title' }).fill('Clinic chat rules');
    await adminPage.getByRole('combobox', { name: 'Agents that ask for consent' }).click();
    await adminPage.getByRole('option', { name: 'Atrium Assistant' }).click();
    await adminPage.keyboard.press('Escape');
    await adminPage.getByRole('button', { name: 'Create' }).click();
    await adminPage.waitForURL(/\/admin\/guidelines\/[0-9a-f-]{36}\/edit$/);
    await adminPage.getByRole('button', { name: 'Add section' }).click();
    const section = adminPage.getByRole('region', { name: 'New section' });
    await section.getByRole('textbox', { name: 'Section title' }).fill('Privacy');
    await section.getByRole('textbox', { name: 'Content (Markdown)' }).fill('Never type a **patient name**.\n\n- Use initials\n- Use record numbers');
    await section.getByRole('button', { name: 'Save section' }).click();
    await adminPage.getByRole('region', { name: 'Privacy' }).waitFor();
    await adminPage.getByRole('button', { name: 'Add section' }).click();
    const second = adminPage.getByRole('region', { name: 'New section' });
    await second.getByRole('textbox', { name: 'Section title' }).fill('Accuracy');
    await second.getByRole('textbox', { name: 'Content (Markdown)' }).fill('Answers can be wrong: check them.');
    await second.getByRole('button', { name: 'Save section' }).click();
    await adminPage.getByRole('region', { name: 'Accuracy' }).waitFor();
    // move Accuracy above Privacy
    await adminPage.getByRole('button', { name: 'Move section up: Accuracy' }).click();
    await expect.poll(() => adminPage.getByRole('region').first().getAttribute('aria-label')).toBe('Accuracy');
    await screenshot(adminPage, 'guidelines-edit');
    await adminPage.goto(`${app.server.baseUrl}/admin/guidelines`);
    await adminPage.getByRole('row', { name: /Clinic chat rules/ }).waitFor();
    await screenshot(adminPage, 'guidelines-list');

    // the agent's experience page shows the link, and can change it
    const agents = await fetch(`${app.server.baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, { headers: { authorization: `Bearer ${adminToken}` } });
    const agentId = ((await agents.json()) as { items: Array<{ gptSystemId: string; name: string }> }).items.find(
      (a) => a.name === 'Atrium Assistant',
    )!.gptSystemId;
    const linkOf = async () =>
      (
        (await (
          await fetch(`${app.server.baseUrl}/api/internal/admin/gptSystems/${agentId}/guidelinesDocument`, {
            headers: { authorization: `Bearer ${adminToken}` },
          })
        ).json()) as {
          guidelinesDocument: { documentTitle: string } | null;
        }
      ).guidelinesDocument;
    await adminPage.goto(`${app.server.baseUrl}/admin/gptsystem/${agentId}/ux`);
    const picker = adminPage.getByRole('combobox', { name: 'Guidelines document' });
    await expect.poll(() => picker.textContent()).toBe('Clinic chat rules');
    await picker.click();
    await adminPage.getByRole('option', { name: 'None' }).click();
    await adminPage.getByRole('button', { name: 'Save guidelines' }).click();
    await expect.poll(linkOf).toBeNull();
    await picker.click();
    await adminPage.getByRole('option', { name: 'Clinic chat rules' }).click();
    await adminPage.getByRole('button', { name: 'Save guidelines' }).click();
    await expect.poll(async () => (await linkOf())?.documentTitle).toBe('Clinic chat rules');
    await screenshot(adminPage, 'agent-ux-guidelines');

    // the user is asked before the first question
    const { page } = await openPage(app.browser, { errors });
    await signIn(page, app.server.baseUrl, plain);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Clinic chat rules' });
    await dialog.waitFor();
    expect(await dialog.locator('strong').first().textContent()).toBe('patient name');
    expect(await dialog.getByRole('region').first().getAttribute('aria-label')).toBe('Accuracy');
    await screenshot(page, 'guidelines-consent-dialog');
    // cancelling sends nothing and gives the question back to the box
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => box.inputValue()).toBe('Hello there');
    expect(page.url()).not.toMatch(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await box.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'I accept' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const articles = page.getByRole('article');
    await expect.poll(() => articles.first().textContent()).toContain(offline);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // a follow-up and, after a reload, a new chat go straight through
    await box.fill('And then?');
    await box.press('Enter');
    await expect.poll(() => articles.count()).toBe(2);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await page.goto(`${app.server.baseUrl}/chat`);
    await box.fill('A new chat');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect.poll(() => articles.first().textContent()).toContain(offline);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'guidelines-after-consent');
    expect(errors).toEqual([]);
  });

  it('starts a document from a template, on a phone-sized screen too', async () => {
    const { page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/guidelines/templates`);
    await page.getByText('No templates yet.').waitFor();
    await page.getByRole('link', { name: 'New template' }).click();
    await page.waitForURL('**/admin/guidelines/template/new');
    await page.getByRole('textbox', { name: 'Title' }).fill('Standard terms');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/guidelines\/template\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('button', { name: 'Add section' }).click();
    const section = page.getByRole('region', { name: 'New section' });
    await section.getByRole('textbox', { name: 'Section title' }).fill('Fair use');
    await section.getByRole('textbox', { name: 'Content (Markdown)' }).fill('Use this assistant for work only.');
    await section.getByRole('button', { name: 'Save section' }).click();
    await page.getByRole('region', { name: 'Fair use' }).waitFor();

    await page.goto(`${app.server.baseUrl}/admin/guidelines/templates`);
    await page.getByRole('row', { name: /Standard terms/ }).waitFor();
    await screenshot(page, 'guidelines-templates');
    await page.getByRole('link', { name: 'Use Standard terms' }).click();
    await page.waitForURL(/\/admin\/guidelines\/new\?templateId=/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Library rules');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/guidelines\/[0-9a-f-]{36}\/edit$/);
    // the template's section was copied
    await page.getByRole('region', { name: 'Fair use' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await screenshot(page, 'guidelines-edit-phone');
    expect(errors).toEqual([]);
  });
});
