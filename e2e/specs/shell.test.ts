// The web shell as a signed-in person meets it: version mismatch handling, settings, about,
// redirects, page titles and the small-screen navigation drawer.
import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { claimsOf, persistedToken, signIn as signInAs } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-shell-password' };

/** Signs in as the admin; on a phone the sidebar starts closed, so its menu button marks arrival. */
async function signIn(page: Page, baseUrl: string, phone = false): Promise<void> {
  await signInAs(page, baseUrl, admin);
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).waitFor();
  else await page.getByRole('navigation', { name: 'Chat navigation' }).waitFor();
}

describe('the web shell', () => {
  const app = useServerAndBrowser({ ADMIN_PASSWORD: admin.password });

  it('renews a token from another build and reloads, then asks to click anywhere to continue', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl);
    const current = claimsOf(await persistedToken(page));
    // a genuine token of this server, but minted by an older build
    const key = createPrivateKey(fs.readFileSync(path.join(app.server.dataDir, 'keys', 'token-signing.pem'), 'utf8'));
    const old = await new SignJWT({ ip: 'Local', email: admin.email, name: String(current.name), v: '2.2500.1000.0' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(String(current.sub))
      .setIssuer('atrium')
      .setAudience('atrium-api')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(key);
    await page.evaluate((t) => {
      const auth = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as Record<string, string>;
      auth.n1aiToken = JSON.stringify(t);
      localStorage.setItem('persist:auth', JSON.stringify(auth));
    }, old);
    await page.reload();
    await page.getByText('Click anywhere to continue').waitFor();
    expect(claimsOf(await persistedToken(page)).v).toBe('2.2510.3765.0');
    await page.getByText('Click anywhere to continue').click();
    await expect.poll(() => page.getByText('Click anywhere to continue').count()).toBe(0);
    await context.close();
  });

  it('settings change contrast and are kept under "settings"; About shows matching versions', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await drawer.getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') ?? '')).toContain('"themeContrast":"bold"');
    await screenshot(page, 'settings-drawer');
    await drawer.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('settings') ?? '')).toContain('"themeContrast":"default"');
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'About' }).click();
    const about = page.getByRole('dialog', { name: 'About' });
    await expect.poll(() => about.getByTestId('api-version').textContent()).toBe('2.2510.3765');
    expect(await about.getByTestId('client-version').textContent()).toBe('2.2510.3765');
    expect(await about.getByLabel(/Version mismatch/).count()).toBe(0);
    await context.close();
  });

  it('redirects unknown paths, keeps page titles and shows the not-found page', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl);
    await page.goto(`${app.server.baseUrl}/no/such/page`);
    await page.waitForURL('**/chat');
    await page.goto(`${app.server.baseUrl}/admin/no-such-area`);
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.title()).toMatch(/ \| Atrium$/);
    await page.goto(`${app.server.baseUrl}/404`);
    await expect.poll(() => page.title()).toMatch(/ \| Atrium$/);
    await context.close();
  });

  it('keeps the chosen sidebar tab when the window crosses the phone breakpoint', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl);
    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByRole('tab', { name: 'Pinned' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Agents' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Pinned' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('on a small screen the chat navigation is a drawer', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, true);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Chat navigation' }).waitFor();
    await page.waitForTimeout(400); // let the drawer finish sliding in before the picture
    await screenshot(page, 'chat-mobile-drawer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await context.close();
  });
});
