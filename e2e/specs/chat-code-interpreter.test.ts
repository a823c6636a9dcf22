// A person asks an agent with the code interpreter to work on numbers, in Chromium: the fake OpenAI-compatible model
// on 127.0.0.1 calls run_code; the server runs the code in its Pyodide sandbox (the engine a fresh machine has after
// npm install); the page shows "Running code", the code and its output, the answer, and a link that downloads the
// CSV the code wrote (fetched with the person's token). The agent editor offers the capability, since an engine works.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../harness/browser.js';
import { apiJson, callApi } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-code-interpreter-password-1' };
const Code = [
  "rows = [('North', 10), ('South', 32), ('North', 5)]",
  'totals = {}',
  'for region, amount in rows:',
  '    totals[region] = totals.get(region, 0) + amount',
  "open('/mnt/data/totals.csv', 'w').write('region,total\\n' + ''.join(f'{k},{v}\\n' for k, v in totals.items()))",
  "print('North', totals['North'], 'South', totals['South'])",
  // a run long enough for the page to show its step: a quick one's events can all come in one render
  'import time; time.sleep(2)',
].join('\n');

describe('the code interpreter in the chat', () => {
  let model: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Sales', ' totals'] };
        if (body.includes('"role":"tool"')) return { chunks: ['North sold 15 and South 32;', ' the totals are in the file below.'] };
        if (body.includes('run_code')) return { chunks: ['Let me add that up.'], toolCall: { name: 'run_code', input: { code: Code } } };
        return { chunks: ['I cannot run code here.'] };
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
    OPENAI_MODELS: 'gpt-4o',
    CODE_INTERPRETER_ENGINE: 'pyodide',
  }));

  async function enableCodeInterpreter(token: string): Promise<void> {
    const api = apiJson(app.server, token);
    const { items: connections } = await api<{ items: { connectionId: string; deployments: { deploymentId: string; kind: string }[] }[] }>(
      'GET',
      '/admin/connections',
    );
    const chat = connections[0]!.deployments.find((d) => d.kind === 'Chat')!;
    await api('PUT', `/admin/connections/${connections[0]!.connectionId}/deployments/${chat.deploymentId}`, { tools: true });
    const { items: agents } = await api<{ items: { gptSystemId: string; name: string }[] }>('GET', '/admin/gptSystems');
    const agent = agents.find((a) => a.name === 'Atrium Assistant')!;
    const { configStateId } = await api<{ configStateId: string }>('POST', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    await api('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { capabilityTypes: ['CodeInterpreter'] });
    await api('PUT', `/admin/gptSystems/${agent.gptSystemId}/publishing`, { configStateId });
  }

  it('offers the code interpreter in the agent editor', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    const res = await callApi(app.server, token, 'GET', '/admin/gptSystems');
    const agent = ((await res.json()) as { items: { gptSystemId: string; name: string }[] }).items.find((a) => a.name === 'Atrium Assistant')!;
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${agent.gptSystemId}/edit`);
    const codeInterpreter = page.getByRole('region', { name: 'Capabilities' }).getByRole('switch', { name: 'Code interpreter' });
    await codeInterpreter.waitFor();
    await expect.poll(() => codeInterpreter.isEnabled()).toBe(true);
    expect(await codeInterpreter.isChecked()).toBe(false);
    await codeInterpreter.check();
    expect(await codeInterpreter.isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The page's own error screen ("Something went wrong") comes from an error boundary, which logs the error
  // rather than leaving it uncaught: the console's errors are collected too. (Chromium 156's scrollIntoView returns a
  // promise, which the panel's effect handed to React as its cleanup: the page broke once the panel moved under the
  // saved answer, when the effect had run by then, which under load it had.)
  it('shows the code, its output and the answer, and downloads the file the code wrote', async () => {
    const { context, page, errors } = await openPage(app.browser);
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const token = await signIn(page, app.server.baseUrl, admin);
    await enableCodeInterpreter(token);
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();

    await box.fill('Add up the sales per region and give me a CSV');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Running code').first().waitFor({ timeout: 60_000 });
    const output = page.getByRole('region', { name: 'Code output' });
    await expect.poll(() => output.textContent(), { timeout: 90_000 }).toContain('North 15 South 32');
    expect(await output.textContent()).toContain(">>> rows = [('North', 10)");
    expect(await output.textContent()).toContain('[files: totals.csv]');
    const answer = page.getByRole('article').first();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('the totals are in the file below');
    // the code output stays with the answer once it is complete
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 });
    expect(await output.textContent()).toContain('North 15 South 32');
    await screenshot(page, 'chat-code-interpreter');

    const link = page.getByRole('link', { name: 'totals.csv' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), link.click()]);
    expect(download.suggestedFilename()).toBe('totals.csv');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('region,total\nNorth,15\nSouth,32\n');

    // the output is kept with the answer: after a reload it is under it, collapsed, and opens on its title
    await page.reload();
    await page.getByRole('article').first().getByText('the totals are in the file below').waitFor({ timeout: 30_000 });
    const saved = page.getByRole('region', { name: 'Code output' });
    await saved.waitFor();
    const pre = saved.locator('pre');
    expect(await pre.isVisible()).toBe(false);
    await saved.getByText('Code output').click();
    await pre.waitFor();
    expect(await pre.textContent()).toContain('North 15 South 32');
    expect(await pre.textContent()).toContain('[files: totals.csv]');
    await screenshot(page, 'chat-code-interpreter-reloaded');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
