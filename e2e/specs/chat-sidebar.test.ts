// The chat sidebar as a user meets it: grouped, virtualised and paged conversations, search, the
// conversation menu (rename, archive, delete), pinning agents and the Discover Intelligent Agents page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn as signInAs } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-admin-password-1' };
const ConversationCount = 62;

const signIn = (page: Page, baseUrl: string) => signInAs(page, baseUrl, admin);

describe('chat sidebar', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let agent: { gptSystemId: string; name: string };
  const ids: string[] = [];

  const api = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${app.server.baseUrl}/api/internal${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
    return res;
  };

  const createConversation = async (question: string) => {
    const res = await api(`/userConversations/byGptSystemId/${agent.gptSystemId}`, {
      method: 'POST',
      body: JSON.stringify({ question, session: { sessionIdentifier: randomUUID() } }),
    });
    const text = await res.text(); // read the stream to its end
    const line = text.split('\n').find((l) => l.startsWith('data: ') && Buffer.from(l.slice(6), 'base64').toString().includes('ConversationId'));
    ids.push((JSON.parse(Buffer.from(line!.slice(6), 'base64').toString()) as { ConversationId: string }).ConversationId);
  };

  const sidebar = () => page.getByRole('navigation', { name: 'Chat navigation' });
  // rendered conversation rows: links to /chat/{gptSystemId}/{conversationId}
  const renderedRows = () =>
    sidebar().evaluate((nav) => Array.from(nav.querySelectorAll('a')).filter((a) => /^\/chat\/[^/]+\/[^/]+$/.test(a.getAttribute('href') ?? '')).length);
  const optionsFor = (title: string) => sidebar().getByRole('button', { name: `Options for ${title}`, exact: true });
  const notice = (text: string) => page.locator('[data-notice]', { hasText: text });

  // WEB_DIST_DIR lets a run use its own build while someone else rebuilds web/dist.
  const web: Record<string, string> = process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {};
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...web });

  beforeAll(async () => {
    context = await newContext(app.browser);
    page = await context.newPage();
    token = await signIn(page, app.server.baseUrl);
    const available = (await (await api('/CurrentUser/AvailableGptSystems')).json()) as {
      items: { gptSystemId: string; name: string; gptSystemType: string }[];
    };
    agent = available.items.find((a) => a.gptSystemType === 'System')!;
    for (let i = 0; i < ConversationCount; i += 6) {
      await Promise.all(Array.from({ length: Math.min(6, ConversationCount - i) }, (_, k) => createConversation(`Question number ${i + k + 1}`)));
    }
    // Renames win over generated titles, so these three are known.
    const titled = [ids[0], ids[ids.length - 1], ids[ids.length - 2]];
    const titles = ['Oldest chat of all', 'Quarterly planning notes', 'Holiday ideas'];
    for (const [i, id] of titled.entries()) await api(`/userConversations/${id}/updateTitle`, { method: 'PUT', body: JSON.stringify({ title: titles[i] }) });
  }, 240_000);

  afterAll(async () => {
    await context?.close();
  });

  it('groups the conversations under Today, keeps the rendered rows bounded and pages while scrolling', async () => {
    await page.goto(`${app.server.baseUrl}/chat`);
    await sidebar().getByRole('heading', { name: 'Today' }).waitFor();
    await optionsFor('Quarterly planning notes').waitFor();
    await expect.poll(() => renderedRows()).toBeGreaterThan(10);
    expect(await renderedRows()).toBeLessThan(40);
    await screenshot(page, 'chat-sidebar-wide');

    // The oldest conversation sits on the second page of 50: scrolling to the end loads it.
    const scroller = sidebar().locator('[data-virtual-scroller]');
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return optionsFor('Oldest chat of all').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await renderedRows()).toBeLessThan(40);
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  });

  it('after an answer reloads only the first page of the list, where the conversation now is', async () => {
    // two pages are loaded (previous test); an answer must not reload both
    const listRequests: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (/\/api\/internal\/userConversations(\?|$)/.test(request.url())) listRequests.push(request.url());
    };
    page.on('request', onRequest);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('A fresh question for the top of the list');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await optionsFor('A fresh question for the top of the list').waitFor();
    await page.waitForTimeout(500);
    page.off('request', onRequest);
    expect(listRequests.length).toBe(1);
    expect(listRequests[0]).not.toContain('continuationToken');
  });

  it('narrows the list by title on the server, and says when nothing matches', async () => {
    const search = sidebar().getByRole('textbox', { name: 'Search titles' });
    await search.fill('quarterly');
    await expect.poll(() => renderedRows()).toBe(1);
    await optionsFor('Quarterly planning notes').waitFor();
    await search.fill('no such chat anywhere');
    await sidebar().getByText('No chats match your search. Try a different title or start a new conversation.').waitFor();
    await search.fill('');
    await optionsFor('Holiday ideas').waitFor();
  });

  it('renames inline (Enter saves, a click outside cancels), archives and deletes with confirmation', async () => {
    await optionsFor('Holiday ideas').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const input = sidebar().getByRole('textbox', { name: 'Conversation title' });
    await input.fill('x'.repeat(60));
    expect((await input.inputValue()).length).toBe(50);
    await page.getByRole('main').click({ position: { x: 400, y: 300 } });
    await optionsFor('Holiday ideas').waitFor();

    await optionsFor('Holiday ideas').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await input.fill('Summer holiday ideas');
    await input.press('Enter');
    await optionsFor('Summer holiday ideas').waitFor();

    await optionsFor('Summer holiday ideas').click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect.poll(() => optionsFor('Summer holiday ideas').count()).toBe(0);
    await sidebar().getByRole('tab', { name: 'Archived' }).click();
    await optionsFor('Summer holiday ideas').waitFor();
    await optionsFor('Summer holiday ideas').click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Unarchive' }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await sidebar().getByRole('tab', { name: 'History' }).click();

    await optionsFor('Quarterly planning notes').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete chat?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => optionsFor('Quarterly planning notes').count()).toBe(0);
    const remaining = (await (await api('/userConversations?pageSize=200')).json()) as { items: { title: string }[] };
    expect(remaining.items.map((c) => c.title)).not.toContain('Quarterly planning notes');
  });

  it('opens a conversation from its row', async () => {
    await sidebar().locator(`a[href^="/chat/${agent.gptSystemId}/"]`).first().click();
    await page.waitForURL(new RegExp(`/chat/${agent.gptSystemId}/[0-9a-f-]{36}$`));
  });

  it('pins and unpins the System agent with notices', async () => {
    await sidebar().getByRole('tab', { name: 'Agents' }).click();
    const pinButton = sidebar().getByRole('button', { name: `Pin ${agent.name}`, exact: true });
    await pinButton.click();
    await notice('Agent pinned').waitFor();
    await sidebar().getByRole('tab', { name: 'Pinned' }).click();
    await sidebar()
      .getByRole('link', { name: `Start a chat with ${agent.name}` })
      .waitFor();
    await screenshot(page, 'chat-sidebar-agents');
    // A full-page screenshot resizes the viewport for a moment, which crosses the drawer breakpoint and
    // remounts the navigation (back on the Chats tab), so select the Agents tab again.
    await sidebar().getByRole('tab', { name: 'Agents' }).click();
    await sidebar().getByRole('tab', { name: 'Recent' }).click();
    const unpinButton = sidebar().getByRole('button', { name: `Unpin ${agent.name}`, exact: true });
    await unpinButton.waitFor();
    await expect.poll(() => unpinButton.isEnabled(), { timeout: 5_000 }).toBe(true);
    await unpinButton.click();
    await notice('Agent unpinned').waitFor();
    await sidebar().getByRole('tab', { name: 'Pinned' }).click();
    await sidebar().getByText('Pin an agent to display it here').waitFor();
  });

  it('finds an agent on the Discover page and starts a chat with it', async () => {
    await sidebar().getByRole('button', { name: 'View all Agents' }).click();
    await page.waitForURL('**/chat/agents');
    const search = page.getByRole('textbox', { name: 'Search agents' });
    await search.fill('nothing like this');
    await page.getByText('No agents match your search. Try a different name.').waitFor();
    await search.fill(agent.name.slice(0, 5));
    await screenshot(page, 'discover-agents-wide');
    await page
      .getByRole('main')
      .getByRole('link', { name: `Start a chat with ${agent.name}` })
      .click();
    await page.waitForURL(`**/chat/${agent.gptSystemId}`);
  });

  it('works as a drawer on a 390 px screen', async () => {
    const { context: small, page: mobile } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(mobile, app.server.baseUrl);
    await mobile.getByRole('button', { name: 'Open navigation' }).click();
    const nav = mobile.getByRole('navigation', { name: 'Chat navigation' });
    await nav.getByRole('heading', { name: 'Today' }).waitFor();
    await expect.poll(async () => (await nav.boundingBox())?.x).toBe(0); // the drawer has slid in
    await screenshot(mobile, 'chat-sidebar-390');
    await nav.locator(`a[href^="/chat/${agent.gptSystemId}/"]`).first().click();
    await mobile.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect.poll(() => nav.isVisible()).toBe(false);
    await mobile.goto(`${app.server.baseUrl}/chat/agents`);
    await mobile
      .getByRole('main')
      .getByRole('link', { name: `Start a chat with ${agent.name}` })
      .waitFor();
    await screenshot(mobile, 'discover-agents-390');
    await small.close();
  });
});
