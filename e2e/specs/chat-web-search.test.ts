// A person asks an agent with web search a question and sees the answer with its sources, in Chromium, then again
// after a reload. The chat model is a fake OpenAI-compatible server on 127.0.0.1 that calls web_search; the search
// provider is a fake SearXNG on 127.0.0.1 (SEARXNG_URL), as an institution's self-hosted one would be. The
// administrator sets it up as one would: tools on the chat deployment and InternetSearch on the agent through the
// admin API, which says the capability can work here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../harness/browser.js';
import { apiJson, callApi } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { startFakeSearch, type FakeSearch } from '../../server/src/test/fake-search.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-web-search-password-1' };

describe('web search in the chat', () => {
  let model: FakeUpstream;
  let search: FakeSearch;

  beforeAll(async () => {
    search = await startFakeSearch();
    model = await startFakeOpenAI({
      script: (request) => {
        const body = JSON.stringify(request.body);
        if (body.includes('short title for a conversation')) return { chunks: ['Fastnet', ' lighthouse'] };
        if (body.includes('"role":"tool"'))
          return { chunks: [' Fastnet Rock lighthouse was first lit in 1854 [1];', ' keepers lived on the rock for weeks [2].'] };
        if (body.includes('web_search')) return { chunks: ['Let me look that up.'], toolCall: { name: 'web_search', input: { query: 'Fastnet lighthouse' } } };
        return { chunks: ['I cannot search here.'] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
    await search?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'gpt-4o',
    SEARXNG_URL: search.searxngUrl,
  }));

  async function enableWebSearch(token: string): Promise<void> {
    const api = apiJson(app.server, token);
    const { items: connections } = await api<{ items: { connectionId: string; deployments: { deploymentId: string; kind: string }[] }[] }>(
      'GET',
      '/admin/connections',
    );
    const chat = connections[0]!.deployments.find((d) => d.kind === 'Chat')!;
    await api('PUT', `/admin/connections/${connections[0]!.connectionId}/deployments/${chat.deploymentId}`, { tools: true });
    const available = await api<{ capabilityAvailability: { capabilityType: string; available: boolean }[] }>(
      'GET',
      '/admin/gptSystems/AvailableConfiguration',
    );
    expect(available.capabilityAvailability.find((c) => c.capabilityType === 'InternetSearch')).toMatchObject({ available: true });

    const { items: agents } = await api<{ items: { gptSystemId: string; name: string }[] }>('GET', '/admin/gptSystems');
    const agent = agents.find((a) => a.name === 'Atrium Assistant')!;
    const { configStateId } = await api<{ configStateId: string }>('POST', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    await api('PUT', `/admin/gptSystems/configurationStates/${configStateId}`, { capabilityTypes: ['InternetSearch'] });
    await api('PUT', `/admin/gptSystems/${agent.gptSystemId}/publishing`, { configStateId });
  }

  it('shows the search step, then the answer with the pages it cites, also after a reload', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    await enableWebSearch(token);
    await page.reload();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();

    // a slow search: the step shows meanwhile
    search.setDelay(1500);
    await box.fill('When was the Fastnet lighthouse first lit?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Searching the web').waitFor();
    search.setDelay(0);
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const answer = page.getByRole('article').first();
    await expect.poll(() => answer.textContent(), { timeout: 15_000 }).toContain('keepers lived on the rock for weeks');
    expect(search.requests.map((r) => [r.provider, r.query])).toEqual([['searxng', 'Fastnet lighthouse']]);

    const sources = async () => {
      const chips = page.getByTestId('citation-chip');
      await expect.poll(() => chips.count(), { timeout: 15_000 }).toBe(2);
      const first = page.getByRole('link', { name: 'Source 1: The Fastnet Lighthouse' });
      expect(await first.getAttribute('href')).toBe(`${search.origin}/pages/fastnet`);
      expect(await first.getAttribute('target')).toBe('_blank');
      expect(await page.getByRole('link', { name: 'Source 2: Lighthouse keepers & their lives' }).getAttribute('href')).toBe(`${search.origin}/pages/keepers`);
    };
    await sources();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    await screenshot(page, 'chat-web-search');

    await page.reload();
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    await sources();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers web search in the agent editor, with the results per search, which the draft keeps', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    const res = await callApi(app.server, token, 'GET', '/admin/gptSystems');
    const agent = ((await res.json()) as { items: { gptSystemId: string; name: string }[] }).items.find((a) => a.name === 'Atrium Assistant')!;
    await page.goto(`${app.server.baseUrl}/admin/gptsystem/${agent.gptSystemId}/edit`);
    const capabilities = page.getByRole('region', { name: 'Capabilities' });
    const webSearch = capabilities.getByRole('switch', { name: 'Web search' });
    await webSearch.waitFor();
    expect(await webSearch.isEnabled()).toBe(true);
    expect(await webSearch.isChecked()).toBe(true);
    const count = capabilities.getByRole('spinbutton', { name: 'Results per search' });
    await count.fill('11');
    await expect.poll(() => count.getAttribute('aria-invalid')).toBe('true');
    await count.fill('3');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').waitFor();
    await screenshot(page, 'admin-agent-web-search');
    const drafts = await callApi(app.server, token, 'GET', `/admin/gptSystems/${agent.gptSystemId}/configurationStates`);
    expect(JSON.stringify(await drafts.json())).toContain('"webSearchResultCount":3');
    expect(errors).toEqual([]);
    await context.close();
  });
});
