// A person signs in through a real OpenID provider (oidc-provider on 127.0.0.1) and is provisioned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freePort, startServer, type RunningServer } from '../harness/server.js';
import { launchBrowser, newContext, screenshot } from '../harness/browser.js';
import { claimsOf, persistedToken } from '../harness/session.js';
import { startTestIdp } from '../../server/src/test/oidc-idp.js';

describe('single sign-on in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let idp: Awaited<ReturnType<typeof startTestIdp>>;
  const person = { sub: 'ada', email: 'ada.lovelace@example.edu', name: 'Ada Lovelace', groups: ['grp-math'] };

  beforeAll(async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    idp = await startTestIdp({
      accounts: [person],
      clientId: 'atrium-e2e',
      redirectUris: [`${base}/auth/jwt/login`, `${base}/silent-renew.html`],
      postLogoutRedirectUris: [`${base}/auth/jwt/login`],
    });
    [server, browser] = await Promise.all([
      startServer({ PORT: String(port), OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'atrium-e2e', PUBLIC_URL: base }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
  });

  it('signs in with the identity provider and lands on /chat as the provisioned user', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/auth/jwt/login`);
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name=login]').fill(person.sub);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${server.baseUrl}/chat`, { timeout: 30_000 });
    await page.getByRole('navigation', { name: 'Chat navigation' }).waitFor();
    await screenshot(page, 'chat-after-sso');

    const token = await persistedToken(page);
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ email: person.email, name: person.name, ip: 'EntraId' });

    const me = await page.evaluate(async (t) => {
      const res = await fetch('/api/internal/CurrentUser/UserRolesWithResolvedActions', { headers: { authorization: `Bearer ${t}` } });
      return res.json() as Promise<{ resolvedActions: string[]; directoryGroups: { id: string }[] }>;
    }, token);
    expect(me.resolvedActions).toEqual(['GptSystemsRead']);
    expect(me.directoryGroups.map((g) => g.id)).toEqual(['grp-math']);
    // a plain user sees no admin link and is sent away from /admin
    await page.getByRole('button', { name: 'Account' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL('**/chat');
    await context.close();
  });
});
