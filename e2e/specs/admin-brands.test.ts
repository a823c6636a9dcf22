// An administrator changes a brand's colours and logo, and the login screen shows them; the instance
// settings page changes the product name, which the login screen shows at once (cache busted).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-admin-password-1' };

/** A solid-colour RGB PNG, so that the test knows exactly what the logo is. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const cssColour = (page: Page, selector: string, property: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);

describe('brand administration in the browser', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it("changes the default brand's colours, login layout and logo; the login screen shows them", async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/brand`);
    const card = page.getByTestId('brand-card-default');
    await card.waitFor();
    await card.getByRole('img', { name: 'Logo of Atrium' }).waitFor();
    await screenshot(page, 'admin-brands-list');

    await card.getByRole('link', { name: 'Edit Atrium' }).click();
    await page.waitForURL('**/admin/brand/default/edit');
    const preview = page.getByTestId('brand-preview');
    await preview.waitFor();
    await page.getByTestId('colour-primary').fill('#c2185b');
    // the preview follows the form before anything is saved
    await expect
      .poll(() =>
        preview
          .getByRole('button', { name: 'Sign in' })
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(194, 24, 91)');
    await page.getByTestId('colour-loginBackground').fill('#004d40');
    await page.getByRole('button', { name: 'Left' }).click();
    await page.getByTestId('upload-logo').setInputFiles({ name: 'campus-logo.png', mimeType: 'image/png', buffer: solidPng(120, 40, [255, 87, 34]) });
    await page.getByText('Logo uploaded').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('group', { name: 'Logo' })
          .getByText(/^logo-[0-9a-f]{8}\.png$/)
          .count(),
      )
      .toBe(1);
    // a file that is not an image is refused by the server, whatever its name says
    await page.getByTestId('upload-avatar').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
    await page.getByText('The image must be one of: PNG, JPG, WEBP, GIF, SVG.').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Brand saved').waitFor();
    await screenshot(page, 'admin-brand-edit');

    // a new visitor's login screen
    const { context: visitor, page: login } = await openPage(app.browser);
    await login.goto(`${app.server.baseUrl}/auth/jwt/login`);
    const signInButton = login.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.waitFor();
    await expect.poll(() => signInButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(194, 24, 91)');
    expect(await cssColour(login, 'main', 'backgroundColor')).toBe('rgb(0, 77, 64)');
    const logo = login.getByRole('img', { name: 'Atrium logo' });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
    expect(await logo.getAttribute('src')).toMatch(/\/api\/internal\/Brands\/default\/logo-[0-9a-f]{8}\.png\?v=/);
    // aligned left: the form box starts near the left edge on a wide screen
    const box = await login.locator('main .MuiPaper-root').first().boundingBox();
    expect(box!.x).toBeLessThan(200);
    // the default brand shows its (shipped) splash image over the background colour
    await expect.poll(() => login.locator('main').getAttribute('data-splash')).toBe('image');
    await screenshot(login, 'login-with-changed-brand');

    // a logo or splash that fails to load falls back to the shipped logo and the background colour (docs/product.md §8)
    await login.route('**/Brands/default/logo-*.png*', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await login.route('**/Brands/default/splash*', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await login.reload();
    await expect.poll(() => login.getByRole('img', { name: 'Atrium logo' }).getAttribute('src')).toBe('/default-logo.svg');
    await expect.poll(() => login.locator('main').getAttribute('data-splash')).toBe('colour');
    expect(await cssColour(login, 'main', 'backgroundColor')).toBe('rgb(0, 77, 64)');
    await screenshot(login, 'login-with-broken-brand-images');
    await visitor.close();
    await context.close();
  });

  it('changes the product name under Instance Settings; the same browser sees it at once despite the 7-day cache', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/instanceSettings`);
    await page.waitForURL('**/admin/instanceSettings/apiKeys');
    await page.getByTestId('api-key-bing').waitFor();
    await page.getByLabel('Bing Search API key').fill('bing-secret-key');
    await page.getByTestId('api-key-bing').getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Bing Search key saved').waitFor();
    await page
      .getByTestId('api-key-bing')
      .getByText(/A key is set/)
      .waitFor();
    expect(await page.content()).not.toContain('bing-secret-key');
    await screenshot(page, 'admin-instance-settings-api-keys');

    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.waitForURL('**/admin/instanceSettings/branding');
    const name = page.getByLabel('Product name');
    await expect.poll(() => name.inputValue()).toBe('Atrium');
    await name.fill('Campus Assistant');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Settings saved').waitFor();
    await expect.poll(() => page.title()).toContain('Campus Assistant');
    await screenshot(page, 'admin-instance-settings-branding');

    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByLabel('Show the footer (Powered by)').waitFor();
    await screenshot(page, 'admin-instance-settings-agents');

    // the login page in the same browser (which holds /InstanceSettings in its HTTP cache) shows the new name
    await page.evaluate(() => localStorage.removeItem('persist:auth'));
    await page.goto(`${app.server.baseUrl}/auth/jwt/login`);
    await page.getByRole('heading', { name: /Campus Assistant/ }).waitFor();
    await context.close();
  });

  it("gives an agent its own brand in the Experience page; the agent's chat wears it, the rest of the app the default", async () => {
    const { context, page } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${app.server.baseUrl}/api/internal${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await api('POST', '/admin/brands', { brandKey: 'clinic', name: 'Clinic', theme: { primary: '#6A1B9A' } })).status).toBeLessThan(300);
    const agents = (await (await api('GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: Array<{ gptSystemId: string; name: string }> };
    const agentId = agents.items.find((a) => a.name === 'Atrium Assistant')!.gptSystemId;
    const themeColour = () => page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));

    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${agentId}/ux`);
    const defaultColour = await themeColour();
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Clinic' }).click();
    await page.getByRole('button', { name: 'Save brand' }).click();
    await page.getByText('Brand saved').waitFor();
    await screenshot(page, 'admin-agent-brand');

    await page.goto(`${app.server.baseUrl}/chat/${agentId}`);
    await expect.poll(themeColour).toBe('#6A1B9A');
    await screenshot(page, 'chat-with-agent-brand');
    await page.goto(`${app.server.baseUrl}/admin`);
    await expect.poll(themeColour).toBe(defaultColour);
    // put the agent back, so that other tests see the default brand
    expect((await api('PUT', `/admin/gptSystems/${agentId}`, { brandKey: 'default' })).status).toBe(200);
    await context.close();
  });

  it('works on a small screen: brand cards, the editor and the settings tabs fit 390 px', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/brand`);
    await page.getByTestId('brand-card-default').waitFor();
    await screenshot(page, 'admin-brands-list-390');
    await page.goto(`${app.server.baseUrl}/admin/brand/new`);
    await page.getByLabel('Brand key').fill('Campus East');
    // typed spaces become dashes and letters lower-case, as keys must be
    await expect.poll(() => page.getByLabel('Brand key').inputValue()).toBe('campus-east');
    await page.locator('input[name="name"]').fill('Campus East');
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.waitForURL('**/admin/brand/campus-east/edit');
    await page.getByRole('group', { name: 'Splash screen background' }).waitFor();
    await screenshot(page, 'admin-brand-edit-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto(`${app.server.baseUrl}/admin/instanceSettings/hipaa`);
    await page.getByText('HIPAA mode is off').waitFor();
    await screenshot(page, 'admin-instance-settings-hipaa-390');
    await context.close();
  });
});
