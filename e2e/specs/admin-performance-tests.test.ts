// An administrator load-tests an agent against the fake model: fills in the form on /admin/performanceTests, reads the
// cost warning and confirms, follows the run live, and sees its results (time to first token p50/p95/p99 cards, the
// chart over time); a second run is compared with the first. Looked at on a wide screen and on a 390 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-performance-password-1' };

async function runTest(page: Page, o: { users: string; questions: string; rampUp: string }) {
  await page.getByRole('spinbutton', { name: 'Virtual users' }).fill(o.users);
  await page.getByRole('spinbutton', { name: 'Questions each' }).fill(o.questions);
  await page.getByRole('spinbutton', { name: 'Ramp-up (seconds)' }).fill(o.rampUp);
  await page.getByRole('textbox', { name: 'Question set' }).fill('When is the library open?\nHow do I reset my password?');
  await page.getByRole('button', { name: 'Estimate and run' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run this performance test?' });
  await dialog.waitFor();
  return dialog;
}

describe('performance tests', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: {
        chunks: ['The', ' library', ' opens', ' at', ' eight.'],
        firstTokenDelayMs: 120,
        chunkDelayMs: 40,
        usage: { promptTokens: 60, completionTokens: 5 },
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  it('runs a small test against the fake model, live, and shows its results; a second run is compared with the first', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Performance Tests' }).click();
    await page.waitForURL(/\/admin\/performanceTests$/);
    await page.getByRole('heading', { name: 'Performance Tests', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toContain('Admin: Performance Tests');
    // (a retry of this test finds the first attempt's runs instead)
    await page.getByText('No performance test has been run yet.').or(page.getByText('Completed').first()).waitFor();
    await screenshot(page, 'performance-tests-empty');

    // the cost warning: 4 × 3 questions, real model calls, the tokens estimated
    const dialog = await runTest(page, { users: '4', questions: '3', rampUp: '1' });
    const warning = dialog.getByTestId('performance-test-cost-warning');
    await expect.poll(() => warning.textContent()).toContain('12 questions will be asked of Atrium Assistant');
    expect(await warning.textContent()).toContain('Estimated tokens');
    await screenshot(page, 'performance-tests-cost-warning');
    await dialog.getByRole('button', { name: 'Run test' }).click();

    // the run's page follows it live, then shows the results
    await page.waitForURL(/\/admin\/performanceTests\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Run of Atrium Assistant', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('performance-test-progress').textContent(), { timeout: 20_000 }).toMatch(/of 12 answers/);
    await expect.poll(() => page.getByTestId('performance-test-status').textContent(), { timeout: 30_000 }).toBe('Completed');
    const p50 = await page.getByTestId('performance-test-ttft-p50').textContent();
    // the fake waits 120 ms before its first token
    expect(Number(p50!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(110);
    expect(await page.getByTestId('performance-test-errors').textContent()).toBe('0 of 12');
    await page.getByTestId('performance-test-chart').locator('svg').first().waitFor();
    await screenshot(page, 'performance-tests-results');

    // a second, lighter run, compared with the first
    await page.getByRole('link', { name: 'Performance Tests' }).first().click();
    await page.waitForURL(/\/admin\/performanceTests$/);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThanOrEqual(2);
    const second = await runTest(page, { users: '2', questions: '1', rampUp: '0' });
    await second.getByRole('button', { name: 'Run test' }).click();
    await page.waitForURL(/\/admin\/performanceTests\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('performance-test-status').textContent(), { timeout: 30_000 }).toBe('Completed');
    await page.getByRole('combobox', { name: 'Compare with' }).click();
    // (the earliest 4 × 3 run; a retried test has made more)
    await page.getByRole('option').filter({ hasText: '4 × 3' }).last().click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const comparison = page.getByTestId('performance-test-comparison');
    await comparison.waitFor();
    expect(await comparison.textContent()).toContain('TTFT p50 (ms)');
    await screenshot(page, 'performance-tests-compare');

    // a phone: nothing wider than the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('performance-test-ttft-p50').waitFor();
    // (the charts measure their width again after the window changed: the check waits for that)
    const wide = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > 391)
          .slice(0, 5)
          .map((e) => `${e.tagName}.${e.className}`),
      );
    await expect.poll(wide, { timeout: 10_000 }).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'performance-tests-results-phone');
    expect(errors).toEqual([]);
  });
});
