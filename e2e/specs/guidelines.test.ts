// An administrator writes a guidelines document in the admin pages and attaches it to the seeded
// agent; a plain user is asked to accept it before the first question, once, and then chats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../harness/server.js';
import { launchBrowser, newContext, screenshot } from '../harness/browser.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-guidelines-password-1' };
const plain = { email: 'gina@example.test', password: 'e2e-plain-password-2' };
const offline = 'No language model is configured';

describe('guidelines documents', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks a user for consent once, then chats', async () => {
    const adminPage = await (await newContext(browser)).newPage();
    const errors: string[] = [];
    adminPage.on('pageerror', (e) => errors.push(e.message));
    const adminToken = await signIn(adminPage, server.baseUrl, admin);
    const created = await fetch(`${server.baseUrl}/api/internal/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: plain.email, displayName: 'Gina', password: plain.password }),
    });
    expect(created.status).toBe(201);

    // the administrator writes the document and attaches it to the agent
    await adminPage.goto(`${server.baseUrl}/admin/guidelines`);
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
    await adminPage.goto(`${server.baseUrl}/admin/guidelines`);
    await adminPage.getByRole('row', { name: /Clinic chat rules/ }).waitFor();
    await screenshot(adminPage, 'guidelines-list');

    // the user is asked before the first question
    const page = await (await newContext(browser)).newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, server.baseUrl, plain);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello there');
    await box.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Clinic chat rules' });
    await dialog.waitFor();
    expect(await dialog.locator('strong').first().textContent()).toBe('patient name');
    expect(await dialog.getByRole('region').first().getAttribute('aria-label')).toBe('Accuracy');
    await screenshot(page, 'guidelines-consent-dialog');
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
    await page.goto(`${server.baseUrl}/chat`);
    await box.fill('A new chat');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect.poll(() => articles.first().textContent()).toContain(offline);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'guidelines-after-consent');
    expect(errors).toEqual([]);
  });
});
