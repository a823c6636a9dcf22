// A follow-up typed and sent right after the first answer, before the conversation it continues has
// loaded (a fast typist, a slow network), must continue that conversation: it went out as a new one.
import { describe, expect, it } from 'vitest';
import { openPage } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-follow-up-race' };
const offline = 'No language model is configured';

describe('a follow-up sent before its conversation has loaded', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('is held until the conversation is there, then continues it', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    // the conversation itself answers 2 s late, as on a slow network
    await page.route(/\/api\/internal\/userConversations\/[0-9a-f-]{36}$/i, async (route) => {
      if (route.request().method() === 'GET') await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('First question');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const conversationUrl = page.url();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    // at once, while the conversation is still on its way
    await box.fill('Second question');
    await box.press('Enter');

    const articles = page.getByRole('article');
    await expect.poll(() => articles.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => articles.nth(1).textContent(), { timeout: 15_000 }).toContain(offline);
    expect(page.url()).toBe(conversationUrl);
    await expect.poll(() => page.getByText('Second question').count()).toBeGreaterThan(0);
    await context.close();
  });
});
