// The quick-start tour as a new user meets it: started from the header, 12 steps with docs/product.md §9's
// labels (Next (Step n of 12), Back, Restart hidden on the first step, Done on the last), targets that
// are not on the screen passed over (at once, on a phone), Restart going back to step 1, Close stopping
// it; step 8 with a long chat list. Screenshots at 1400x900 and 390x844.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { callApi } from '../harness/server.js';
import { persistedToken, signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-tour-password-1' };

/** the step the tooltip shows (0-based), read from the tooltip itself */
const currentStep = async (page: Page) =>
  Number(
    (await page
      .locator('[data-tour-step]')
      .getAttribute('data-tour-step', { timeout: 2000 })
      .catch(() => null)) ?? -1,
  );

/** Next until the tooltip shows step `index`; the steps it showed on the way, and how long each Next took. */
async function nextUntil(page: Page, index: number) {
  const tooltip = page.getByRole('alertdialog');
  const seen = [await currentStep(page)];
  const took: number[] = [];
  for (let guard = 0; guard < 12 && seen.at(-1)! < index; guard++) {
    const step = seen.at(-1)!;
    const started = Date.now();
    await tooltip.getByRole('button', { name: /^Next \(Step \d+ of 12\)$/ }).click();
    await expect.poll(() => currentStep(page), { timeout: 5000, interval: 25 }).toBeGreaterThan(step);
    took.push(Date.now() - started);
    seen.push(await currentStep(page));
  }
  return { seen, took };
}

describe('the quick-start tour', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('runs through its steps with Next, Back, Restart, Close and Done', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);

    // a conversation, so that the sidebar has a row (and its menu) to point at
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello tour');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    await page.getByRole('button', { name: 'Quick start tour' }).click();
    const tooltip = page.getByRole('alertdialog');
    await tooltip.waitFor();
    expect(await currentStep(page)).toBe(0);
    await tooltip.getByRole('heading', { name: 'Welcome' }).waitFor();
    // the first step has neither Back nor Restart
    expect(await tooltip.getByRole('button', { name: 'Restart' }).count()).toBe(0);
    expect(await tooltip.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await screenshot(page, 'tour-welcome');

    await tooltip.getByRole('button', { name: 'Next (Step 1 of 12)' }).click();
    await expect.poll(() => currentStep(page)).toBe(1);
    await tooltip.getByRole('heading', { name: 'Home' }).waitFor();
    await tooltip.getByRole('button', { name: 'Restart' }).waitFor();
    await tooltip.getByRole('button', { name: 'Next (Step 2 of 12)' }).click();
    await expect.poll(() => currentStep(page)).toBe(2);
    await tooltip.getByRole('heading', { name: 'Ask your agent' }).waitFor();
    // let the scroll to the input settle, as a reader would, before the picture and Back
    await page.waitForTimeout(500);
    await screenshot(page, 'tour-input-bar');

    // Back returns one step
    await tooltip.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => currentStep(page)).toBe(1);
    await tooltip.getByRole('heading', { name: 'Home' }).waitFor();

    // forward through every step; steps whose target is not on the screen are passed over
    const seen = new Set<number>([0, 1]);
    for (let guard = 0; guard < 20; guard++) {
      const step = await currentStep(page);
      seen.add(step);
      if (step === 11) break;
      const next = tooltip.getByRole('button', { name: /^Next \(Step \d+ of 12\)$/ });
      await next.click();
      await expect.poll(() => currentStep(page), { timeout: 5000 }).toBeGreaterThan(step);
    }
    expect(await currentStep(page)).toBe(11);
    expect(seen.has(4)).toBe(true); // the show-user-prompt button
    expect(seen.has(8)).toBe(true); // search titles
    await tooltip.getByRole('heading', { name: 'Take the tour again' }).waitFor();
    await screenshot(page, 'tour-last');

    // Restart goes back to the first step
    await tooltip.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(() => currentStep(page)).toBe(0);
    await tooltip.getByRole('heading', { name: 'Welcome' }).waitFor();

    // Close stops the tour
    await tooltip.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => tooltip.count()).toBe(0);

    // started again, Done on the last step ends it and the next start is at step 1
    await page.getByRole('button', { name: 'Quick start tour' }).click();
    await tooltip.waitFor();
    for (let guard = 0; guard < 20 && (await currentStep(page)) < 11; guard++) {
      const step = await currentStep(page);
      await tooltip.getByRole('button', { name: /^Next \(Step \d+ of 12\)$/ }).click();
      await expect.poll(() => currentStep(page), { timeout: 5000 }).toBeGreaterThan(step);
    }
    await tooltip.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => tooltip.count()).toBe(0);
    await page.getByRole('button', { name: 'Quick start tour' }).click();
    await tooltip.waitFor();
    expect(await currentStep(page)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the Powered by footer on wide screens only, and not when ShowFooter is off', async () => {
    const { context: wide, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Powered by').waitFor();
    expect(await footer.getByRole('img').count()).toBe(1);
    const { context: phone, page: small } = await openPage(app.browser, { width: 390, height: 800 });
    await signIn(small, app.server.baseUrl, admin);
    await small.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await small.getByText('Powered by').isVisible()).toBe(false);
    await phone.close();

    // an administrator turns the flag off: the footer goes
    const token = await persistedToken(page);
    const res = await fetch(`${app.server.baseUrl}/api/internal/admin/instanceSettings/gptInstanceSettings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ featureFlags: [{ name: 'ShowFooter', enabled: false }] }),
    });
    expect(res.status).toBe(200);
    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.getByRole('button', { name: 'Quick start tour' }).waitFor();
    expect(await page.getByText('Powered by').count()).toBe(0);
    await wide.close();
  });

  it('points step 8 at the current conversation of a long list: scrolled into view inside the list, the page still, the list put back after', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const { items } = (await (await callApi(app.server, token, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: { gptSystemId: string }[] };
    const ask = (question: string) =>
      callApi(app.server, token, 'POST', `/userConversations/byGptSystemId/${items[0]!.gptSystemId}`, {
        question,
        session: { sessionIdentifier: randomUUID() },
      }).then((res) => res.text()); // to the stream's end
    for (let i = 0; i < 60; i += 6) await Promise.all(Array.from({ length: 6 }, (_, k) => ask(`Long list question ${i + k + 1}`)));

    // the newest conversation open, and the list scrolled so that its row is cut off at the list's top
    await page.goto(`${app.server.baseUrl}/chat`);
    const list = page.locator('[data-tour="conversation-section"] [data-virtual-scroller]');
    await list.locator('a').first().click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => list.evaluate((el) => el.scrollHeight > el.clientHeight + 1000)).toBe(true);
    await list.evaluate((el) => (el.scrollTop = 60));
    const current = page.locator('[data-tour="conversation-popover"]').filter({ has: page.locator('xpath=..//*[@aria-current="page"]') });
    /** the current row's options button against the list's visible box: 'inside', or how it is cut off */
    const currentInList = () =>
      page.evaluate(() => {
        const button = document.querySelector('[aria-current="page"]')?.parentElement?.querySelector('[data-tour="conversation-popover"]');
        const box = document.querySelector('[data-tour="conversation-section"] [data-virtual-scroller]')!.getBoundingClientRect();
        if (!button) return 'not rendered';
        const r = button.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom ? 'inside' : 'cut off';
      });
    expect(await currentInList()).toBe('cut off');
    // every scroll of the page itself (not of the list) is counted
    await page.evaluate(() => {
      (window as unknown as { pageScrolls: number }).pageScrolls = 0;
      window.addEventListener('scroll', () => (window as unknown as { pageScrolls: number }).pageScrolls++);
    });
    const pageScrolls = () => page.evaluate(() => ({ events: (window as unknown as { pageScrolls: number }).pageScrolls, y: window.scrollY }));
    const listTop = () => list.evaluate((el) => el.scrollTop);

    await page.getByRole('button', { name: 'Quick start tour' }).click();
    const tooltip = page.getByRole('alertdialog');
    await tooltip.waitFor();
    expect((await nextUntil(page, 7)).seen.at(-1)).toBe(7);
    await tooltip.getByRole('heading', { name: 'Conversation options' }).waitFor();
    // the current conversation's options, brought into view inside the list
    await expect.poll(currentInList).toBe('inside');
    expect(await listTop()).toBeLessThan(60);
    expect(await current.count()).toBe(1);
    // the spotlight is where that button is
    const spot = await page.locator('.react-joyride__spotlight').boundingBox();
    const target = (await current.boundingBox())!;
    expect(spot).not.toBeNull();
    expect(spot!.y).toBeLessThanOrEqual(target.y);
    expect(spot!.y + spot!.height).toBeGreaterThanOrEqual(target.y + target.height);
    // and the page did not move, here or before
    expect(await pageScrolls()).toEqual({ events: 0, y: 0 });
    await page.waitForTimeout(400);
    await screenshot(page, 'tour-step8-long-list');

    // the next step puts the list back where the person had it
    await tooltip.getByRole('button', { name: 'Next (Step 8 of 12)' }).click();
    await expect.poll(() => currentStep(page)).toBe(8);
    await expect.poll(listTop).toBe(60);
    // back to step 8, then Close: put back too
    await tooltip.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => currentStep(page)).toBe(7);
    await expect.poll(currentInList).toBe('inside');
    await tooltip.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => tooltip.count()).toBe(0);
    await expect.poll(listTop).toBe(60);
    expect(await pageScrolls()).toEqual({ events: 0, y: 0 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone passes over the sidebar steps at once, without the dimmed spinner', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.getByRole('button', { name: 'Upload file' }).waitFor();
    // whether react-joyride's loader (shown while a step waits for its target) ever appears
    await page.evaluate(() => {
      const w = window as unknown as { loaderSeen: boolean };
      w.loaderSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.react-joyride__loader')) w.loaderSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });

    await page.getByRole('button', { name: 'Quick start tour' }).click();
    const tooltip = page.getByRole('alertdialog');
    await tooltip.waitFor();
    const { seen, took } = await nextUntil(page, 11);
    // the logo, the conversations, their options and the search are in the closed drawer; the name is hidden
    expect(seen).toEqual([0, 2, 3, 4, 5, 10, 11]);
    // each Next is a step away, however many hidden steps it passed (react-joyride waited a second for each)
    for (const ms of took) expect(ms).toBeLessThan(800);
    expect(await page.evaluate(() => (window as unknown as { loaderSeen: boolean }).loaderSeen)).toBe(false);
    await page.waitForTimeout(400);
    await screenshot(page, 'tour-phone-last');
    // Back passes over them too
    await tooltip.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => currentStep(page)).toBe(10);
    await tooltip.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => currentStep(page)).toBe(5);
    await page.waitForTimeout(400);
    await screenshot(page, 'tour-phone-input');
    expect(errors).toEqual([]);
    await context.close();
  });
});
