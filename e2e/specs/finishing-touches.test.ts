// The small things a person notices in a finished product (issue 23, item 7), in real Chromium against a
// real server: tooltips close after a click; the chat header names the model that answered the branch on
// screen; the quick-create popover wears the page's theme and fits the window, and its button fits one
// line of the 280 px sidebar; the admin pages show every moment in one format, in the person's locale and
// time zone; the agent list is fetched once per page load. Screenshots at 1400x900 and 390x844.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { callApi } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-finishing-password-1' };
const Wide = { width: 1400, height: 900 };
const Phone = { width: 390, height: 844 };

const tooltip = (page: Page, name: string) => page.getByRole('tooltip', { name, exact: true });

describe('finishing touches', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = request.body as { model?: string };
        if (JSON.stringify(body).includes('short title for a conversation')) return { chunks: ['Model', ' check'] };
        return { chunks: ['Answered by ', String(body.model)] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'alpha-model,beta-model',
  }));
  const api = async <T>(token: string, method: string, path: string, body?: unknown): Promise<T> => {
    const res = await callApi(app.server, token, method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** The System agent answers with `deployment` from its next question on. */
  const answerWith = async (token: string, deployment: string) => {
    const { items } = await api<{ items: { gptSystemId: string; gptSystemType: string }[] }>(token, 'GET', '/CurrentUser/AvailableGptSystems');
    const agent = items.find((a) => a.gptSystemType === 'System')!;
    // a draft of the published configuration, with the other model, published
    const { configStateId } = await api<{ configStateId: string }>(token, 'POST', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    await api(token, 'PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { deploymentName: deployment });
    await api(token, 'PUT', `/admin/gptSystems/${agent.gptSystemId}/publishing`, { configStateId });
    return agent.gptSystemId;
  };

  it('closes a tooltip on a click, and opens it again on the next hover', async () => {
    const { context, page, errors } = await openPage(app.browser, Wide);
    await signIn(page, app.server.baseUrl, admin);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    for (const name of ['Copy conversation', 'Export to .txt', 'Minimise sidebar']) {
      const button = page.getByRole('button', { name, exact: true });
      await button.hover();
      await tooltip(page, name).waitFor();
      await button.click();
      await expect.poll(() => tooltip(page, name).count()).toBe(0);
      // the pointer has not moved: it stays closed
      await page.waitForTimeout(900);
      expect(await tooltip(page, name).count(), name).toBe(0);
      // away and back: it opens again
      await page.mouse.move(700, 450);
      await page.waitForTimeout(300);
      if (name === 'Minimise sidebar') {
        const expand = page.getByRole('button', { name: 'Expand sidebar', exact: true });
        await expand.hover();
        await tooltip(page, 'Expand sidebar').waitFor();
        await expand.click();
        await expect.poll(() => tooltip(page, 'Expand sidebar').count()).toBe(0);
        await page.mouse.move(700, 450);
      } else {
        await button.hover();
        await tooltip(page, name).waitFor();
        await page.mouse.move(700, 450);
        await expect.poll(() => tooltip(page, name).count()).toBe(0);
      }
    }

    // the tour's button: its tooltip does not sit over the tour it started
    const tourButton = page.getByRole('button', { name: 'Quick start tour' });
    await tourButton.hover();
    await tooltip(page, 'Quick start tour').waitFor();
    await tourButton.click();
    await page.getByRole('alertdialog').waitFor();
    await expect.poll(() => tooltip(page, 'Quick start tour').count()).toBe(0);
    await page.waitForTimeout(600);
    expect(await tooltip(page, 'Quick start tour').count()).toBe(0);
    await screenshot(page, 'finishing-tooltip-closed-by-click');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names in the chat header the model that answered the branch on screen', async () => {
    const { context, page, errors } = await openPage(app.browser, Wide);
    const token = await signIn(page, app.server.baseUrl, admin);
    await answerWith(token, 'alpha-model');
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Which model answers?');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const answers = page.getByRole('article');
    await expect.poll(() => answers.last().textContent()).toContain('Answered by alpha-model');
    const caption = page.locator('h1 + p');
    await expect.poll(() => caption.textContent()).toBe('Atrium Assistant · alpha-model');

    // the agent moves to another model: the answer on screen was still alpha-model's
    await answerWith(token, 'beta-model');
    await page.reload();
    await expect.poll(() => answers.last().textContent()).toContain('Answered by alpha-model');
    await expect.poll(() => caption.textContent()).toBe('Atrium Assistant · alpha-model');

    // a regenerated answer comes from beta-model, on a branch of its own
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(() => answers.last().textContent(), { timeout: 15_000 }).toContain('Answered by beta-model');
    await page.getByText('2 / 2').waitFor();
    await expect.poll(() => caption.textContent()).toBe('Atrium Assistant · beta-model');
    await screenshot(page, 'finishing-header-model-wide');

    await page.getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('1 / 2').waitFor();
    await expect.poll(() => answers.last().textContent()).toContain('Answered by alpha-model');
    await expect.poll(() => caption.textContent()).toBe('Atrium Assistant · alpha-model');
    await page.getByRole('button', { name: 'Next version' }).click();
    await expect.poll(() => caption.textContent()).toBe('Atrium Assistant · beta-model');

    // the same on a phone
    const conversation = page.url();
    const { context: phone, page: small } = await openPage(app.browser, { ...Phone, errors });
    await signIn(small, app.server.baseUrl, admin);
    await small.goto(conversation);
    await expect.poll(() => small.locator('h1 + p').textContent()).toBe('Atrium Assistant · beta-model');
    await small.getByRole('button', { name: 'Previous version' }).click();
    await expect.poll(() => small.locator('h1 + p').textContent()).toBe('Atrium Assistant · alpha-model');
    await screenshot(small, 'finishing-header-model-phone');
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const size of [Wide, Phone]) {
    it(`opens the quick-create popover in the page's theme and inside the window, its button on one line (${size.width}x${size.height})`, async () => {
      const { context, page, errors } = await openPage(app.browser, size);
      await signIn(page, app.server.baseUrl, admin);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      if (size === Phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Chat navigation' });
      await nav.getByRole('tab', { name: 'Agents' }).click();
      const create = nav.getByRole('button', { name: 'Create a Personal Agent' });
      await create.waitFor();
      // the sidebar is 280 px wide; the label is whole, on one line
      expect(await nav.evaluate((n) => n.closest('.MuiDrawer-paper')!.getBoundingClientRect().width)).toBe(280);
      const label = await create.evaluate((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        return { height: b.getBoundingClientRect().height, overflow: b.scrollWidth - b.clientWidth, text: b.textContent, textLines: lines.size };
      });
      expect(label).toMatchObject({ overflow: 0, text: 'Create a Personal Agent' });
      expect(label.height).toBeLessThan(40);
      const viewAll = (await nav.getByRole('button', { name: 'View all Agents' }).boundingBox())!;
      expect(label.height).toBeLessThanOrEqual(viewAll.height + 1);

      await create.click();
      const popover = page.locator('.MuiPopover-paper');
      await page.getByRole('textbox', { name: 'Agent name' }).waitFor();
      await page.waitForTimeout(400); // the popover grows in
      // the page's theme: the page's paper and text, not the sidebar's dark palette
      const colours = await page.evaluate(() => {
        const paper = document.querySelector('.MuiPopover-paper')!;
        const heading = paper.querySelector('h2')!;
        const sidebar = document.querySelector('nav[aria-label="Chat navigation"]')!.closest('.MuiDrawer-paper')!;
        return {
          paper: getComputedStyle(paper).backgroundColor,
          heading: getComputedStyle(heading).color,
          sidebar: getComputedStyle(sidebar).backgroundColor,
          page: getComputedStyle(document.body).backgroundColor,
        };
      });
      expect(colours.paper).toBe('rgb(255, 255, 255)');
      expect(colours.paper).not.toBe(colours.sidebar);
      const luminance = (rgb: string) =>
        rgb
          .match(/\d+/g)!
          .slice(0, 3)
          .reduce((sum, v) => sum + Number(v), 0) / 3;
      expect(luminance(colours.heading)).toBeLessThan(100); // dark text on white
      const inside = async () => {
        const r = (await popover.boundingBox())!;
        return r.x >= 0 && r.y >= 0 && r.x + r.width <= size.width && r.y + r.height <= size.height;
      };
      expect(await inside()).toBe(true);
      await screenshot(page, `finishing-quick-create-${size.width}`);
      // the form grows with its error: still inside
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByText('Name is required').waitFor();
      expect(await inside()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('fetches the agent list once per page load, however long the person spends elsewhere', async () => {
    const { context, page, errors } = await openPage(app.browser, Wide);
    // a clock the test can move on: RTK Query dropped a list unused for 60 s, and asked again on return
    await page.clock.install();
    let fetched = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/CurrentUser/AvailableGptSystems')) fetched++;
    });
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await expect.poll(() => fetched).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Chat navigation' });
    await nav.getByRole('tab', { name: 'Agents' }).click();
    await nav.getByRole('button', { name: 'View all Agents' }).click();
    await page.waitForURL('**/chat/agents');
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await nav.getByRole('tab', { name: 'Chats' }).click();
    await nav.getByRole('button', { name: 'New Chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    // the admin area for two minutes, then back
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL('**/admin**');
    // the chat (and with it the list's last user) is gone once the admin area is drawn
    await page.getByRole('navigation', { name: 'Admin navigation' }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Chat navigation' }).count()).toBe(0);
    await page.clock.fastForward('02:00');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await page.getByRole('navigation', { name: 'Chat navigation' }).getByRole('tab', { name: 'Chats' }).waitFor();
    await page.waitForTimeout(1000);
    expect(fetched).toBe(1);

    // a new page load asks again
    await page.reload();
    await expect.poll(() => fetched).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every moment on the admin pages in one format, in the locale and time zone of the person', async () => {
    // a person in Tokyo with a British English browser (the other specs run en-US in Berlin)
    const context = await app.browser.newContext({ viewport: Wide, locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const token = await signIn(page, app.server.baseUrl, admin);
    const agentId = await answerWith(token, 'alpha-model');
    const users = await api<{ items: { userId: string; emailAddress: string; lastSignInAt: string | null; createdAt: string }[] }>(
      token,
      'GET',
      '/admin/users',
    );
    const me = users.items.find((u) => u.emailAddress === admin.email)!;
    await api(token, 'POST', '/admin/guidelinesDocuments', { documentTitle: 'House rules' });
    await api(token, 'POST', '/admin/chatAccessPolicies', { name: 'Everyone here', allGptSystems: true, userIds: [me.userId] });

    const expected = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
    // en-GB's medium date and short time, 24-hour: "24 Nov 2026, 19:05"
    const OneFormat = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}$/;
    const times = () => page.getByRole('main').locator('time').allTextContents();
    const check = async (path: string, mustShow: string[], shot?: string) => {
      await page.goto(`${app.server.baseUrl}${path}`);
      await expect.poll(async () => (await times()).length, { message: path }).toBeGreaterThan(0);
      for (const text of mustShow) await page.getByRole('main').locator('time', { hasText: text }).first().waitFor();
      for (const text of await times()) expect(text, path).toMatch(OneFormat);
      if (shot) await screenshot(page, shot);
    };

    await check('/admin/user', [expected(me.lastSignInAt!)], 'finishing-admin-dates-users');
    await check(`/admin/user/${me.userId}/profile`, [expected(me.lastSignInAt!), expected(me.createdAt)]);
    const audit = await api<{ items: { timeStamp: string }[] }>(token, 'GET', '/admin/audit/configurationChanges');
    await check('/admin/audit', [expected(audit.items[0]!.timeStamp)], 'finishing-admin-dates-audit');
    const agents = await api<{ items: { gptSystemId: string; lastModifiedAt: string }[] }>(token, 'GET', '/admin/gptSystems');
    await check('/admin/gptsystem', [expected(agents.items.find((a) => a.gptSystemId === agentId)!.lastModifiedAt)]);
    const versions = await api<{ items: { publishedAt: string }[] }>(token, 'GET', `/admin/gptSystems/${agentId}/publishing`);
    await check(`/admin/gptsystem/${agentId}/publish`, [expected(versions.items[0]!.publishedAt)]);
    const documents = await api<{ items: { updatedAt: string }[] }>(token, 'GET', '/admin/guidelinesDocuments');
    await check('/admin/guidelines', [expected(documents.items[0]!.updatedAt)]);
    const policies = await api<{ items: { updatedAt: string }[] }>(token, 'GET', '/admin/chatAccessPolicies');
    await check('/admin/chatAccessPolicy', [expected(policies.items[0]!.updatedAt)]);

    // and on a phone
    const phone = await app.browser.newContext({ viewport: Phone, locale: 'en-GB', timezoneId: 'Asia/Tokyo' });
    const small = await phone.newPage();
    small.on('pageerror', (e) => errors.push(e.message));
    await signIn(small, app.server.baseUrl, admin);
    await small.goto(`${app.server.baseUrl}/admin/user/${me.userId}/profile`);
    await small
      .getByRole('main')
      .locator(`time[datetime="${me.createdAt}"]`)
      .filter({ hasText: expected(me.createdAt) })
      .waitFor();
    await screenshot(small, 'finishing-admin-dates-profile-phone');
    await phone.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
