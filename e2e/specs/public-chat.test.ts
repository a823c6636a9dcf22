// A visitor chats with a public endpoint through the embed, in Chromium: an administrator publishes the default agent
// with a public endpoint (its configuration's publicEndpointConfiguration, through the admin API) that allows one
// other origin. A host page served from a second local port (another origin) embeds embed.js: the launcher bubble
// opens the frame that loaded hidden, the visitor asks and sees the streamed answer, and a new conversation starts
// empty. A host page on an origin that is not allowed cannot frame the chat (CSP frame-ancestors), and the API refuses
// its Origin. The popup page on a 390 px phone, and the page with its side menu, are screenshotted; reloading either
// brings the visitor's conversation back, and on the page a visitor gives an answer a thumbs up and downloads it.
// A signed-identity embed: a host page whose server signs its visitor's HS256 token (data-visitor-token) chats as
// that visitor, whose conversation is then listed under the signed identity from another session. A bot check: the
// server's Turnstile is a fake provider on 127.0.0.1 (its widget script and its siteverify), which the visitor page
// loads and passes before its first question.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublicChatMessages, type PublicEndpointDetails } from '@atrium/contract';
import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { openPage, screenshot } from '../harness/browser.js';
import { apiJson, callApi, freePort } from '../harness/server.js';
import { signIn } from '../harness/session.js';
import { useServerAndBrowser } from '../harness/suite.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-public-chat-password-1' };
const endpointName = 'admissions-help';
const answer = 'Applications for the winter term close on **15 July**. You can apply online.';
const signedEndpointName = 'alumni-help';
const visitorSecret = 'e2e-visitor-secret-of-at-least-32-characters';
const visitorSubject = 'alumna-1887';

