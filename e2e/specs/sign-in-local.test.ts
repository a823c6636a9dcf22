// A person signs in with the bootstrap administrator's email and password, as after `npm start`.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { claimsOf, persistedToken, submitLogin } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-admin-password-1' };

/** Fills the login form (at `url`, or the page as it is) with the admin's credentials. */
const signIn = (page: Page, url?: string, password = admin.password) => submitLogin(page, { email: admin.email, password }, url);

describe('local sign-in in the browser', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('the bootstrap admin signs in and lands on /chat, and stays signed in after a reload', async () => {
    const { context, page } = await openPage(app.browser);
    await page.goto(app.server.baseUrl);
    await page.waitForURL('**/auth/jwt/login');
    await expect.poll(() => page.title()).toContain('Atrium');
    await screenshot(page, 'login-wide');

    await signIn(page, undefined, 'not the password');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('incorrect');
    expect(page.url()).toContain('/auth/jwt/login');

    await signIn(page);
    await page.waitForURL('**/chat');
    await page.getByRole('navigation', { name: 'Chat navigation' }).waitFor();
    await page.getByRole('button', { name: 'New Chat' }).waitFor();
    await screenshot(page, 'chat-after-sign-in');

    // docs/wire-protocol.md: persist:auth holds n1aiToken as a JSON string
    const token = await persistedToken(page);
    expect(token.split('.')).toHaveLength(3);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ email: admin.email, ip: 'Local', v: '2.2510.3765.0' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(1800);

    await page.reload();
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('remembers the requested path and query, then returns there after sign-in', async () => {
    const { context, page } = await openPage(app.browser);
    await page.goto(`${app.server.baseUrl}/chat/agents?q=math`);
    await page.waitForURL('**/auth/jwt/login**');
    await signIn(page);
    await page.waitForURL('**/chat/agents?q=math');
    await expect.poll(() => page.title()).toContain('Discover Intelligent Agents');
    await context.close();
  });

  it('renews an expired or broken token from the refresh cookie without asking for the password', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, `${app.server.baseUrl}/auth/jwt/login`);
    await page.waitForURL('**/chat');
    // replace the token with one the server refuses, as if it had expired
    await page.evaluate(() => {
      const auth = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
      auth.n1aiToken = JSON.stringify('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl');
      localStorage.setItem('persist:auth', JSON.stringify(auth));
    });
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.waitForURL('**/admin');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:auth') ?? '')).not.toContain('c2lnbmF0dXJl');
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    await screenshot(page, 'admin-index');
    await context.close();
  });

  it('logout ends the session: the refresh cookie no longer signs in', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, `${app.server.baseUrl}/auth/jwt/login`);
    await page.waitForURL('**/chat');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/jwt/login');
    const renewed = await page.evaluate(async () => {
      const res = await fetch('/api/internal/authorization/Local/GenerateToken', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    });
    expect(renewed).toBe(401);
    await page.goto(`${app.server.baseUrl}/chat`);
    await page.waitForURL('**/auth/jwt/login');
    await context.close();
  });

  it('the login screen works on a small screen', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await page.goto(`${app.server.baseUrl}/auth/jwt/login`);
    await page.getByLabel('Email', { exact: true }).waitFor();
    await screenshot(page, 'login-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});
