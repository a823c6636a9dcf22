// An agent answers from a file library and cites it: an administrator creates a library through the API, uploads a
// three-page PDF, waits for it to be Online, links it to an agent in the editor's Data sources step (/edit/true) with
// a top-k, a minimum score and a metadata filter, and publishes. A filter that leaves the handbook out leaves the
// answer without citations; with the filter changed to keep it, a person asks; the answer (a fake model that cites [1]) shows a
// numbered citation chip with the file name and page and the excerpt on hover; the chip and the [1] marker open the
// sources page at the cited page, marked and in view, with page navigation and "Open the original" (the PDF at the
// page, in a tab of its own). On a phone a tap shows the excerpt first. A document the person may not read says so.
// A person gives a personal agent a knowledge file in its editor, publishes it, and its answers cite the file too.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { makePagedPdf, multipartFiles } from '../../server/src/test/library-fixtures.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-citations-password-1' };
const reader = { email: 'rita@example.test', password: 'e2e-citations-password-2' };

const handbook = makePagedPdf([
  ['Student handbook', 'Welcome to the university.', 'This handbook explains the rules of study.'],
  ['Enrolment', 'Enrolment for the winter term closes on 12 September.', 'Late enrolment costs a fee of 40 euros.'],
  ['Libraries', 'The main library opens at eight in the morning.', 'Students borrow up to twenty books.'],
]);
/** What is on screen (a page scrolled to its cited page, a tooltip), beside the harness's full-page screenshots. */
async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // tooltips, popovers and the route's progress bar fade: let them settle
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const answer = 'Enrolment for the winter term closes on **12 September** [1]. After that date a late fee applies [1].';

