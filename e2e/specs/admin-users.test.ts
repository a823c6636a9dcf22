// Administration of people end to end: an admin creates a local user in the UI who then signs in;
// a plain user sees no admin link and is refused the admin pages (redirect) and APIs (403); the
// users, roles and audit pages render (screenshots under e2e/screenshots).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { persistedToken, signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-admin-users-password' };
const newcomer = { email: 'lin.local@example.test', password: 'a long enough passphrase', name: 'Lin Local' };

describe('administration of users', () => {
  const app = useServerAndBrowser({ ADMIN_PASSWORD: admin.password });

  const openAccountMenu = async (page: Page) => {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu', { name: 'Account' }).waitFor();
  };

  it('lets an admin create a local user in the UI, who then signs in', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByTestId('admin-count-users').waitFor();
    expect(await page.getByTestId('admin-count-users').textContent()).toContain('1 user ·');
    await screenshot(page, 'admin-index');

    await page.getByRole('link', { name: 'Create a local user' }).click();
    await page.waitForURL('**/admin/user/new');
    // an email the contract refuses says why, at the field, and nothing is sent
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/internal/admin/users')) posts.push(r.url());
    });
    const email = page.getByLabel('Email address');
    const emailMessage = () =>
      email.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(''),
      );
    await email.fill('lin local@example.test');
    await email.blur();
    expect(await emailMessage()).toBe('An email address has no spaces.');
    await email.fill('lin.local.example.test');
    expect(await emailMessage()).toBe('An email address needs an @ between the name and the domain, like name@example.com.');
    await email.fill('lin@example');
    expect(await emailMessage()).toBe('After the @ comes a domain with a dot, like example.com.');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Display name is required').waitFor();
    await page.getByText('Password must be at least 12 characters long').waitFor();
    await screenshot(page, 'admin-user-new-refused');
    expect(posts).toEqual([]);
    await page.getByLabel('Email address').fill(newcomer.email);
    await page.getByLabel('Display name').fill(newcomer.name);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Create user' }).click();
    // too short: nothing is sent, the field is marked
    expect(await page.getByLabel(/^Password/).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel(/^Password/).fill(newcomer.password);
    await screenshot(page, 'admin-user-new');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL(/\/admin\/user\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('heading', { name: newcomer.name, level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Roles' }).getByText('User', { exact: true }).waitFor();
    await screenshot(page, 'admin-user-edit');

    // the same email again is refused by the server, with its message under the field
    await page.goto(`${app.server.baseUrl}/admin/user/new`);
    await page.getByLabel('Email address').fill(newcomer.email.toUpperCase());
    await page.getByLabel('Display name').fill('Again');
    await page.getByLabel(/^Password/).fill(newcomer.password);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('This email address is already in use').waitFor();

    await page.goto(`${app.server.baseUrl}/admin/user`);
    await page.getByLabel('Filter by email address').fill('lin.local');
    await page.waitForURL(/email=lin\.local/);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByText(newcomer.email).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByText('Active').count()).toBe(1);
    await screenshot(page, 'admin-user-list');
    await page.getByRole('button', { name: 'Card view' }).click();
    await page.waitForURL(/\/admin\/user\/cards\?email=lin\.local/);
    await page.getByText(newcomer.email).waitFor();
    await screenshot(page, 'admin-user-cards');

    await page.goto(`${app.server.baseUrl}/admin/userRole`);
    await page.getByRole('table', { name: 'User Roles' }).getByText('Administrator').click();
    await page.waitForURL(/\/admin\/userRole\/[0-9a-f-]{36}\/edit$/);
    await page.getByText('The Administrator role always holds every action.', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'Users of this role' }).getByText(admin.email).waitFor();
    await screenshot(page, 'admin-user-role-edit');

    await page.goto(`${app.server.baseUrl}/admin/userRole/new`);
    await page.getByLabel(/^Name/).fill('Auditors');
    await page.getByRole('checkbox', { name: /^ConfigurationAuditLogRead/ }).check();
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.waitForURL(/\/admin\/userRole\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('heading', { name: 'Auditors', level: 1 }).waitFor();

    await page.goto(`${app.server.baseUrl}/admin/audit`);
    const log = page.getByRole('table', { name: 'Audit Logs' });
    await log.getByRole('cell', { name: 'UserRole', exact: true }).waitFor();
    await log.getByRole('button', { name: 'Show details' }).nth(1).click();
    await page.getByText(`${newcomer.name} (${newcomer.email})`).waitFor();
    await screenshot(page, 'admin-audit');
    // filter by type: only the role's row is left
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'UserRole', exact: true }).click();
    await page.waitForURL(/type=UserRole/);
    await expect.poll(() => log.getByRole('cell', { name: 'User', exact: true }).count()).toBe(0);
    expect(await log.getByRole('cell', { name: 'UserRole', exact: true }).count()).toBe(1);
    await context.close();

    // the new user signs in with the password the admin chose
    const { context: theirs, page: theirPage } = await openPage(app.browser);
    const token = await signIn(theirPage, app.server.baseUrl, newcomer);
    expect(token).not.toBe('');
    await theirs.close();
  });

  it('shows a plain user no admin link and refuses them the admin pages and APIs', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, newcomer);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/user', '/admin/userRole/new', '/admin/audit']) {
      await page.goto(`${app.server.baseUrl}${path}`);
      await page.waitForURL('**/chat');
    }

    const token = await persistedToken(page);
    for (const path of ['/admin/users', '/admin/userRoles', '/admin/userRoles/userActions', '/admin/audit/configurationChanges']) {
      const res = await fetch(`${app.server.baseUrl}/api/internal${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(403);
    }
    const create = await fetch(`${app.server.baseUrl}/api/internal/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ emailAddress: 'x@example.test', displayName: 'X', password: 'a long enough passphrase' }),
    });
    expect(create.status).toBe(403);
    await context.close();
  });

  it('fits the users list on a phone', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/user`);
    await page.getByRole('table', { name: 'Users' }).getByText(newcomer.email).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-user-list-phone');
    // the new user form's messages fit a phone too
    await page.goto(`${app.server.baseUrl}/admin/user/new`);
    await page.getByLabel('Email address').fill('lin@@example.test');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('An email address has only one @.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-user-new-phone');
    await context.close();
  });
});
