// An administrator links a file library to an agent from the agent page's "Data source links" card, in the browser:
// the card shows with no link yet (its empty text and "Add library"); the dialog offers the libraries, checks the
// top-k (60 is refused before anything is sent) and POSTs the link, which appears in the card with its top-k, the
// server holding it. The link's top-k is then changed with "Edit" (a PUT, still there after a reload). On a phone
// (390 px) the dialog fills the screen and nothing in it is wider than the window; the library already linked is
// not offered again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiJson } from '../harness/server.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-agent-library-link-password' };

/** Nothing on the page is wider than the window. */
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("an agent's data source link added from the agent page", () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('adds a library link with its top-k from the card, changes the top-k, and the dialog fits a phone', async () => {
    const { page, errors } = await openPage(app.browser, { width: 1400, height: 900 });
    const token = await signIn(page, app.server.baseUrl, admin);
    const api = apiJson(app.server, token);
    const { dataSourceId } = await api<{ dataSourceId: string }>('POST', '/admin/fileLibraries', { name: 'Office policies' });
    const { dataSourceId: priceListsId } = await api<{ dataSourceId: string }>('POST', '/admin/fileLibraries', { name: 'Price lists' });
    const { gptSystemId } = await api<{ gptSystemId: string }>('POST', '/admin/gptSystems', { gptSystemName: 'Travel desk', description: 'Travel rules' });
    const links = () =>
      api<{ items: { ragDataSourceId: string; dataSourceId: string; topK: number; filters: unknown[] }[] }>(
        'GET',
        `/admin/gptSystems/${gptSystemId}/ragDataSources`,
      );

    // no link yet: the card says so, with "Add library"
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${gptSystemId}/edit`);
    const card = page.getByRole('region', { name: 'Data source links' });
    await card.getByText(/^No libraries linked directly/).waitFor();
    await card.getByRole('button', { name: 'Add library' }).click();

    // the dialog: a library, its top-k (checked before sending), then Add
    let dialog = page.getByRole('dialog', { name: 'Add a library' });
    await dialog.waitFor();
    const topK = dialog.getByRole('spinbutton', { name: 'Passages (top-k)' });
    expect(await topK.inputValue()).toBe('5');
    await dialog.getByRole('combobox', { name: 'Library' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([expect.stringMatching(/^Office policies/), expect.stringMatching(/^Price lists/)]);
    await page.getByRole('option', { name: /^Office policies/ }).click();
    expect(await dialog.getByRole('combobox', { name: 'Library' }).inputValue()).toBe('Office policies');
    await topK.fill('60');
    await dialog.getByText('Passages must be between 1 and 50').waitFor();
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await topK.fill('8');
    await dialog.getByText('How many passages a question may get from it: 1 to 50').waitFor();
    await screenshot(page, 'agent-library-link-desktop-1-add-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Office policies linked').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // the link is in the card (the list was fetched again) and on the server
    const row = card.getByRole('list', { name: 'Data source links' }).getByTestId('rag-link').filter({ hasText: 'Office policies' });
    await row.getByText('Up to 8 passages per question').waitFor();
    expect(await card.getByText(/^No libraries linked directly/).count()).toBe(0);
    expect((await links()).items).toEqual([expect.objectContaining({ dataSourceId, topK: 8, filters: [] })]);
    await screenshot(page, 'agent-library-link-desktop-2-linked');

    // "Edit" changes its top-k (a PUT), kept after a reload
    await row.getByRole('button', { name: 'Edit the link to Office policies' }).click();
    const rowTopK = row.getByRole('spinbutton', { name: 'Passages (top-k)' });
    expect(await rowTopK.inputValue()).toBe('8');
    await rowTopK.fill('12');
    await row.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Link saved').waitFor();
    await row.getByText('Up to 12 passages per question').waitFor();
    expect((await links()).items).toEqual([expect.objectContaining({ dataSourceId, topK: 12 })]);
    await page.reload();
    await row.getByText('Up to 12 passages per question').waitFor();

    // on a phone the dialog fills the screen and fits it; the library already linked is not offered again
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: 'Add library' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a library' });
    await dialog.waitFor();
    await page.waitForTimeout(400);
    const box = await dialog.boundingBox();
    expect(box).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.width).toBeGreaterThan(380);
    for (const control of [
      dialog.getByRole('combobox', { name: 'Library' }),
      dialog.getByRole('spinbutton', { name: 'Passages (top-k)' }),
      dialog.getByRole('button', { name: 'Add', exact: true }),
      dialog.getByRole('button', { name: 'Cancel' }),
    ]) {
      const b = await control.boundingBox();
      expect(b).toBeTruthy();
      expect(b!.x).toBeGreaterThanOrEqual(0);
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    }
    expect(await noSideScroll(page)).toBe(true);
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await dialog.getByRole('combobox', { name: 'Library' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual([expect.stringMatching(/^Price lists/)]);
    await page.getByRole('option', { name: /^Price lists/ }).click();
    await screenshot(page, 'agent-library-link-phone-1-add-dialog');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Price lists linked').waitFor();
    await card.getByTestId('rag-link').filter({ hasText: 'Price lists' }).getByText('Up to 5 passages per question').waitFor();
    expect(await noSideScroll(page)).toBe(true);
    expect((await links()).items.map((l) => l.dataSourceId).sort()).toEqual([dataSourceId, priceListsId].sort());
    expect(errors).toEqual([]);
  });
});