/** The HS256 token the host site signs for its signed-in visitor (at most 10 minutes; this one 5). */
const visitorToken = () =>
  new SignJWT({ name: 'Ada Lovelace' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(visitorSubject)
    .setAudience(signedEndpointName)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(visitorSecret));

/**
 * A website on 127.0.0.1 at a port of its own (so another origin than the server's) whose page embeds the chat;
 * `signed`: the page names its signed-in visitor with a token its server signs for each page.
 */
async function startHostSite(atriumUrl: string, signed = false): Promise<{ origin: string; close: () => Promise<void> }> {
  const site = http.createServer((_request, response) => {
    void (async () => {
      const embed = signed ? `data-endpoint="${signedEndpointName}" data-visitor-token="${await visitorToken()}"` : `data-endpoint="${endpointName}"`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example University</title></head><body style="font-family: sans-serif; margin: 2rem">
<h1>Example University admissions</h1><p>Questions? Ask our assistant.</p>
<script src="${atriumUrl}/embed.js" ${embed} async></script></body></html>`);
    })();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}

const botCheckSecret = 'e2e-bot-check-secret';
const botCheckPass = 'e2e-bot-check-pass';

/**
 * A fake Turnstile on 127.0.0.1: `/turnstile.js` defines window.turnstile.render, which draws an "I am human" button
 * whose click hands the page a token; `/siteverify` accepts that token with the server's secret.
 */
async function startFakeTurnstile(): Promise<{ url: string; verified: URLSearchParams[]; close: () => Promise<void> }> {
  const verified: URLSearchParams[] = [];
  const widget = `window.turnstile = { render: function (element, options) {
  var button = document.createElement('button'); button.type = 'button'; button.textContent = 'I am human';
  button.onclick = function () { button.textContent = 'Success!'; options.callback('${botCheckPass}'); };
  element.appendChild(button); return 'widget-1'; }, remove: function () {} };`;
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/turnstile.js')) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(widget);
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      verified.push(form);
      const success = form.get('secret') === botCheckSecret && form.get('response') === botCheckPass;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, verified, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Waits until the embed's frame has said it is ready (window.AtriumChat.on('ready') answers at once once it has). */
async function frameReady(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) =>
            (window as unknown as { AtriumChat: { on: (e: string, h: () => void) => void } }).AtriumChat.on('ready', () => resolve(true)),
          ),
      ),
    )
    .toBe(true);
}

describe('public chat and the embed', () => {
  let model: FakeUpstream;
  let port: number;
  let allowed: Awaited<ReturnType<typeof startHostSite>>;
  let other: Awaited<ReturnType<typeof startHostSite>>;
  let signedSite: Awaited<ReturnType<typeof startHostSite>>;
  let turnstile: Awaited<ReturnType<typeof startFakeTurnstile>>;
  beforeAll(async () => {
    turnstile = await startFakeTurnstile();
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Application', ' deadline'] };
        return { chunks: answer.match(/.{1,10}/gs) ?? [answer] };
      },
    });
    port = await freePort();
    const atriumUrl = `http://127.0.0.1:${port}`;
    [allowed, other, signedSite] = await Promise.all([startHostSite(atriumUrl), startHostSite(atriumUrl), startHostSite(atriumUrl, true)]);
  });
  afterAll(async () => {
    await Promise.all([model?.close(), allowed?.close(), other?.close(), signedSite?.close(), turnstile?.close()]);
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'fake-gpt',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    BOT_CHECK_PROVIDER: 'turnstile',
    BOT_CHECK_SITE_KEY: 'e2e-site-key',
    BOT_CHECK_SECRET_KEY: botCheckSecret,
    BOT_CHECK_VERIFY_URL: `${turnstile.url}/siteverify`,
    BOT_CHECK_SCRIPT_URL: `${turnstile.url}/turnstile.js?render=explicit`,
  }));

  it('publishes an endpoint, chats through the embed on an allowed site, and is refused elsewhere', async () => {
    const errors: string[] = [];
    const { page: adminPage, context: adminContext } = await openPage(app.browser, { errors });
    const token = await signIn(adminPage, app.server.baseUrl, admin);
    await adminContext.close();
    const api = apiJson(app.server, token);
    const { items: agents } = await api<{ items: { gptSystemId: string; name: string }[] }>('GET', '/admin/gptSystems');
    const agent = agents.find((a) => a.name === 'Atrium Assistant')!;
    const { configStateId } = await api<{ configStateId: string }>('POST', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    await api('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, {
      publicEndpointConfiguration: { endpointName, isEnabled: true, allowedOrigins: [allowed.origin], requireGuidelinesConsent: false, maxQuestionLength: 500 },
    });
    await api('PUT', `/admin/gptSystems/${agent.gptSystemId}/publishing`, { configStateId });

    // the allowed website: the frame is there, hidden, before the bubble is pressed
    const { page } = await openPage(app.browser, { errors, width: 1280, height: 800 });
    await page.goto(allowed.origin);
    const bubble = page.getByRole('button', { name: 'Open the chat' });
    await bubble.waitFor();
    const frameElement = page.locator(`iframe[src^="${app.server.baseUrl}/public-chat/${endpointName}/true"]`);
    await expect.poll(() => frameElement.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    const frame = page.frameLocator('iframe[title="Chat"]');
    // loaded while hidden (so not visible to the locator yet)
    await frame.getByRole('heading', { name: 'Atrium Assistant', includeHidden: true }).waitFor({ state: 'attached' });
    // the frame said it was ready (window.AtriumChat.on('ready') answers at once once it has)
    await frameReady(page);

    await bubble.click();
    await expect.poll(() => frameElement.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    expect(await bubble.getAttribute('aria-expanded')).toBe('true');
    const box = frame.getByRole('textbox', { name: 'Message' });
    await box.fill('When do applications close?');
    await frame.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => frame.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    await frame.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'public-chat-embed-desktop');

    // the frame's close button closes the panel through the message to the page
    await frame.getByRole('button', { name: 'Close the chat' }).click();
    await expect.poll(() => frameElement.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await bubble.getAttribute('aria-expanded')).toBe('false');

    // a website that is not allowed: the browser does not show the chat in its frame, and the API refuses its Origin
    const { page: elsewhere } = await openPage(app.browser, { width: 1280, height: 800 });
    await elsewhere.goto(other.origin);
    await elsewhere.getByRole('button', { name: 'Open the chat' }).waitFor();
    await expect.poll(() => elsewhere.frames().some((f) => f.url().startsWith('chrome-error://')), { timeout: 15_000 }).toBe(true);
    expect(elsewhere.frames().some((f) => f.url().startsWith(`${app.server.baseUrl}/public-chat`) && f !== elsewhere.mainFrame())).toBe(false);
    const refused = await fetch(`${app.server.baseUrl}/api/internal/public-conversations/${endpointName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: other.origin },
      body: JSON.stringify({ question: 'Hello?', session: { sessionIdentifier: crypto.randomUUID() } }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(PublicChatMessages.originRefused);

    expect(errors).toEqual([]);
  });

  it('shows the popup on a 390 px phone and the page with its side menu, and says when an endpoint does not exist', async () => {
    const { page: phone } = await openPage(app.browser, { width: 390, height: 844 });
    await phone.goto(`${app.server.baseUrl}/public-chat/${endpointName}/true`);
    await phone.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    expect(await phone.getByRole('navigation', { name: 'Public chat menu' }).count()).toBe(0);
    await phone.getByRole('textbox', { name: 'Message' }).fill('When do applications close?');
    await phone.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => phone.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    await phone.getByRole('button', { name: 'Send' }).waitFor();
    // nothing wider than the phone
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'public-chat-popup-phone');
    // a reload (the embed's frame loaded again) reopens the visitor's conversation where it was
    await phone.reload();
    await expect.poll(() => phone.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    expect(await phone.getByText('When do applications close?').count()).toBe(1);
    await phone.getByRole('button', { name: 'New conversation' }).click();
    await phone.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    expect(await phone.getByRole('article').count()).toBe(0);

    // the embed on a phone: the open chat takes the screen, and its Close brings the bubble back
    const { page: phoneHost } = await openPage(app.browser, { width: 390, height: 844 });
    await phoneHost.goto(allowed.origin);
    const phoneFrame = phoneHost.frameLocator('iframe[title="Chat"]');
    await phoneFrame.getByRole('heading', { name: 'Atrium Assistant', includeHidden: true }).waitFor({ state: 'attached' });
    await phoneHost.getByRole('button', { name: 'Open the chat' }).click();
    await phoneFrame.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await phoneHost.locator('iframe[title="Chat"]').evaluate((el) => el.getBoundingClientRect().width)).toBe(390);
    await screenshot(phoneHost, 'public-chat-embed-phone');
    await phoneFrame.getByRole('button', { name: 'Close the chat' }).click();
    await phoneHost.getByRole('button', { name: 'Open the chat' }).waitFor();

    const { page: desktop } = await openPage(app.browser, { width: 1280, height: 800 });
    await desktop.goto(`${app.server.baseUrl}/public-chat/${endpointName}`);
    const menu = desktop.getByRole('navigation', { name: 'Public chat menu' });
    await menu.getByRole('button', { name: 'New conversation' }).waitFor();
    await desktop.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    expect(desktop.url()).toBe(`${app.server.baseUrl}/public-chat/${endpointName}`);
    await desktop.getByRole('textbox', { name: 'Message' }).fill('When do applications close?');
    await desktop.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => desktop.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    await desktop.getByRole('button', { name: 'Send' }).waitFor();
    // the reloaded page shows the conversation again, and lists it in the side menu
    await desktop.reload();
    await expect.poll(() => desktop.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    const recent = menu.getByRole('list', { name: 'Your recent conversations' });
    await expect.poll(() => recent.getByRole('button').count()).toBe(1);
    // a thumbs up with a comment, as in the signed-in chat
    await desktop.getByRole('article').last().getByRole('button', { name: 'Good answer' }).click();
    const feedback = desktop.getByRole('dialog', { name: 'Good answer' });
    await feedback.getByRole('textbox').fill('Clear and quick');
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await desktop.getByText('Thanks for your feedback').waitFor();
    // the conversation as a text file
    const [download] = await Promise.all([desktop.waitForEvent('download'), menu.getByRole('button', { name: 'Download as text' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.txt$/);
    await screenshot(desktop, 'public-chat-page-desktop');

    // the page (not the popup) on a phone: its bar has the recent conversations and the download
    const { page: phonePage } = await openPage(app.browser, { width: 390, height: 844 });
    await phonePage.goto(`${app.server.baseUrl}/public-chat/${endpointName}`);
    await phonePage.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    await phonePage.getByRole('textbox', { name: 'Message' }).fill('When do applications close?');
    await phonePage.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => phonePage.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    await phonePage.getByRole('button', { name: 'Download as text' }).waitFor();
    await phonePage.getByRole('button', { name: 'Your recent conversations' }).click();
    await phonePage.getByRole('menuitem').first().waitFor();
    // the menu has faded in (the screenshot shows it, not its transition)
    await expect.poll(() => phonePage.getByRole('menu').evaluate((el) => getComputedStyle(el.closest('.MuiPaper-root') ?? el).opacity)).toBe('1');
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phonePage, 'public-chat-page-phone');
    await phonePage.keyboard.press('Escape');

    await desktop.goto(`${app.server.baseUrl}/public-chat/no-such-endpoint`);
    await desktop.getByText('This assistant is not available').waitFor();
    expect(await desktop.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
  });

  it('chats as the host site’s signed-in visitor through a signed-identity embed, listed under that identity elsewhere', async () => {
    const errors: string[] = [];
    const { page: adminPage, context: adminContext } = await openPage(app.browser, { errors });
    const token = await signIn(adminPage, app.server.baseUrl, admin);
    await adminContext.close();
    const created = await callApi(app.server, token, 'POST', '/admin/gptSystems', {
      gptSystemName: 'Alumni Assistant',
      config: {
        systemPrompt: 'You help {{userName}}.',
        publicEndpointConfiguration: {
          endpointName: signedEndpointName,
          isEnabled: true,
          allowedOrigins: [signedSite.origin],
          requireGuidelinesConsent: false,
          identity: { mode: 'HS256', secret: visitorSecret, required: true },
        },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { gptSystemId, configStateId } = (await created.json()) as { gptSystemId: string; configStateId: string };
    const published = await callApi(app.server, token, 'PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId });
    expect(published.status, await published.clone().text()).toBe(200);

    const { page } = await openPage(app.browser, { errors, width: 1280, height: 800 });
    await page.goto(signedSite.origin);
    const frame = page.frameLocator('iframe[title="Chat"]');
    await frame.getByRole('heading', { name: 'Alumni Assistant', includeHidden: true }).waitFor({ state: 'attached' });
    // the frame is ready, so it has the token (the script posts it before it tells the page)
    await frameReady(page);
    await page.getByRole('button', { name: 'Open the chat' }).click();
    await frame.getByRole('textbox', { name: 'Message' }).fill('When is the reunion?');
    await frame.getByRole('button', { name: 'Send' }).click();
    // the endpoint requires a token: an answer means the frame sent the one the page gave it
    await expect.poll(() => frame.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    await frame.getByRole('button', { name: 'Send' }).waitFor();

    // another device (a new session identifier) with a fresh token for the same person lists the conversation
    const details = await fetch(`${app.server.baseUrl}/api/internal/public-conversations/${signedEndpointName}/details`, {
      headers: { SessionIdentifier: crypto.randomUUID(), 'X-Visitor-Token': await visitorToken() },
    });
    expect(details.status).toBe(200);
    const listed = ((await details.json()) as PublicEndpointDetails).conversations;
    expect(listed).toHaveLength(1);
    // without a token the endpoint refuses questions
    const refused = await fetch(`${app.server.baseUrl}/api/internal/public-conversations/${signedEndpointName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Hello?', session: { sessionIdentifier: crypto.randomUUID() } }),
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(PublicChatMessages.visitorTokenRequired);
    expect(errors).toEqual([]);
  });

  it('passes the bot check the endpoint asks before the first question, with the provider’s widget', async () => {
    const errors: string[] = [];
    const { page: adminPage, context: adminContext } = await openPage(app.browser, { errors });
    const token = await signIn(adminPage, app.server.baseUrl, admin);
    await adminContext.close();
    const created = await callApi(app.server, token, 'POST', '/admin/gptSystems', {
      gptSystemName: 'Library Assistant',
      config: {
        systemPrompt: 'You help.',
        publicEndpointConfiguration: { endpointName: 'library-help', isEnabled: true, requireGuidelinesConsent: false, requireBotCheck: true },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { gptSystemId, configStateId } = (await created.json()) as { gptSystemId: string; configStateId: string };
    expect((await callApi(app.server, token, 'PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId })).status).toBe(200);

    const { page } = await openPage(app.browser, { errors, width: 1280, height: 800 });
    await page.goto(`${app.server.baseUrl}/public-chat/library-help`);
    // the provider's script loaded (the page's CSP allows its origin) and drew its widget
    const human = page.getByRole('button', { name: 'I am human' });
    await human.waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Is the library open on Sunday?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please complete the check that you are not a robot first.').waitFor();
    expect(turnstile.verified).toHaveLength(0);
    await human.click();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByRole('article').last().textContent(), { timeout: 20_000 }).toContain('You can apply online.');
    expect(turnstile.verified).toHaveLength(1);
    expect(turnstile.verified[0]!.get('response')).toBe(botCheckPass);
    expect(errors).toEqual([]);
  });
});
