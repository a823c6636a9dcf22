// Data retention in the browser: an administrator sets how long conversations are kept on the hipaa tab, is stopped
// by a value that is no number of days, saves, sees HIPAA mode's defaults apply once the values are reset, and runs
// the sweep now; its counts show on the page.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-admin-password-1' };

describe('data retention in the browser', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('saves retention days, goes back to the defaults and runs the sweep now', async () => {
    const { context, page } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/instanceSettings/hipaa`);
    const section = page.getByRole('region', { name: 'Data retention' });
    await section.getByText('Nothing is deleted: no retention limit is set.').waitFor();
    await section.getByText('The retention sweep has not run yet.').waitFor();

    const conversations = section.getByRole('textbox', { name: 'Signed-in conversations' });
    await conversations.fill('0');
    await section.getByText('Enter whole days from 1 to 36500, or leave it empty.').waitFor();
    expect(await section.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await conversations.fill('180');
    await section.getByRole('textbox', { name: 'Public chat conversations' }).fill('14');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    await section.getByText('These limits were set by an administrator.').waitFor();
    await screenshot(page, 'admin-retention');

    await page.reload();
    await expect.poll(() => section.getByRole('textbox', { name: 'Signed-in conversations' }).inputValue()).toBe('180');
    expect(await section.getByRole('textbox', { name: 'Uploaded images and files' }).inputValue()).toBe('');

    // HIPAA mode on: the defaults are its own once the saved values are reset
    await page.getByLabel('HIPAA mode is off').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('HIPAA mode is on').waitFor();
    await section.getByRole('button', { name: 'Use the defaults' }).click();
    await section.getByText('HIPAA mode is on: these are its defaults until you save values of your own.').waitFor();
    await expect.poll(() => section.getByRole('textbox', { name: 'Signed-in conversations' }).inputValue()).toBe('90');
    expect(await section.getByRole('textbox', { name: 'Execution details (trace logs)' }).inputValue()).toBe('30');

    await section.getByRole('button', { name: 'Run now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run now' }).click();
    await section.getByText(/^Last run .*: 0 conversations, 0 uploads and 0 execution details deleted\.$/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-retention-after-run');
    await context.close();
  });

  it('fits a small screen', async () => {
    const { context, page } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    await page.goto(`${app.server.baseUrl}/admin/instanceSettings/hipaa`);
    await page.getByRole('region', { name: 'Data retention' }).getByRole('textbox', { name: 'Signed-in conversations' }).waitFor();
    await screenshot(page, 'admin-retention-390');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
