// A first-time administrator on /admin: the first-run checklist (connect a model, set the brand, choose
// how people sign in, first agent) with a link to each place, ticked off as each is done and gone once all
// are; and nothing linked that does not work: the areas with screens (Dashboard, File Libraries, Moderation and
// Performance Tests) are linked and open, no "Coming next" placeholder is, and the agent editor's Data sources step
// asks for no raw id while no file library exists.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-first-run-password-1' };

const checklist = (page: Page) => page.getByRole('region', { name: 'Get started' });
const stepTitles = (page: Page) => checklist(page).getByRole('listitem').allTextContents();

describe('the first run of the admin area', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('lists the first steps with links, ticks them off as they are done, and hides once all are', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const api = (method: string, path: string, body?: unknown) => callApi(app.server, token, method, path, body);
    await page.goto(`${app.server.baseUrl}/admin`);
    await checklist(page).waitFor();
    await checklist(page).getByText('0 of 4 done').waitFor();
    expect(await stepTitles(page)).toEqual([
      expect.stringContaining('Connect a model'),
      expect.stringContaining('Set the brand'),
      expect.stringContaining('Choose how people sign in'),
      expect.stringContaining('Create your first agent'),
    ]);
    const links = checklist(page).getByRole('link');
    expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, new URL((a as HTMLAnchorElement).href).pathname]))).toEqual([
      ['Connect a model', '/admin/models'],
      ['Open brands', '/admin/brand'],
      ['Create a local account', '/admin/user/new'],
      ['New agent', '/admin/gptsystem/new'],
    ]);
    await screenshot(page, 'first-run-checklist-desktop');
    await checklist(page).getByRole('link', { name: 'Connect a model' }).click();
    await page.waitForURL('**/admin/models');

    // a connection with a chat deployment: the first step is done
    const connection = await api('POST', '/admin/connections', {
      name: 'Lab',
      providerType: 'OpenAICompatible',
      endpoint: 'http://127.0.0.1:9/v1',
      deployments: [{ name: 'lab-model', model: 'lab-model' }],
    });
    expect(connection.status).toBe(201);
    await page.goto(`${app.server.baseUrl}/admin`);
    await checklist(page).getByText('1 of 4 done').waitFor();
    expect(await checklist(page).getByTestId('first-run-connectModel').getByRole('link').count()).toBe(0);
    await checklist(page).getByTestId('first-run-connectModel').getByLabel('Done').waitFor();

    // the brand, a local account, a new agent: every step done, the checklist goes
    expect((await api('PUT', '/admin/brands/default', { name: 'Northwind' })).status).toBe(200);
    expect((await api('POST', '/admin/users', { emailAddress: 'ada@example.test', displayName: 'Ada', password: 'a long and varied passphrase' })).status).toBe(
      201,
    );
    await page.goto(`${app.server.baseUrl}/admin`);
    await checklist(page).getByText('3 of 4 done').waitFor();
    expect((await api('POST', '/admin/gptSystems', { name: 'Campus guide' })).status).toBe(201);
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Shortcuts' }).waitFor();
    expect(await checklist(page).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('links no area without screens, and links those with screens', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin`);
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Connections' }).waitFor();
    const sidebar = await page.getByRole('list', { name: 'Manage Agents' }).textContent();
    expect(sidebar).toContain('Agents');
    expect(sidebar).toContain('Dashboard');
    expect(sidebar).toContain('File Libraries');
    expect(sidebar).toContain('Moderation');
    expect(sidebar).toContain('Performance Tests');
    expect(await page.getByText('Coming next').count()).toBe(0);
    await screenshot(page, 'admin-index-desktop');
    await nav.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(/\/admin\/moderation$/);
    await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toContain('Admin: Moderation');
    await nav.getByRole('link', { name: 'Performance Tests' }).click();
    await page.waitForURL(/\/admin\/performanceTests$/);
    await page.getByRole('heading', { name: 'Performance Tests', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toContain('Admin: Performance Tests');
    expect(errors).toEqual([]);
  });

  it('offers no raw id field for an agent’s data source while no file library exists', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const agents = (await (await callApi(app.server, token, 'GET', '/admin/gptSystems/system')).json()) as { items: { gptSystemId: string; name: string }[] };
    const seeded = agents.items.find((a) => a.name === 'Atrium Assistant')!;
    // /edit/true opens the editor at its Data sources step: with no library yet, it says how to get one
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${seeded.gptSystemId}/edit/true`);
    await page.getByRole('tab', { name: 'Data sources', selected: true }).waitFor();
    await page.getByText('No file libraries yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Create a file library' }).waitFor();
    expect(await page.getByRole('textbox', { name: /data source id/i }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const { page, errors } = await openPage(app.browser, { width: 390, height: 844 });
    const token = await signIn(page, app.server.baseUrl, admin);
    // undo one step so that the checklist shows again: delete the connection
    const list = (await (await callApi(app.server, token, 'GET', '/admin/connections')).json()) as { items: { connectionId: string }[] };
    for (const c of list.items) expect((await callApi(app.server, token, 'DELETE', `/admin/connections/${c.connectionId}`)).status).toBe(204);
    await page.goto(`${app.server.baseUrl}/admin`);
    await checklist(page).getByText('3 of 4 done').waitFor();
    await screenshot(page, 'first-run-checklist-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(errors).toEqual([]);
  });
});
