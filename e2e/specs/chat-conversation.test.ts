// A person chats with the seeded Atrium Assistant as a new user would: the streamed (offline) answer,
// a follow-up, regenerate and branch arrows, feedback, execution details, export, and the history
// after a reload. Screenshots on a wide screen and a 390 px phone.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn as signInAs } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-chat-password-1' };
const offline = 'No language model is configured';

const signIn = (page: Page, baseUrl: string) => signInAs(page, baseUrl, admin);

describe('the conversation page', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('asks, streams, follows up, regenerates, rates, exports and reloads the history', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl);

    // /chat opens the first agent: its introduction and the message box
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    await screenshot(page, 'chat-conversation-empty');

    // Shift+Enter adds a line, Enter sends
    await box.fill('What is Atrium?');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).toBe('What is Atrium?\n');
    await box.press('Enter');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const articles = page.getByRole('article');
    await expect.poll(() => articles.first().textContent()).toContain(offline);
    await page.getByRole('button', { name: 'Send' }).waitFor();
    const conversationUrl = page.url();

    // a follow-up continues the branch
    await box.fill('And a follow-up?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => articles.count()).toBe(2);
    await expect.poll(() => articles.nth(1).textContent()).toContain(offline);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // regenerate the second answer: a sibling appears with arrows between the two
    await page.getByRole('button', { name: 'Regenerate' }).nth(1).click();
    await page.getByText('2 / 2').waitFor();
    await page.getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('1 / 2').waitFor();
    await page.getByRole('button', { name: 'Next version' }).click();
    await page.getByText('2 / 2').waitFor();

    // thumbs up with a comment
    await page.getByRole('button', { name: 'Good answer' }).first().click();
    await page.getByRole('dialog').getByRole('textbox').fill('Clear and honest');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thanks for your feedback').waitFor();

    // execution details drawer
    await page.getByRole('button', { name: 'Execution details' }).first().click();
    await page.getByRole('heading', { name: 'Execution details' }).waitFor();
    await page.getByText('Status:').waitFor();
    // let the drawer finish sliding in before the picture
    await page.waitForTimeout(400);
    await screenshot(page, 'chat-conversation-details');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Execution details' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'chat-conversation-wide');

    // export: the title plus .txt
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('What is Atrium.txt');
    const file = await download.path();
    expect(fs.readFileSync(file, 'utf8')).toContain('What is Atrium?');

    // the history comes back after a reload, with the feedback kept
    await page.goto(conversationUrl);
    await expect.poll(() => articles.count()).toBe(2);
    expect(await articles.first().textContent()).toContain(offline);
    await page.getByText('And a follow-up?').waitFor();

    // the first question too can be edited into a branch of its own (a second root), and back
    await page.getByRole('button', { name: 'Edit question' }).first().click();
    const edit = page.getByRole('textbox', { name: 'Edit question' });
    await edit.fill('What is Atrium, in one line?');
    await edit.press('Enter');
    await page.getByText('What is Atrium, in one line?').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await expect.poll(() => articles.count()).toBe(1);
    await page.getByText('2 / 2').first().waitFor();
    await page.getByRole('button', { name: 'Previous version' }).first().click();
    await page.getByText('And a follow-up?').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops an answer with Escape and works on a 390 px phone', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await screenshot(page, 'chat-conversation-mobile-empty');
    await box.fill('Tell me about tables');
    await box.press('Enter');
    // once the first piece is there, Escape stops the answer (the offline answer is short: it may
    // already be complete, and either way the input is usable afterwards)
    await expect.poll(() => page.getByRole('article').first().textContent()).toContain('No');
    await box.press('Escape');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    // stopped or finished, the new conversation gets its address and keeps the (partial) answer
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await screenshot(page, 'chat-conversation-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });
});
