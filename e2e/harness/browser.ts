// Real Chromium (Debian's /usr/bin/chromium) driven by playwright-core; no downloaded browsers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  // Playwright gives each launch a fresh temporary profile (--user-data-dir) and runs headless.
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(browser: Browser, options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, locale: 'en-US', timezoneId: 'Europe/Berlin' });
}

/**
 * A page in a fresh context, with the uncaught errors of its scripts collected in `errors` (tests that
 * care assert it is empty at the end; the others simply leave it). Pass `errors` to collect into a list
 * the test already keeps for another page, so that one assertion covers them all.
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; errors?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { errors = [], ...size } = options;
  const context = await newContext(browser, size);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * Saves a screenshot under e2e/screenshots (git-ignored) for people to look at: the whole page, except while a
 * dialog, menu or popover holds the page still (MUI locks the body's scrolling), when the window is all there is to
 * see. A full-page capture of a page taller than the window makes Chromium lay it out at the full height for a
 * moment, and under load that once in a few dozen captures closed the open popover (the personal-agents flake).
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  const overlayOpen = await page.evaluate(
    () => document.body.style.overflow === 'hidden' || document.querySelector('.MuiModal-root:not(.MuiModal-hidden)') !== null,
  );
  await page.screenshot({ path: file, fullPage: !overlayOpen });
  return file;
}

/** The text a field's aria-describedby points at: its message or its help. */
export const descriptionOf = (field: Locator): Promise<string> =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
