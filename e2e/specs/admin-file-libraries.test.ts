// File Libraries in the admin area: an administrator finds them in the sidebar, creates a library (the form says
// what is wrong in the contract's words), drops a text file, a two-page PDF and a damaged PDF into it and picks a
// file the browser refuses and one the server refuses (its 415 message shown), watches the statuses move on by
// themselves to Online and Error, opens the PDF's text page by page, its chunks and its log, reprocesses it,
// deletes the text file, filters the files, tries a question, and sees the list on a phone. The older addresses
// with a data source type show the same pages for FileLibrary and say plainly that other types are not supported.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { damagedPdf, makePagedPdf } from '../../server/src/test/library-fixtures.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { callApi } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-file-libraries-password' };

const handbook = makePagedPdf([
  ['Campus handbook', 'The library opens at eight in the morning.', 'Students borrow up to twenty books.'],
  ['Parking', 'Bicycles are parked behind the sports hall.', 'Visitors park on level two of the garage.'],
]);
const notes = Buffer.from('# Exams\n\nExam registration closes two weeks before the exam.\n\n# Canteen\n\nThe canteen serves lunch from noon.\n');

/** A screenshot of what is on screen (a panel over the page), beside the harness's full-page ones. */
async function viewportShot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // the tabs' indicator and the panel slide in: let them settle
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

interface DropFile {
  name: string;
  type: string;
  base64: string;
}
const dropFile = (name: string, type: string, data: Buffer): DropFile => ({ name, type, base64: data.toString('base64') });

