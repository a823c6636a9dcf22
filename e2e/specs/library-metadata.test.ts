// A library's files carry metadata of their own, and an agent's data source link filters on it. An administrator
// opens the upload zone's "Metadata (optional)", sees a wrong key refuse the files, sets department = Finance
// (the rows checked on a phone too), and uploads two files with it; the file details show the metadata, and the
// HR file's is changed there and still says HR after a reload. On the agent's page the data source link's
// "Edit" sets metadata.department is Finance (a chip, also after a reload); a question the agent answered
// from both files before now reaches the model with the Finance file's passage only, and the answer cites it alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { apiJson } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-library-metadata-password' };

const financeNote = Buffer.from('# Travel expenses\n\nThe finance office reimburses travel expenses up to 500 euros per trip.\n');
const hrNote = Buffer.from('# Travel expenses\n\nThe people office reimburses travel expenses of job candidates up to 200 euros.\n');
const question = 'Who reimburses travel expenses?';
const answer = 'Travel expenses are reimbursed up to the amount the office sets [1].';

/** What is on screen (a panel over the page, a part scrolled into view), beside the harness's full-page screenshots. */
async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

const fileRow = (page: Page, name: string) => page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: name });
const statusOf = (page: Page, name: string) => fileRow(page, name).getByTestId('file-status').getAttribute('data-status');