describe('citations in the chat', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Enrolment', ' deadline'] };
        // the search query of a follow-up, when the engine asks for one
        if (body.includes('standalone search query')) return { chunks: ['enrolment deadline'] };
        return { chunks: answer.match(/.{1,12}/gs) ?? [answer] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  it('links a library in the agent editor, answers with citation chips, and opens the cited page', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const adminToken = await signIn(page, app.server.baseUrl, admin);
    const api = (method: string, path: string, body?: unknown) => callApi(app.server, adminToken, method, path, body);
    expect((await api('POST', '/admin/users', { emailAddress: reader.email, displayName: 'Rita Reader', password: reader.password })).status).toBe(201);

    // a library with the handbook, Online
    const created = await api('POST', '/admin/fileLibraries', { name: 'Student handbook', description: 'Rules of study, enrolment and libraries' });
    expect(created.status).toBe(201);
    const { dataSourceId } = (await created.json()) as { dataSourceId: string };
    const { payload, headers } = multipartFiles([{ data: handbook, fileName: 'handbook.pdf', contentType: 'application/pdf' }]);
    const uploaded = await fetch(`${app.server.baseUrl}/api/internal/admin/fileLibraries/${dataSourceId}/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, ...headers },
      body: payload,
    });
    expect(uploaded.status).toBe(200);
    const fileId = ((await uploaded.json()) as { items: { file: { fileId: string } }[] }).items[0]!.file.fileId;
    await expect
      .poll(async () => ((await (await api('GET', `/admin/fileLibraries/${dataSourceId}/files/${fileId}`)).json()) as { status: string }).status, {
        timeout: 30_000,
      })
      .toBe('Online');

    // an agent, and its editor at the Data sources step (docs/product.md §2: /edit/true)
    const agent = await api('POST', '/admin/gptSystems', { gptSystemName: 'Study advisor', description: 'Answers from the student handbook' });
    const { gptSystemId } = (await agent.json()) as { gptSystemId: string };
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${gptSystemId}/edit/true`);
    await page.getByRole('tab', { name: 'Data sources', selected: true }).waitFor();
    const row = page.getByTestId('data-source-row').filter({ hasText: 'Student handbook' });
    await row.getByText('1 Online').waitFor();
    await row.getByRole('checkbox', { name: 'Answer from Student handbook' }).check();
    const topK = row.getByRole('spinbutton', { name: 'Passages' });
    await topK.fill('99');
    await row.getByText('Passages must be between 1 and 50').waitFor();
    await topK.fill('4');
    await row.getByRole('spinbutton', { name: 'Minimum score' }).fill('0');
    // a filter on the files' metadata: the contract's words for a wrong value, then "file name is not handbook.pdf"
    await row.getByText('No filter: the agent searches all of its files.').waitFor();
    await row.getByRole('button', { name: 'Add a condition' }).click();
    const condition = row.getByRole('group', { name: 'Condition 1' });
    await condition.getByText('Enter a value').waitFor();
    await condition.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'File id' }).click();
    await condition.getByRole('textbox', { name: 'Value' }).fill('handbook');
    await condition.getByText('fileId compares with a file id (uuid).').waitFor();
    await condition.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'File name' }).click();
    await condition.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'is not' }).click();
    await condition.getByRole('textbox', { name: 'Value' }).fill('handbook.pdf');
    await row.getByText('The agent finds passages only in the files that meet every condition.').waitFor();
    await page.getByRole('tab', { name: 'Data sources (1)' }).waitFor();
    await screenshot(page, 'chat-citations-editor-step');
    await page.setViewportSize({ width: 390, height: 844 });
    await condition.scrollIntoViewIfNeeded();
    await viewportShot(page, 'chat-citations-editor-filter-phone');
    await page.setViewportSize({ width: 1400, height: 900 });
    // the step is in the address: Settings and back
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL(`**/admin/gptsystem/${gptSystemId}/edit`);
    await page.getByRole('textbox', { name: 'System prompt' }).waitFor();
    await page.getByRole('tab', { name: /Data sources/ }).click();
    await page.waitForURL(`**/admin/gptsystem/${gptSystemId}/edit/true`);
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Published version 1').waitFor();
    const publishedSources = async () =>
      ((await (await api('GET', `/admin/gptSystems/${gptSystemId}`)).json()) as { publishedConfig: { dataSources: unknown } }).publishedConfig.dataSources;
    expect(await publishedSources()).toEqual([{ dataSourceId, topK: 4, minScore: 0, filters: [{ field: 'fileName', operator: 'ne', value: 'handbook.pdf' }] }]);
    expect(errors).toEqual([]);

    // a person asks: the handbook is filtered out, so the model reads no passage of it and nothing is cited
    const { page: chat, context } = await openPage(app.browser, { width: 1280, height: 860, errors });
    await signIn(chat, app.server.baseUrl, reader);
    await chat.goto(`${app.server.baseUrl}/chat/${gptSystemId}`);
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill('When does enrolment close?');
    await box.press('Enter');
    await chat
      .getByRole('article')
      .getByText(/After that date a late fee applies/)
      .waitFor({ timeout: 20_000 });
    await chat.getByRole('button', { name: 'Regenerate' }).last().waitFor();
    expect(await chat.getByTestId('citation-chip').count()).toBe(0);
    const asked = model.requests.filter((r) => JSON.stringify(r.body).includes('When does enrolment close?'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.some((r) => JSON.stringify(r.body).includes('Late enrolment costs a fee'))).toBe(false);

    // the filter changed to keep the handbook only, published again
    await condition.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'is', exact: true }).click();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Published version 2').waitFor();
    expect(await publishedSources()).toEqual([{ dataSourceId, topK: 4, minScore: 0, filters: [{ field: 'fileName', operator: 'eq', value: 'handbook.pdf' }] }]);

    // a person asks again, in a new conversation: the answer cites the handbook's page 2
    await chat.goto(`${app.server.baseUrl}/chat/${gptSystemId}`);
    await box.fill('When does enrolment close?');
    await box.press('Enter');
    const chip = chat.getByTestId('citation-chip');
    await chip.waitFor({ timeout: 20_000 });
    await chat.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const conversationId = chat.url().split('/').pop()!;
    expect(await chip.getAttribute('aria-label')).toBe('Source 1: handbook.pdf, page 2');
    expect(await chip.getAttribute('href')).toBe(`/sources/${fileId}?page=2`);
    expect(await chip.textContent()).toBe('1handbook.pdfp. 2');
    // the [1] markers of the text are links to the same citation
    const markers = chat.getByRole('article').getByRole('link', { name: 'Source 1: handbook.pdf, page 2' });
    await expect.poll(() => markers.count()).toBe(3);
    // the excerpt on hover
    await chip.hover();
    const tooltip = chat.getByRole('tooltip');
    await tooltip.getByText(/Enrolment for the winter term closes on 12 September/).waitFor();
    await viewportShot(chat, 'chat-citations-chips-wide');
    await chat.mouse.move(0, 0);
    await tooltip.waitFor({ state: 'hidden' });

    // the chip opens the sources page at the cited page
    await chip.click();
    await chat.waitForURL(`**/sources/${fileId}?page=2`);
    await chat.getByRole('heading', { name: 'handbook.pdf', level: 1 }).waitFor();
    await chat.getByText('From the library Student handbook · 3 pages · The answer cites page 2').waitFor();
    const cited = chat.getByTestId('cited-page');
    await cited.getByText('Enrolment for the winter term closes on 12 September.').waitFor();
    expect(await cited.getAttribute('aria-label')).toBe('Page 2');
    // in view (a short document cannot scroll its page to the top)
    const inView = () => cited.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight - 100);
    await expect.poll(inView).toBe(true);
    await chat.getByRole('navigation', { name: 'Pages' }).getByText('Page 2 of 3').waitFor();
    expect(await chat.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Page 2');
    await viewportShot(chat, 'chat-citations-sources-page');

    // page navigation: the next page, and one picked from the list
    const pagesBar = chat.getByRole('navigation', { name: 'Pages' });
    await pagesBar.getByRole('button', { name: 'Next page' }).click();
    await pagesBar.getByText('Page 3 of 3').waitFor();
    expect(await pagesBar.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await pagesBar.getByRole('button', { name: /choose a page/ }).click();
    await chat.getByRole('menuitem', { name: 'Page 1' }).click();
    await pagesBar.getByText('Page 1 of 3').waitFor();
    await expect.poll(() => chat.getByRole('region', { name: 'Page 1' }).evaluate((el) => el.getBoundingClientRect().top < 300)).toBe(true);

    // the original, in a tab of its own at the page
    const [tab] = await Promise.all([context.waitForEvent('page'), chat.getByRole('button', { name: 'Open the original' }).click()]);
    await expect.poll(() => tab.url(), { timeout: 10_000 }).toMatch(/^blob:.*#page=2$/);
    await tab.close();

    // back to the answer; its [1] marker opens the same page
    await chat.getByRole('button', { name: 'Back' }).click();
    await chat.waitForURL(`**/chat/${gptSystemId}/**`);
    await chat.getByRole('article').locator('span[data-citation="1"][role="link"]').first().click();
    await chat.waitForURL(`**/sources/${fileId}?page=2`);
    await chat.getByTestId('cited-page').waitFor();

    // a document that does not exist (or may not be read) says so
    await chat.goto(`${app.server.baseUrl}/sources/${randomUUID()}?page=1`);
    await chat.getByRole('alert').getByText('This document is not available').waitFor();
    await chat.getByRole('alert').getByRole('link', { name: 'Back to chat' }).waitFor();
    await screenshot(chat, 'chat-citations-sources-not-found');
    expect(errors).toEqual([]);

    // on a phone: the chips wrap, and a tap shows the excerpt with a button that opens the page
    const phone = await app.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const mobile = await phone.newPage();
    mobile.on('pageerror', (e) => errors.push(e.message));
    await signIn(mobile, app.server.baseUrl, reader);
    await mobile.goto(`${app.server.baseUrl}/chat/${gptSystemId}/${conversationId}`);
    const phoneChip = mobile.getByTestId('citation-chip');
    await phoneChip.waitFor();
    await viewportShot(mobile, 'chat-citations-chips-phone');
    await phoneChip.tap();
    const peek = mobile.getByRole('dialog', { name: 'handbook.pdf' });
    await peek.getByText(/closes on 12 September/).waitFor();
    await viewportShot(mobile, 'chat-citations-chips-phone-excerpt');
    await peek.getByRole('link', { name: 'Open page 2' }).tap();
    await mobile.waitForURL(`**/sources/${fileId}?page=2`);
    await mobile.getByTestId('cited-page').waitFor();
    await viewportShot(mobile, 'chat-citations-sources-phone');
    await phone.close();
    expect(errors).toEqual([]);
  });

  it("cites a personal agent's own knowledge file", async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const adminToken = await signIn(page, app.server.baseUrl, admin);
    expect((await callApi(app.server, adminToken, 'PUT', '/admin/instanceSettings/gptInstanceSettings', { allowUserCreatedGptSystems: true })).status).toBe(
      200,
    );
    const { page: own } = await openPage(app.browser, { width: 1400, height: 900, errors });
    const token = await signIn(own, app.server.baseUrl, reader);
    const created = await callApi(app.server, token, 'POST', '/configStates/byGptSystemType/User', { forceCreate: true });
    const { configStateId } = (await created.json()) as { configStateId: string };
    expect((await callApi(app.server, token, 'PUT', `/configStates/${configStateId}`, { gptSystemName: 'Exam helper', description: 'My exams' })).status).toBe(
      200,
    );

    await own.goto(`${app.server.baseUrl}/chat/agents/configstate/${configStateId}/edit`);
    await own.getByRole('heading', { name: 'Knowledge files' }).waitFor();
    await own.getByTestId('agent-files-input').setInputFiles({
      name: 'exams.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Exams\n\nEnrolment for the winter term closes on 12 September, and the exams start in February.\n'),
    });
    const file = own.getByTestId('agent-file').filter({ hasText: 'exams.md' });
    await file.getByRole('button', { name: 'Remove exams.md' }).waitFor();
    await screenshot(own, 'chat-citations-personal-files');
    await own.getByRole('button', { name: 'Publish' }).click();
    await own.getByText('Published version 1').waitFor();
    const gptSystemId = ((await (await callApi(app.server, token, 'GET', `/configStates/${configStateId}`)).json()) as { gptSystemId: string }).gptSystemId;

    // the file is read in the background: ask until the answer cites it
    await own.goto(`${app.server.baseUrl}/chat/${gptSystemId}`);
    const box = own.getByRole('textbox', { name: 'Message' });
    await box.fill('When does enrolment close?');
    await box.press('Enter');
    const chip = own.getByTestId('citation-chip');
    for (let attempt = 0; attempt < 15 && (await chip.count()) === 0; attempt++) {
      await own.getByRole('button', { name: 'Regenerate' }).last().waitFor();
      if ((await chip.count()) > 0) break;
      await own.waitForTimeout(1000);
      await own.getByRole('button', { name: 'Regenerate' }).last().click();
    }
    await chip.first().waitFor();
    expect(await chip.first().getAttribute('aria-label')).toBe('Source 1: exams.md');
    await chip.first().click();
    await own.waitForURL(/\/sources\/[0-9a-f-]{36}$/);
    await own.getByRole('heading', { name: 'exams.md', level: 1 }).waitFor();
    await own.getByText(/exams start in February/).waitFor();
    expect(errors).toEqual([]);
  });
});
