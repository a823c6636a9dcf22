// The quick-start tour as a new user meets it: started from the header, 12 steps with docs/product.md §9's
// labels (Next (Step n of 12), Back, Restart hidden on the first step, Done on the last), targets that
// are not on the screen passed over, Restart going back to step 1, Close stopping it. Screenshots.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
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
});