describe('library file metadata and a data source link filtered on it', () => {
  let model: FakeUpstream;
  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Travel', ' expenses'] };
        if (body.includes('standalone search query')) return { chunks: ['travel expenses'] };
        return { chunks: answer.match(/.{1,12}/gs) ?? [answer] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
  });
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, OPENAI_BASE_URL: model.url, OPENAI_MODELS: 'fake-gpt' }));

  it('uploads files with metadata, edits it in the file details, filters a data source link on it, and the answer cites the matching file', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const api = apiJson(app.server, token);
    const { dataSourceId } = await api<{ dataSourceId: string }>('POST', '/admin/fileLibraries', { name: 'Office policies' });

    // the upload zone's metadata: closed at first, one empty row when opened
    await page.goto(`${app.server.baseUrl}/admin/datasource/${dataSourceId}/edit`);
    await page.getByRole('heading', { name: 'Office policies', level: 1 }).waitFor();
    const expander = page.getByRole('button', { name: 'Metadata (optional)' });
    expect(await expander.getAttribute('aria-expanded')).toBe('false');
    await expander.click();
    const entry = page.getByRole('group', { name: 'Metadata entry 1' });
    const key = entry.getByRole('textbox', { name: 'Key' });
    const value = entry.getByRole('textbox', { name: 'Value' });
    await key.waitFor();
    expect(await key.inputValue()).toBe('');

    // a key the contract refuses: shown at the row, and files chosen meanwhile are not uploaded
    await key.fill('1department');
    await value.fill('Finance');
    await entry.getByText('1department is not a metadata key: a letter, then letters, digits, _, . or -, 64 characters at most.').waitFor();
    await page.getByLabel('Add files to the library').setInputFiles({ name: 'finance.md', mimeType: 'text/markdown', buffer: financeNote });
    await page
      .getByRole('alert')
      .getByText(/^The files were not uploaded: fix the metadata first\. 1department is not a metadata key/)
      .waitFor();
    expect(await page.getByRole('list', { name: 'Uploads' }).count()).toBe(0);

    // department = Finance; the expander counts the entry
    await key.fill('department');
    await entry.getByText('1department is not a metadata key', { exact: false }).waitFor({ state: 'detached' });
    await page.getByRole('alert').filter({ hasText: 'The files were not uploaded' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Metadata: 1 entry' }).waitFor();
    await screenshot(page, 'library-metadata-desktop-1-upload-rows');

    // on a phone the rows fit: the value stands under its key, nothing wider than the window
    await page.setViewportSize({ width: 390, height: 844 });
    await entry.scrollIntoViewIfNeeded();
    const [keyBox, valueBox] = await Promise.all([key.boundingBox(), value.boundingBox()]);
    expect(keyBox && valueBox).toBeTruthy();
    expect(valueBox!.y).toBeGreaterThan(keyBox!.y + keyBox!.height);
    expect(Math.abs(valueBox!.x - keyBox!.x)).toBeLessThan(2);
    expect(valueBox!.x + valueBox!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await viewportShot(page, 'library-metadata-phone-1-upload-rows');
    await page.setViewportSize({ width: 1400, height: 900 });

    // both files get the metadata set while they are added
    await page.getByLabel('Add files to the library').setInputFiles([
      { name: 'finance.md', mimeType: 'text/markdown', buffer: financeNote },
      { name: 'hr.md', mimeType: 'text/markdown', buffer: hrNote },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect.poll(() => uploads.locator('[data-state="added"]').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => statusOf(page, 'finance.md'), { timeout: 60_000 }).toBe('Online');
    await expect.poll(() => statusOf(page, 'hr.md'), { timeout: 60_000 }).toBe('Online');
    const files = await api<{ items: { fileId: string; fileName: string; metadata: Record<string, string> }[] }>(
      'GET',
      `/admin/fileLibraries/${dataSourceId}/files`,
    );
    const stored = Object.fromEntries(files.items.map((f) => [f.fileName, f.metadata]));
    expect(stored).toEqual({ 'finance.md': { department: 'Finance' }, 'hr.md': { department: 'Finance' } });

    // the file details show it
    await fileRow(page, 'finance.md').getByText('finance.md').click();
    let drawer = page.getByRole('dialog', { name: 'finance.md' });
    let metadata = drawer.getByRole('region', { name: 'Metadata' });
    await expect.poll(() => metadata.locator('dt').allTextContents()).toEqual(['department']);
    expect(await metadata.locator('dd').allTextContents()).toEqual(['Finance']);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // the HR file's department is changed there, and stays changed after a reload
    await fileRow(page, 'hr.md').getByText('hr.md').click();
    drawer = page.getByRole('dialog', { name: 'hr.md' });
    metadata = drawer.getByRole('region', { name: 'Metadata' });
    await expect.poll(() => metadata.locator('dd').allTextContents()).toEqual(['Finance']);
    await metadata.getByRole('button', { name: 'Edit metadata' }).click();
    const row = metadata.getByRole('group', { name: 'Metadata entry 1' });
    await expect.poll(() => row.getByRole('textbox', { name: 'Key' }).inputValue()).toBe('department');
    await row.getByRole('textbox', { name: 'Value' }).fill('HR');
    await viewportShot(page, 'library-metadata-desktop-2-file-edit');
    await metadata.getByRole('button', { name: 'Save metadata' }).click();
    await page.getByText('Metadata saved').waitFor();
    await metadata.getByRole('button', { name: 'Edit metadata' }).waitFor();
    await expect.poll(() => metadata.locator('dd').allTextContents()).toEqual(['HR']);
    await page.reload();
    drawer = page.getByRole('dialog', { name: 'hr.md' });
    metadata = drawer.getByRole('region', { name: 'Metadata' });
    await expect.poll(() => metadata.locator('dd').allTextContents()).toEqual(['HR']);
    expect(await metadata.locator('dt').allTextContents()).toEqual(['department']);
    await viewportShot(page, 'library-metadata-desktop-3-file-after-reload');
    const hrFile = files.items.find((f) => f.fileName === 'hr.md')!;
    expect((await api<{ metadata: unknown }>('GET', `/admin/fileLibraries/${dataSourceId}/files/${hrFile.fileId}`)).metadata).toEqual({ department: 'HR' });

    // an agent, published, with the library linked through the API (no filter yet)
    const { gptSystemId } = await api<{ gptSystemId: string }>('POST', '/admin/gptSystems', { gptSystemName: 'Travel desk', description: 'Travel rules' });
    const { configStateId } = await api<{ configStateId: string }>('POST', `/admin/gptSystems/${gptSystemId}/configurationStates`);
    await api('PUT', `/admin/gptSystems/${gptSystemId}/publishing`, { configStateId });
    const link = await api<{ ragDataSourceId: string }>('POST', `/admin/gptSystems/${gptSystemId}/ragDataSources`, { dataSourceId });

    // asked without a filter, the model reads passages of both files
    const { page: chat } = await openPage(app.browser, { width: 1280, height: 860, errors });
    await signIn(chat, app.server.baseUrl, admin);
    const ask = async () => {
      const before = model.requests.length;
      await chat.goto(`${app.server.baseUrl}/chat/${gptSystemId}`);
      const box = chat.getByRole('textbox', { name: 'Message' });
      await box.fill(question);
      await box.press('Enter');
      await chat
        .getByRole('article')
        .getByText(/reimbursed up to the amount/)
        .waitFor({ timeout: 20_000 });
      await chat.getByRole('button', { name: 'Regenerate' }).last().waitFor();
      const asked = model.requests.slice(before).filter((r) => JSON.stringify(r.body).includes(question));
      expect(asked.length).toBeGreaterThan(0);
      return asked.map((r) => JSON.stringify(r.body)).join('\n');
    };
    let sent = await ask();
    expect(sent).toContain('up to 500 euros per trip');
    expect(sent).toContain('job candidates up to 200 euros');

    // the agent's page: the link without a filter, then "Edit" with metadata.department is Finance
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${gptSystemId}/edit`);
    const card = page.getByRole('list', { name: 'Data source links' });
    const linkRow = card.getByTestId('rag-link').filter({ hasText: 'Office policies' });
    await linkRow.getByText("No filter: all of the library's files").waitFor();
    await linkRow.getByRole('button', { name: 'Edit the link to Office policies' }).click();
    await linkRow.getByRole('button', { name: 'Add a condition' }).click();
    const condition = linkRow.getByRole('group', { name: 'Condition 1' });
    await condition.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Metadata: department' }).click();
    await condition.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: 'is', exact: true }).click();
    await condition.getByRole('textbox', { name: 'Value' }).fill('Finance');
    await linkRow.scrollIntoViewIfNeeded();
    await viewportShot(page, 'library-metadata-desktop-4-link-filter-edit');
    await linkRow.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Link saved').waitFor();
    const chip = linkRow.locator('.MuiChip-root');
    await expect.poll(() => chip.allTextContents()).toEqual(['Metadata: department is Finance']);
    expect(await linkRow.getByText("No filter: all of the library's files").count()).toBe(0);
    const links = await api<{ items: { ragDataSourceId: string; filters: unknown }[] }>('GET', `/admin/gptSystems/${gptSystemId}/ragDataSources`);
    expect(links.items).toEqual([
      expect.objectContaining({ ragDataSourceId: link.ragDataSourceId, filters: [{ field: 'metadata.department', operator: 'eq', value: 'Finance' }] }),
    ]);
    await page.reload();
    await expect.poll(() => linkRow.locator('.MuiChip-root').allTextContents()).toEqual(['Metadata: department is Finance']);
    await linkRow.scrollIntoViewIfNeeded();
    await viewportShot(page, 'library-metadata-desktop-5-link-filter-chips');

    // asked again: only the Finance file's passage reaches the model, and the answer cites it alone
    sent = await ask();
    expect(sent).toContain('up to 500 euros per trip');
    expect(sent).not.toContain('job candidates up to 200 euros');
    const chips = chat.getByTestId('citation-chip');
    await chips.first().waitFor();
    expect(await chips.count()).toBe(1);
    expect(await chips.first().getAttribute('aria-label')).toBe('Source 1: finance.md');
    await screenshot(chat, 'library-metadata-desktop-6-cited-answer');
    expect(errors).toEqual([]);
  });
});
