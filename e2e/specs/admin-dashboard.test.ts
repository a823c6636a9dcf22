// The analytics dashboard after real use: an administrator has a conversation with the fake model (two questions,
// a thumbs up), the rollup runs, and the dashboard's headline figures, agents and drill-down show that conversation,
// as the API counts it, in the browser's time zone; the period is switched, the CSV is downloaded, and the page is
// looked at on a wide screen and on a 390 px phone (nothing wider than the screen).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-dashboard-password-1' };
const usage = { promptTokens: 120, completionTokens: 30 };
/** the seeded agent /chat opens */
const agentName = 'Atrium Assistant';

const answer = 'Plan two hours a day.';

/** Asks the open chat a question and waits until its answer is there in full and Send is back. */
async function ask(page: Page, question: string): Promise<void> {
  const articles = page.getByRole('article');
  const before = await articles.count();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.waitFor();
  await box.fill(question);
  await box.press('Enter');
  await expect.poll(() => articles.count()).toBe(before + 1);
  await expect.poll(() => articles.last().textContent(), { timeout: 20_000 }).toContain(answer);
  await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 20_000 });
}

const headline = (page: Page, id: string) => page.getByTestId(`analytics-headline-${id}`).textContent();

describe('the analytics dashboard', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) =>
        JSON.stringify(request.body).includes('short title for a conversation')
          ? { chunks: ['Study', ' plans'], usage: null }
          : { chunks: answer.split(/(?= )/), usage },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  it('counts a conversation made here, by period and agent, on a wide screen and a phone', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);

    // a conversation of two questions with the first agent, the second answer rated
    await ask(page, 'How should I plan my week?');
    await ask(page, 'And at the weekend?');
    await page.getByRole('button', { name: 'Good answer' }).last().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thanks for your feedback').waitFor();

    // the API's own figures in the browser's zone (the harness's Europe/Berlin), for the page to match
    const chart = async (name: string, query = '') => {
      const res = await fetch(`${app.server.baseUrl}/api/internal/admin/analytics/conversations/${name}?reportingPeriod=Last30Days${query}`, {
        headers: { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number; timeZone: string; items: { key: string; label: string; value: number }[] };
    };
    // roll up now (the job does every minute); an answer's usage is stored a moment after its stream ended, so a run
    // that came first is followed by another
    const expectedTokens = 2 * (usage.promptTokens + usage.completionTokens);
    await expect
      .poll(async () => {
        expect((await callApi(app.server, token, 'POST', '/admin/analytics/rollup')).status).toBe(200);
        return (await chart('TokensByReportingPeriod')).total;
      })
      .toBe(expectedTokens);
    const conversations = await chart('ConversationsByReportingPeriod');
    const tokens = await chart('TokensByReportingPeriod');
    const agents = await chart('ConversationsByGptSystem');
    expect(conversations.total).toBe(1);
    expect(agents.items).toHaveLength(1);
    const agent = agents.items[0]!;
    expect(agent.label).toBe(agentName);

    // the dashboard from the admin sidebar
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.title()).toMatch(/^Admin: Dashboard \| /);
    await expect.poll(() => headline(page, 'conversations')).toBe('1');
    expect(await headline(page, 'users')).toBe('1');
    expect(await headline(page, 'tokens')).toBe(String(tokens.total));
    expect(await headline(page, 'average-length')).toBe('2');
    await page.getByText(/times in Europe\/Berlin\./).waitFor();
    const row = page.getByTestId(`analytics-agent-${agent.key}`);
    expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual([agentName, '1']);
    // the charts are drawn (an SVG each), the shares say who asked
    for (const id of ['conversations-over-time', 'users-over-time', 'tokens-over-time', 'by-hour', 'by-privacy', 'by-model'])
      await page.getByTestId(`analytics-${id}`).locator('svg').first().waitFor();
    await page.getByTestId('analytics-by-privacy').getByText('Signed-in people', { exact: true }).waitFor();
    await page.getByTestId('analytics-by-model').getByText('fake-gpt', { exact: true }).waitFor();
    // the estimated cost, at the deployments' prices (dollars), and its chart per deployment
    expect(await headline(page, 'cost')).toMatch(/^\$\d/);
    await page.getByTestId('analytics-cost-by-deployment').locator('svg').first().waitFor();
    await page.waitForTimeout(600); // the charts' entry animation
    await screenshot(page, 'admin-dashboard-desktop-1-overview');

    // the CSV of the period, through the app's authenticated client
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('analytics-Last30Days.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^section,period,userId,/);
    expect(csv).toContain(admin.email);

    // another period: the same conversation, asked for by name and kept in the address
    const period = page.getByRole('combobox', { name: 'Reporting period' });
    await period.click();
    await page.getByRole('option', { name: 'Last 24 hours' }).click();
    await page.waitForURL('**/admin/dashboard?period=Last24Hours');
    await expect.poll(() => headline(page, 'conversations')).toBe('1');
    await period.click();
    await page.getByRole('option', { name: 'All time' }).click();
    await page.waitForURL('**/admin/dashboard?period=AllTime');
    await expect.poll(() => headline(page, 'tokens')).toBe(String(tokens.total));

    // the agent's drill-down keeps the period
    await page.getByRole('link', { name: `Open ${agentName}` }).click();
    await page.waitForURL(`**/admin/dashboard/gptsystem/${agent.key}?period=AllTime`);
    await page.getByRole('heading', { name: agentName, level: 1 }).waitFor();
    await expect.poll(() => headline(page, 'agent-conversations')).toBe('1');
    expect(await headline(page, 'agent-questions')).toBe('2');
    expect(await headline(page, 'agent-positive')).toBe('1');
    expect(await headline(page, 'agent-negative')).toBe('0');
    await page.getByTestId('analytics-agent-feedback').locator('svg').first().waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'admin-dashboard-desktop-2-agent');

    // a phone: the cards stack two to a row, the charts fit the screen
    const phone = await openPage(app.browser, { width: 390, height: 844, errors });
    await signIn(phone.page, app.server.baseUrl, admin);
    await phone.page.goto(`${app.server.baseUrl}/admin/dashboard`);
    await expect.poll(() => headline(phone.page, 'conversations')).toBe('1');
    await phone.page.getByTestId('analytics-by-model').locator('svg').first().waitFor();
    await phone.page.waitForTimeout(600);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // two cards to a row
    const [conversationsCard, usersCard, tokensCard] = await Promise.all(
      ['conversations', 'users', 'tokens'].map(async (id) => (await phone.page.getByTestId(`analytics-headline-${id}`).boundingBox())!),
    );
    expect(usersCard!.y).toBe(conversationsCard!.y);
    expect(usersCard!.x).toBeGreaterThan(conversationsCard!.x);
    expect(tokensCard!.y).toBeGreaterThan(conversationsCard!.y);
    await screenshot(phone.page, 'admin-dashboard-phone-1-overview');
    await phone.page.getByTestId('analytics-cost-by-deployment').scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'admin-dashboard-phone-3-cost');
    await phone.page.goto(`${app.server.baseUrl}/admin/dashboard/gptsystem/${agent.key}`);
    await expect.poll(() => headline(phone.page, 'agent-questions')).toBe('2');
    await phone.page.waitForTimeout(600);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'admin-dashboard-phone-2-agent');
    await phone.context.close();

    expect(errors).toEqual([]);
  });
});
