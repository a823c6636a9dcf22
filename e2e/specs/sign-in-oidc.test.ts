// A person signs in through a real OpenID provider (oidc-provider on 127.0.0.1) and is provisioned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { claimsOf, persistedToken } from '../harness/session.js';
import { startTestIdp } from '../../server/src/test/oidc-idp.js';

describe('single sign-on in the browser', () => {
  let port: number;
  let idp: Awaited<ReturnType<typeof startTestIdp>>;
  const person = { sub: 'ada', email: 'ada.lovelace@example.edu', name: 'Ada Lovelace', groups: ['grp-math'] };

  beforeAll(async () => {
    port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    idp = await startTestIdp({
      accounts: [person],
      clientId: 'atrium-e2e',
      redirectUris: [`${base}/auth/jwt/login`, `${base}/silent-renew.html`],
      postLogoutRedirectUris: [`${base}/auth/jwt/login`],
    });
  });
  afterAll(async () => {
    await idp?.close();
  });
  const app = useServerAndBrowser(() => ({
    PORT: String(port),
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: 'atrium-e2e',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  }));

  it('signs in with the identity provider and lands on /chat as the provisioned user', async () => {
    const { context, page } = await openPage(app.browser);
    await page.goto(`${app.server.baseUrl}/auth/jwt/login`);
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name=login]').fill(person.sub);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${app.server.baseUrl}/chat`, { timeout: 30_000 });
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
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.waitForURL('**/chat');
    await context.close();
  });
});