/** Drops files onto the library's drop area as a person dragging them from their desktop would. */
async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list: DropFile[]) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return transfer;
  }, files);
  const zone = page.getByTestId('library-drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const fileRow = (page: Page, name: string) => page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: name });
const statusOf = (page: Page, name: string) => fileRow(page, name).getByTestId('file-status').getAttribute('data-status');

describe('file libraries in the admin area', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('creates a library, uploads files, follows them to Online, reads a file, reprocesses, deletes and searches', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, admin);
    const shot = (step: string) => screenshot(page, `file-libraries-desktop-${step}`);

    // the sidebar links the area; an empty list invites to create the first library
    await page.goto(`${app.server.baseUrl}/admin`);
    await page.getByRole('navigation').first().getByRole('link', { name: 'File Libraries' }).click();
    await page.waitForURL('**/admin/datasource');
    await page.getByRole('heading', { name: 'File Libraries', level: 1 }).waitFor();
    await page.getByText('No file library yet').waitFor();
    await shot('1-empty');
    await page.getByRole('link', { name: 'New library' }).click();
    await page.waitForURL('**/admin/datasource/new');

    // the form checks with the contract's rules before sending
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Chunk size' }).inputValue()).toBe('1500');
    expect(await page.getByRole('spinbutton', { name: 'Overlap' }).inputValue()).toBe('200');
    await page.getByRole('spinbutton', { name: 'Overlap' }).fill('900');
    await page.getByRole('button', { name: 'Create library' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('The overlap may be at most half the chunk size').waitFor();
    await page.getByRole('spinbutton', { name: 'Chunk size' }).fill('50');
    await page.getByText('Chunk size must be between 200 and 8,000').waitFor();
    await shot('2-new-invalid');
    await page.getByRole('spinbutton', { name: 'Chunk size' }).fill('1200');
    await page.getByRole('spinbutton', { name: 'Overlap' }).fill('150');
    await name.fill('Student handbook');
    await page.getByRole('textbox', { name: 'Description' }).fill('What students ask in their first weeks.');
    await page.getByRole('button', { name: 'Create library' }).click();
    await page.waitForURL(/\/admin\/datasource\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('heading', { name: 'Student handbook', level: 1 }).waitFor();
    // no embedding deployment: the page says plainly that it searches full text only
    expect(await page.getByTestId('retrieval-explanation').textContent()).toContain('full text only, because no embedding deployment exists');

    // drop three files and one the browser refuses; pick one the server refuses (its message shown)
    await dropFiles(page, [
      dropFile('notes.md', 'text/markdown', notes),
      dropFile('handbook.pdf', 'application/pdf', handbook),
      dropFile('scan.pdf', 'application/pdf', damagedPdf()),
      dropFile('photo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.getByText('A library cannot take this type of file. Allowed: PDF, Word').waitFor();
    await page.getByLabel('Add files to the library').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') });
    await uploads.getByText(/report\.pdf: its content is not what its name says\. Allowed types: PDF \(\.pdf\)/).waitFor();
    await expect.poll(() => uploads.locator('[data-state="added"]').count(), { timeout: 20_000 }).toBe(3);

    // the statuses move on by themselves: Online for the readable files, Error for the damaged one
    await expect.poll(() => statusOf(page, 'handbook.pdf'), { timeout: 60_000 }).toBe('Online');
    await expect.poll(() => statusOf(page, 'notes.md'), { timeout: 60_000 }).toBe('Online');
    await expect.poll(() => statusOf(page, 'scan.pdf'), { timeout: 60_000 }).toBe('Error');
    await page.getByText('Updating while files are processed').waitFor({ state: 'detached' });
    expect(await fileRow(page, 'handbook.pdf').getByRole('cell').nth(2).textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('library-file-total').textContent()).toBe('3');
    await shot('3-files');

    // the PDF's text, page by page; its chunks; its log
    await fileRow(page, 'handbook.pdf').getByText('handbook.pdf').click();
    await page.waitForURL(/\?file=/);
    const drawer = page.getByRole('dialog', { name: 'handbook.pdf' });
    await drawer.getByText('Page 1 of 2').waitFor();
    expect(await drawer.getByTestId('extraction-text').textContent()).toContain('The library opens at eight in the morning.');
    await drawer.getByRole('button', { name: 'Go to page 2' }).click();
    await drawer.getByText('Page 2 of 2').waitFor();
    expect(await drawer.getByTestId('extraction-text').textContent()).toContain('Bicycles are parked behind the sports hall.');
    await viewportShot(page, 'file-libraries-desktop-4-file-text');
    await drawer.getByRole('tab', { name: 'Chunks' }).click();
    await drawer.getByText('Chunk 1 of 2').waitFor();
    expect(await drawer.getByTestId('chunk-text').textContent()).toContain('Campus handbook');
    await drawer.getByText('Page 1', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Go to page 2' }).click();
    await drawer.getByText('Chunk 2 of 2').waitFor();
    expect(await drawer.getByTestId('chunk-text').textContent()).toContain('Visitors park on level two of the garage.');
    await drawer.getByRole('tab', { name: 'Log' }).click();
    await drawer.getByText('Run 1').waitFor();
    expect(await drawer.getByRole('list', { name: 'Log' }).getByRole('listitem').count()).toBeGreaterThan(1);
    await viewportShot(page, 'file-libraries-desktop-5-file-log');

    // reprocess: a new run that goes through the steps again and comes back Online
    await drawer.getByRole('button', { name: 'Reprocess' }).click();
    await page.getByText('handbook.pdf is processed again.').waitFor();
    await drawer.getByText('Run 2').waitFor({ timeout: 30_000 });
    await expect.poll(() => drawer.getByTestId('file-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('Online');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // the damaged PDF says why in its row
    expect(await fileRow(page, 'scan.pdf').getByTestId('file-status').textContent()).toMatch(/^Error.*The PDF is damaged/);

    // delete the text file from its row's menu, after a confirmation
    await fileRow(page, 'notes.md').getByRole('button', { name: 'Actions for notes.md' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('notes.md deleted.').waitFor();
    await fileRow(page, 'notes.md').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('library-file-total').textContent()).toBe('2');

    // filters: a word of the name, a status
    const files = page.getByRole('table', { name: 'Files' });
    await page.getByRole('searchbox', { name: 'Search file names' }).fill('scan');
    await expect.poll(() => files.getByRole('row').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Search file names' }).fill('');
    // both files again before the status filter, so that the next count cannot be the name filter's
    await expect.poll(() => files.getByRole('row').count()).toBe(3);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Online' }).click();
    await expect.poll(() => files.getByRole('row').count()).toBe(2);
    await expect.poll(() => files.textContent()).toContain('handbook.pdf');
    expect(await files.textContent()).not.toContain('scan.pdf');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Queued' }).click();
    await files.getByText('No file matches these filters.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();

    // try a question: the passages an agent would receive, ranked, with the rank each retriever gave them
    const tryPanel = page.getByRole('region', { name: 'Try a question' });
    await tryPanel.getByRole('button', { name: 'Search' }).click();
    await tryPanel.getByText('Question is required').waitFor();
    await tryPanel.getByRole('textbox', { name: 'Question' }).fill('Where are bicycles parked?');
    await tryPanel.getByRole('button', { name: 'Search' }).click();
    const passages = tryPanel.getByRole('list', { name: 'Passages' });
    await passages.waitFor();
    const first = passages.getByTestId('passage').first();
    expect(await first.textContent()).toContain('handbook.pdf');
    expect(await first.textContent()).toContain('Bicycles are parked behind the sports hall.');
    expect(await first.textContent()).toMatch(/#1handbook\.pdfPage 2/);
    expect(await first.textContent()).toMatch(/Full text #1 \(/);
    expect(await tryPanel.getByTestId('search-trace').textContent()).toMatch(/^1 passage shown · Full text: 1 candidate in [\d.]+ ms · [\d.]+ ms in all$/);
    await first.getByRole('link', { name: 'Open handbook.pdf' }).click();
    await page.getByRole('dialog', { name: 'handbook.pdf' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: 'handbook.pdf' }).waitFor({ state: 'detached' });
    await tryPanel.scrollIntoViewIfNeeded();
    await shot('6-try-a-question');

    // settings are kept; the list shows the library with its counts
    expect(await page.getByRole('spinbutton', { name: 'Chunk size' }).inputValue()).toBe('1200');
    await page.goto(`${app.server.baseUrl}/admin/datasource`);
    const row = page.getByRole('table', { name: 'File Libraries' }).getByRole('row').filter({ hasText: 'Student handbook' });
    await row.getByText('1 Online').waitFor();
    await row.getByText('1 Error').waitFor();
    await page.getByTestId('full-text-notice').waitFor();
    await shot('7-list');
    expect(errors).toEqual([]);
  });

  it('shows the older addresses of a file library, and says other data source types are not supported yet', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const list = (await (await callApi(app.server, token, 'GET', '/admin/fileLibraries')).json()) as { items: { dataSourceId: string; name: string }[] };
    const library = list.items.find((l) => l.name === 'Student handbook')!;
    await page.goto(`${app.server.baseUrl}/admin/datasource/FileLibrary/default/${library.dataSourceId}/edit`);
    await page.getByRole('heading', { name: 'Student handbook', level: 1 }).waitFor();
    await page.goto(`${app.server.baseUrl}/admin/datasource/FileLibrary/default/new`);
    await page.getByRole('heading', { name: 'New file library', level: 1 }).waitFor();
    await page.goto(`${app.server.baseUrl}/admin/datasource/UploadedFiles/explicit/new`);
    await page.getByText('Data sources of type “UploadedFiles” (explicit endpoints) are not supported yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to file libraries' }).click();
    await page.waitForURL('**/admin/datasource');
    expect(errors).toEqual([]);
  });

  it('shows a reader the library without what they may not do', async () => {
    const { page: adminPage, context } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(adminPage, app.server.baseUrl, admin);
    await context.close();
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await callApi(app.server, token, method, path, body);
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : ((await response.json()) as Record<string, string>);
    };
    const reader = { email: 'reader@example.test', password: 'quiet shelves and long afternoons' };
    const user = (await api('POST', '/admin/users', { emailAddress: reader.email, displayName: 'Rita Reader', password: reader.password }))!;
    const role = (await api('POST', '/admin/userRoles', { name: 'Library readers', userActions: ['DataSourcesRead'] }))!;
    await api('POST', `/admin/users/${user.userId}/userRoles/${role.userRoleId}`);

    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    await signIn(page, app.server.baseUrl, reader);
    await page.goto(`${app.server.baseUrl}/admin/datasource`);
    const table = page.getByRole('table', { name: 'File Libraries' });
    await table.getByText('Student handbook').click();
    await page.getByRole('heading', { name: 'Student handbook', level: 1 }).waitFor();
    await page.getByText('You may read this library but not change it.').waitFor();
    await page.getByRole('table', { name: 'Files' }).getByText('handbook.pdf').waitFor();
    expect(await page.getByRole('link', { name: 'New library' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete library' }).count()).toBe(0);
    expect(await page.getByTestId('library-drop-zone').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Actions for handbook.pdf' }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Download']);
    await page.keyboard.press('Escape');
    await page.getByRole('table', { name: 'Files' }).getByText('handbook.pdf').click();
    const drawer = page.getByRole('dialog', { name: 'handbook.pdf' });
    await drawer.getByText('Page 1 of 2').waitFor();
    expect(await drawer.getByRole('button', { name: 'Reprocess' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Download' }).waitFor();
    await screenshot(page, 'file-libraries-desktop-8-reader');
    expect(errors).toEqual([]);
  });

  it('fits a phone, and deletes the library after a confirmation', async () => {
    const { page, errors } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/datasource`);
    const table = page.getByRole('table', { name: 'File Libraries' });
    await table.getByText('Student handbook').waitFor();
    await screenshot(page, 'file-libraries-phone-1-list');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await table.getByText('Student handbook').click();
    await page.getByRole('heading', { name: 'Student handbook', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Files' }).getByText('handbook.pdf').waitFor();
    await screenshot(page, 'file-libraries-phone-2-library');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await page.getByRole('table', { name: 'Files' }).getByText('handbook.pdf').click();
    const drawer = page.getByRole('dialog', { name: 'handbook.pdf' });
    await drawer.getByText('Page 1 of 2').waitFor();
    await viewportShot(page, 'file-libraries-phone-3-file');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete library' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete file library' });
    expect(await confirm.textContent()).toContain('Delete “Student handbook” with its 2 files');
    await confirm.getByRole('button', { name: 'Delete library' }).click();
    await page.waitForURL('**/admin/datasource');
    await page.getByText('No file library yet').waitFor();
    await screenshot(page, 'file-libraries-phone-4-empty');
    expect(errors).toEqual([]);
  });
});

describe('a file library that searches by meaning too', () => {
  let embedder: FakeUpstream;
  beforeAll(async () => {
    embedder = await startFakeOpenAI();
  });
  afterAll(async () => {
    await embedder?.close();
  });
  // the fake upstream reranks too (POST …/rerank, scores by the share of the question's words a passage holds)
  const app = useServerAndBrowser(() => ({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, RERANK_URL: embedder.url, RERANK_MODEL: 'fake-rerank' }));

  it('offers the embedding deployment, embeds the files, and ranks passages by both retrievers and the reranker', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const connection = await callApi(app.server, token, 'POST', '/admin/connections', {
      name: 'Embeddings',
      providerType: 'OpenAICompatible',
      endpoint: embedder.url,
      deployments: [{ name: 'small', displayName: 'Small embedder', model: 'text-embedding-3-small', kind: 'Embedding' }],
    });
    expect(connection.status).toBe(201);

    // a new library gets the instance's embedding deployment unless another choice is made
    await page.goto(`${app.server.baseUrl}/admin/datasource/new`);
    const meaning = page.getByRole('combobox', { name: 'Search by meaning' });
    expect(await meaning.textContent()).toBe('Small embedder');
    await page.getByRole('textbox', { name: 'Name' }).fill('Campus guide');
    await page.getByRole('button', { name: 'Create library' }).click();
    await page.waitForURL(/\/edit$/);
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Hybrid', { exact: true }).waitFor();
    expect(await page.getByTestId('retrieval-explanation').textContent()).toBe(
      'Searches by words and by meaning: full text and the vectors of Small embedder, fused by rank.',
    );

    await page.getByLabel('Add files to the library').setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: handbook });
    await expect.poll(() => statusOf(page, 'handbook.pdf'), { timeout: 60_000 }).toBe('Online');
    expect(embedder.requests.some((r) => r.method === 'POST' && r.path.endsWith('/embeddings'))).toBe(true);

    // both retrievers found the passage
    const tryPanel = page.getByRole('region', { name: 'Try a question' });
    await tryPanel.getByRole('textbox', { name: 'Question' }).fill('Where do visitors park?');
    await tryPanel.getByRole('button', { name: 'Search' }).click();
    const first = tryPanel.getByRole('list', { name: 'Passages' }).getByTestId('passage').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('Visitors park on level two of the garage.');
    expect(await first.textContent()).toMatch(/Full text #\d+ \(/);
    expect(await first.textContent()).toMatch(/Vector #\d+ \(/);
    expect(await tryPanel.getByTestId('search-trace').textContent()).toMatch(
      /Full text: \d+ candidates? in .* · Vector: \d+ candidates? in .* · \d+ after fusion · Reranker fake-rerank: \d+ candidates? in [\d.]+ ms · /,
    );
    // the reranker's rank and score beside the fused score and each retriever's
    const scores = first.getByRole('list', { name: 'Scores' });
    expect(await scores.getByRole('listitem').first().textContent()).toMatch(/^Reranker #1 \(\d\.\d+\)$/);
    expect(await first.textContent()).toMatch(/Fused score \d\.\d+/);
    expect(embedder.requests.some((r) => r.method === 'POST' && r.path.endsWith('/rerank'))).toBe(true);
    await tryPanel.scrollIntoViewIfNeeded();
    await screenshot(page, 'file-libraries-desktop-9-hybrid');
    await page.setViewportSize({ width: 390, height: 844 });
    await first.scrollIntoViewIfNeeded();
    await viewportShot(page, 'file-libraries-phone-5-scores');
    await page.setViewportSize({ width: 1400, height: 900 });

    // the log names the embedding step
    await fileRow(page, 'handbook.pdf').getByText('handbook.pdf').click();
    const drawer = page.getByRole('dialog', { name: 'handbook.pdf' });
    await drawer.getByRole('tab', { name: 'Log' }).click();
    await drawer.getByRole('list', { name: 'Log' }).getByText('Embedding', { exact: true }).first().waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });

    // no deployment: full text only, and the page says why
    await meaning.click();
    await page.getByRole('option', { name: 'None: full text only' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved').waitFor();
    await summary.getByText('Full text', { exact: true }).waitFor();
    expect(await page.getByTestId('retrieval-explanation').textContent()).toContain('no embedding deployment is chosen for it');
    expect(errors).toEqual([]);
  });
});
