// A right-to-left language end to end: the language kept under i18nextLng (docs/product.md §9) is fetched as
// /locales/<lng>.json when the app starts, keys it lacks fall back to en-US, and an rtl language flips
// the document and the MUI layout. The product ships English only, so the Arabic texts live here.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-i18n-rtl-password' };

// A few texts of /chat; the sign-in form's are left out, so it shows the en-US ones (and the shared
// sign-in helper finds its English labels).
const arabic = {
  common: { openNavigation: 'فتح التنقل' },
  chat: {
    pageTitle: 'الدردشة',
    sidebar: 'تنقل الدردشة',
    tabChats: 'المحادثات',
    tabAgents: 'الوكلاء',
    tabHistory: 'السجل',
    tabArchived: 'المؤرشفة',
    newChat: 'محادثة جديدة',
    searchTitles: 'البحث في العناوين',
  },
};

/** A page whose chosen language is Arabic, answered by the test's own resource. */
async function arabicPage(app: ReturnType<typeof useServerAndBrowser>, size: { width: number; height: number }) {
  const opened = await openPage(app.browser, size);
  const requests: string[] = [];
  await opened.page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
  await opened.page.route('**/locales/ar.json', async (route) => {
    requests.push(new URL(route.request().url()).pathname);
    await route.fulfill({ json: arabic });
  });
  return { ...opened, requests };
}

const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${String(locator)} on ${page.url()}`);
  return b;
};

describe('a right-to-left language', () => {
  const app = useServerAndBrowser({ ADMIN_PASSWORD: admin.password });

  it('is fetched when chosen, falls back to English for missing texts and mirrors the layout', async () => {
    const { context, page, errors, requests } = await arabicPage(app, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    const html = page.locator('html');
    await expect.poll(() => html.getAttribute('dir')).toBe('rtl');
    expect(await html.getAttribute('lang')).toBe('ar');
    expect(requests[0]).toBe('/locales/ar.json');

    // translated texts, and an English one for a key the Arabic file lacks
    const nav = page.getByRole('navigation', { name: 'تنقل الدردشة' });
    await nav.waitFor();
    await nav.getByRole('tab', { name: 'المحادثات' }).waitFor();
    await nav.getByRole('tab', { name: 'السجل' }).waitFor();
    await nav.getByText("You don't have any chats. Start a new conversation to see it here.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    // mirrored: the sidebar is on the right of the main content, against the window's right edge
    const sidebar = await box(page, nav);
    const main = await box(page, page.locator('main'));
    expect(sidebar.x).toBeGreaterThan(main.x);
    expect(sidebar.x + sidebar.width).toBeGreaterThan(1400 - 24);
    // MUI's styles are flipped too, by the rtl stylis plugin: the search icon's gap to the text, a
    // margin-right in ltr, is a margin-left (the direction alone would not swap margins)
    const adornment = nav.locator('.MuiInputAdornment-positionStart');
    expect(await adornment.evaluate((el) => [getComputedStyle(el).marginLeft, getComputedStyle(el).marginRight])).toEqual(['8px', '0px']);
    expect(await page.locator('style[data-emotion^="muirtl"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'chat-rtl-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the navigation button and the drawer are on the right', async () => {
    const { context, page, errors } = await arabicPage(app, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    const open = page.getByRole('button', { name: 'فتح التنقل' });
    await open.waitFor();
    await page.getByRole('button', { name: 'Draft an email' }).waitFor(); // the agent's introduction is in
    expect((await box(page, open)).x).toBeGreaterThan(390 / 2);
    await screenshot(page, 'chat-rtl-phone');
    await open.click();
    const nav = page.getByRole('navigation', { name: 'تنقل الدردشة' });
    await nav.waitFor();
    await page.waitForTimeout(400); // let the drawer finish sliding in before measuring and the picture
    const drawer = await box(page, nav);
    expect(drawer.x + drawer.width).toBeGreaterThan(390 - 2);
    expect(drawer.x).toBeGreaterThan(0);
    await screenshot(page, 'chat-rtl-phone-drawer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
