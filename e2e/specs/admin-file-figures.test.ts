// The Figures tab of a library file's details: a PDF's images as thumbnails with their pages (each fetched with the
// bearer token, shown through an object URL), and "No figures in this document" for a text file.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfWithImages } from '../../server/src/test/figure-fixtures.js';
import { callApi, type RunningServer } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-file-figures-password' };

async function upload(server: RunningServer, token: string, libraryId: string, data: Buffer, fileName: string): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)]), fileName);
  const res = await fetch(`${server.baseUrl}/api/internal/admin/fileLibraries/${libraryId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { items: { file: { fileId: string } }[] }).items[0]!.file.fileId;
}

describe('figures of a library file', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('shows a PDF’s images with their pages, and says when a file has none', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const created = await callApi(app.server, token, 'POST', '/admin/fileLibraries', { name: 'Lab reports' });
    expect(created.status).toBe(201);
    const libraryId = ((await created.json()) as { dataSourceId: string }).dataSourceId;
    const pdf = pdfWithImages([[{ width: 160, height: 120, rgb: [200, 40, 40] }], [{ width: 90, height: 90, rgb: [40, 40, 200] }]]);
    const pdfId = await upload(app.server, token, libraryId, pdf, 'results.pdf');
    const textId = await upload(app.server, token, libraryId, Buffer.from('Only words here.\n'), 'notes.txt');

    await page.goto(`${app.server.baseUrl}/admin/datasource/${libraryId}/edit?file=${pdfId}`);
    const drawer = page.getByRole('dialog', { name: 'results.pdf' });
    await drawer.getByRole('tab', { name: 'Figures' }).click();
    const grid = drawer.getByRole('list', { name: 'Figures' });
    await drawer.getByText('2 figures').waitFor();
    await grid.getByText('Page 1', { exact: true }).waitFor();
    await grid.getByText('Page 2', { exact: true }).waitFor();
    await grid.getByText('160 × 120 px').waitFor();
    // the images arrive as object URLs of the bytes the server sent, decoded by the browser
    await expect.poll(() => grid.getByRole('img').count()).toBe(2);
    const first = grid.getByRole('img', { name: 'Figure 1' });
    expect(await first.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(160);
    const served = await callApi(app.server, token, 'GET', `/admin/fileLibraries/${libraryId}/files/${pdfId}/figures/1`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(90);
    await screenshot(page, 'file-libraries-figures');

    await page.goto(`${app.server.baseUrl}/admin/datasource/${libraryId}/edit?file=${textId}`);
    const textDrawer = page.getByRole('dialog', { name: 'notes.txt' });
    await textDrawer.getByRole('tab', { name: 'Figures' }).click();
    await textDrawer.getByText('No figures in this document').waitFor();
    expect(errors).toEqual([]);
  });
});
