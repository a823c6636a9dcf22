// A person keeps prompts as a new user would: saves what they typed, finds it with the picker's
// search, inserts it into the message box, edits it and deletes it (with confirmation), on the real
// server and in Chromium. Screenshots of the picker and the edit dialog.
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-prompts-password-1' };

describe('user prompts in the chat input', () => {
  const app = useServerAndBrowser({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

  it('saves the input as a prompt, picks it, edits it and deletes it', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();

    // nothing saved yet: the picker says so
    const show = page.getByRole('button', { name: 'Show user prompts' });
    await show.click();
    const picker = page.getByRole('dialog', { name: 'Your prompts' });
    await picker.getByText("You don't have any saved prompts").waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);

    // save what was typed
    await box.fill('Summarise the following text in three bullet points:');
    await show.click();
    await picker.getByRole('button', { name: 'Save input as prompt' }).click();
    const form = page.getByRole('dialog', { name: 'Save prompt' });
    await expect.poll(() => form.getByLabel('Prompt').inputValue()).toBe('Summarise the following text in three bullet points:');
    // the title is required
    await form.getByLabel('Title').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Title is required').waitFor();
    await form.getByLabel('Title').fill('Three bullets');
    await screenshot(page, 'user-prompts-save');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Prompt saved').waitFor();
    await expect.poll(() => form.count()).toBe(0);

    // a second one, written in the dialog (with an empty input the picker offers a new prompt)
    await picker.getByRole('button', { name: 'Insert Three bullets' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);
    await box.fill('');
    await show.click();
    await picker.getByRole('button', { name: 'New prompt' }).click();
    const newForm = page.getByRole('dialog', { name: 'Save prompt' });
    await newForm.getByLabel('Title').fill('Polite email');
    await newForm.getByLabel('Prompt').fill('Write a polite email declining the invitation.');
    await newForm.getByRole('button', { name: 'Save' }).click();
    await picker.getByRole('button', { name: 'Insert Polite email' }).waitFor();
    await screenshot(page, 'user-prompts-picker');

    // search narrows the list; picking inserts the text into the input
    await picker.getByRole('textbox', { name: 'Search prompts' }).fill('bullet');
    await expect.poll(() => picker.getByRole('listitem').count()).toBe(1);
    await picker.getByRole('button', { name: 'Insert Three bullets' }).click();
    await expect.poll(() => box.inputValue()).toBe('Summarise the following text in three bullet points:');
    await expect.poll(() => picker.count()).toBe(0);

    // edit it
    await show.click();
    await picker.getByRole('button', { name: 'Edit Three bullets' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit prompt' });
    await edit.getByLabel('Title').fill('Five bullets');
    await edit.getByLabel('Prompt').fill('Summarise the following text in five bullet points:');
    await edit.getByRole('button', { name: 'Save' }).click();
    await picker.getByRole('button', { name: 'Insert Five bullets' }).waitFor();
    await expect.poll(() => picker.getByRole('button', { name: 'Insert Three bullets' }).count()).toBe(0);

    // delete asks first; Cancel keeps it, Delete removes it
    await picker.getByRole('button', { name: 'Delete Polite email' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete prompt?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => picker.getByRole('listitem').count()).toBe(2);
    await picker.getByRole('button', { name: 'Delete Polite email' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Prompt deleted').waitFor();
    await expect.poll(() => picker.getByRole('listitem').count()).toBe(1);

    // the list is the server's: a reload shows the edited prompt only
    await page.reload();
    await box.waitFor();
    await page.getByRole('button', { name: 'Show user prompts' }).click();
    await picker.getByRole('button', { name: 'Insert Five bullets' }).waitFor();
    expect(await picker.getByRole('listitem').count()).toBe(1);
    await picker.getByRole('button', { name: 'Insert Five bullets' }).click();
    await expect.poll(() => box.inputValue()).toBe('Summarise the following text in five bullet points:');
    expect(errors).toEqual([]);
    await context.close();
  });
});
