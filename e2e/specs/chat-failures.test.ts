// No silent failures on the chat page. A model that never starts or falls silent mid-answer: "Thinking" counts
// the seconds, then the page says what happened and keeps the partial answer (also after a reload). A deleted
// conversation opened by its address says it was deleted and offers no input. An address that names no agent
// (not a uuid, an unknown uuid) and an agent the person may no longer use say so, with the way back; an old
// conversation with such an agent stays readable with the input closed and the reason shown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { claimsOf, signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-failures-password-1' };
const plain = { email: 'robin@example.test', password: 'e2e-failures-plain-1' };
const FirstTokenTimeoutMs = 4000;
const IdleTimeoutMs = 2000;

/** The question the model is answering (the last message; earlier ones are the history). */
const lastQuestion = (body: Record<string, unknown>) => {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  return JSON.stringify(messages.at(-1)?.content ?? '');
};

describe('failures on the chat page', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const question = lastQuestion(request.body);
        if (JSON.stringify(request.body).includes('short title for a conversation')) return { chunks: ['A title'] };
        if (question.includes('STALL-BEFORE')) return { chunks: [], end: 'hang' };
        if (question.includes('STALL-MID')) return { chunks: ['Half', ' an', ' answer'], chunkDelayMs: 100, end: 'hang' };
        return {};
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
    OPENAI_MODELS: 'fake-gpt',
    MODEL_FIRST_TOKEN_TIMEOUT_MS: String(FirstTokenTimeoutMs),
    MODEL_IDLE_TIMEOUT_MS: String(IdleTimeoutMs),
  }));
  const api = (token: string, method: string, path: string, body?: unknown) => callApi(app.server, token, method, path, body);
  const agentIdOf = async (token: string) =>
    ((await (await api(token, 'GET', '/CurrentUser/AvailableGptSystems')).json()) as { items: { gptSystemId: string }[] }).items[0]!.gptSystemId;
  const ask = async (page: Page, question: string) => {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(question);
    await box.press('Enter');
  };

  it('says when the model never starts or falls silent, keeps the partial answer, and shows Thinking alive meanwhile', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();

    await ask(page, 'STALL-BEFORE: are you there?');
    // "Thinking" counts the seconds while the model says nothing
    const status = page.getByRole('status').filter({ hasText: 'Thinking' });
    await status.waitFor();
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toMatch(/Thinking · [23] s/);
    await screenshot(page, 'chat-failures-thinking');
    const firstTokenMessage = page.getByText('The model did not start answering within 4 seconds, so this answer was stopped.', { exact: false });
    await firstTokenMessage.waitFor({ timeout: FirstTokenTimeoutMs + 5000 });
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    expect(await page.getByText('Thinking').count()).toBe(0);
    await page.getByRole('button', { name: 'Send' }).waitFor();

    // mid-answer: the words so far stay, and the reason is given under them
    await ask(page, 'STALL-MID: tell me more');
    await page.getByText('Half an answer').waitFor();
    const idleMessage = page.getByText('The model stopped sending for 2 seconds in the middle of its answer, so the answer ends here', { exact: false });
    await idleMessage.waitFor({ timeout: IdleTimeoutMs + 5000 });
    expect(await page.getByText('Thinking').count()).toBe(0);
    await screenshot(page, 'chat-failures-timeouts');

    // both are kept on the conversation: a reload shows the same
    const conversationUrl = page.url();
    await page.reload();
    await page.getByText('Half an answer').waitFor();
    await firstTokenMessage.waitFor();
    await idleMessage.waitFor();
    expect(await page.getByRole('article').count()).toBe(2);

    // and the conversation goes on once the model answers again
    await ask(page, 'Are you back?');
    await page.getByText('Hello from the fake model.').waitFor();
    expect(page.url()).toBe(conversationUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says a deleted conversation was deleted and offers nothing to send, with the way back', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    await ask(page, 'A conversation to delete');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByText('Hello from the fake model.').waitFor();
    const conversationId = page.url().split('/').at(-1)!;
    expect((await api(token, 'DELETE', `/userConversations/${conversationId}`)).status).toBeLessThan(300);

    await page.reload();
    await page.getByRole('heading', { name: 'This conversation was deleted' }).waitFor();
    await page.getByText('nothing more can be sent to it').waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    expect(await page.getByText('Hello from the fake model.').count()).toBe(0);
    await screenshot(page, 'chat-failures-deleted');
    await page.getByRole('link', { name: 'Start a new chat' }).click();
    await page.waitForURL(/\/chat$/);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says an address names no agent or no conversation, with the way back', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 390, height: 844 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const agentId = await agentIdOf(token);

    await page.goto(`${app.server.baseUrl}/chat/not-a-uuid`);
    await page.getByRole('heading', { name: 'This agent is not available' }).waitFor();
    await page.getByText('This address does not name an agent.', { exact: false }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await screenshot(page, 'chat-failures-bad-address-phone');

    await page.goto(`${app.server.baseUrl}/chat/${randomUUID()}`);
    await page.getByText('There is no agent at this address', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'View all Agents' }).click();
    await page.waitForURL(/\/chat\/agents$/);

    await page.goto(`${app.server.baseUrl}/chat/${agentId}/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Conversation not found' }).waitFor();
    await page.getByRole('link', { name: 'Start a new chat' }).click();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an old conversation readable when its agent is no longer allowed, with the input closed and the reason', async () => {
    const { context: adminContext, page: adminPage } = await openPage(app.browser);
    const adminToken = await signIn(adminPage, app.server.baseUrl, admin);
    expect((await api(adminToken, 'POST', '/admin/users', { emailAddress: plain.email, displayName: 'Robin Plain', password: plain.password })).status).toBe(
      201,
    );
    const agentId = await agentIdOf(adminToken);

    const { context, page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, plain);
    await ask(page, 'Before the policy');
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    await page.getByText('Hello from the fake model.').waitFor();
    const conversationUrl = page.url();

    // the administrator keeps the agent for themselves
    const policy = await api(adminToken, 'POST', '/admin/chatAccessPolicies', {
      name: 'Administrators only',
      gptSystemIds: [agentId],
      userIds: [claimsOf(adminToken).sub],
    });
    expect(policy.status).toBe(201);

    await page.goto(conversationUrl);
    await page.getByText('Before the policy').waitFor();
    await page.getByText('Hello from the fake model.').waitFor();
    await page.getByText('You no longer have access to the agent of this conversation. You can read the conversation, but not continue it.').waitFor();
    const box = page.getByRole('textbox', { name: 'Message' });
    expect(await box.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await screenshot(page, 'chat-failures-agent-forbidden-conversation');

    await page.goto(`${app.server.baseUrl}/chat/${agentId}`);
    await page.getByRole('heading', { name: 'This agent is not available' }).waitFor();
    await page.getByText('You no longer have access to this agent.', { exact: false }).waitFor();
    await screenshot(page, 'chat-failures-agent-forbidden');
    expect(errors).toEqual([]);
    await context.close();
    await adminContext.close();
  });
});
