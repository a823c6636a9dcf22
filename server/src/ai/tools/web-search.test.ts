// Web search end to end over real HTTP: an agent with WebSearch (InternetSearch) answers through a fake
// OpenAI-compatible model that calls web_search, then fetch_page; the search goes to a fake SearXNG or Brave on
// 127.0.0.1; the results the answer cites become its citations; a result on a loopback address is refused by the
// fetcher while WEB_FETCH_ALLOW_PRIVATE is off; a 429 with Retry-After is waited out when short and pauses the
// provider when long (no request meanwhile); HIPAA mode offers no search. And the fetcher on its own: the address
// ranges it refuses, HTML as text, the size limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AvailableConfiguration, ResponseModelEvent } from '@atrium/contract';
import type { TestApp } from '../../test/harness.js';
import { startFakeOpenAI, type FakeUpstream, type RecordedRequest } from '../../test/fake-upstreams.js';
import { FakeBingKey, FakeSearchKey, startFakeSearch, type FakeSearch } from '../../test/fake-search.js';
import { dataOf, postStream } from '../../test/chat-stream.js';
import { isTitleRequest, startModelTestApp, type ModelTestApp } from '../../test/model-app.js';
import { createAgent, publishedConfig } from '../../modules/agents/agents.test-factory.js';
import { updateDeployment } from '../../modules/connections/connections.service.js';
import { createWebSearchDirectory, WebSearchReasons } from '../../modules/instance/web-search.directory.js';
import { fetchPage, htmlToText, isPrivateAddress, WebFetchError } from './web-fetch.js';
import { braveProvider, chooseProvider, retryAfterMs } from './web-search.js';

type ChatBody = { tools?: { function: { name: string } }[]; messages: { role: string; content: unknown; tool_calls?: unknown[] }[] };
const chatBody = (r: RecordedRequest) => r.body as unknown as ChatBody;
const toolResults = (r: RecordedRequest) =>
  chatBody(r)
    .messages.filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content as string) as Record<string, unknown>);

describe('web search while answering', () => {
  let app: ModelTestApp;
  let t: TestApp;
  let base: string;
  let model: FakeUpstream;
  let search: FakeSearch;
  let admin: { id: string; token: string };
  let searcher: string;
  let connectionId: string;
  let deploymentId: string;
  /** whether the fake model reads the first result's page after searching */
  let readPage = false;

  beforeAll(async () => {
    search = await startFakeSearch();
    model = await startFakeOpenAI({
      script: (request) => {
        if (isTitleRequest(request)) return { chunks: ['Fastnet'] };
        const body = chatBody(request);
        const results = toolResults(request);
        if (!body.tools?.some((x) => x.function.name === 'web_search')) return { chunks: ['I cannot search here.'] };
        if (results.length === 0) return { chunks: ['Let me look that up.'], toolCall: { name: 'web_search', input: { query: 'Fastnet lighthouse history' } } };
        const found = results[0]!.results as { url: string }[] | undefined;
        if (readPage && results.length === 1 && found?.length) return { chunks: [], toolCall: { name: 'fetch_page', input: { url: found[0]!.url } } };
        return { chunks: [' Fastnet was first lit in 1854 [1].'] };
      },
    });
    app = await startModelTestApp(
      [
        {
          name: 'Local server',
          providerType: 'OpenAICompatible',
          endpoint: model.url,
          deployments: [{ name: 'fake-gpt', model: 'fake-gpt-model', tools: true, isDefault: true }],
        },
      ],
      { SEARXNG_URL: search.searxngUrl, BRAVE_SEARCH_URL: search.braveUrl },
    );
    ({ t, base } = app);
    connectionId = app.connections[0]!.connectionId;
    deploymentId = app.connections[0]!.deployments[0]!.deploymentId;
    // the name scripts send: the same capability as InternetSearch
    searcher = (await createAgent(t.ctx.db, { name: 'Searcher', publishedConfig: publishedConfig({ capabilityTypes: ['WebSearch'] }) })).id;
    admin = await t.createUser({ actions: ['GptSystemsRead', 'InstanceSettingsWrite', 'InstanceSettingsRead'] });
  });
  afterAll(async () => {
    await app.close();
    await model.close();
    await search.close();
  });

  const ask = (question = 'When was the Fastnet lighthouse first lit?') =>
    postStream(
      base,
      `/userConversations/byGptSystemId/${searcher}`,
      { question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted' },
      { token: admin.token },
    );
  const answerRequestsSince = (count: number) => model.requests.slice(count).filter((r) => r.path.endsWith('/chat/completions') && !isTitleRequest(r));
  const api = (method: 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/internal${path}`, headers: { authorization: `Bearer ${admin.token}` }, ...(payload ? { payload } : {}) });

  it('searches SearXNG, shows the step, and the results the answer cites become its citations', async () => {
    const before = model.requests.length;
    const searches = search.requests.length;
    const r = await ask();
    expect(r.status).toBe(200);
    expect(r.events.filter((e) => e.event === 'step-update').map((e) => e.data)).toEqual(['Thinking', 'Searching the web']);
    expect(search.requests.slice(searches)).toEqual([expect.objectContaining({ provider: 'searxng', query: 'Fastnet lighthouse history', key: null })]);

    const chats = answerRequestsSince(before);
    expect(chats).toHaveLength(2);
    expect(chatBody(chats[0]!).tools?.map((x) => x.function.name)).toEqual(['web_search', 'fetch_page']);
    const [result] = toolResults(chats[1]!);
    expect(result!.results).toEqual([
      {
        source: 1,
        title: 'The Fastnet Lighthouse',
        url: `${search.origin}/pages/fastnet`,
        snippet: "Fastnet Rock lighthouse, Ireland's Teardrop, first lit in 1854 (searched: Fastnet lighthouse history).",
      },
      {
        source: 2,
        title: 'Lighthouse keepers & their lives',
        url: `${search.origin}/pages/keepers`,
        snippet: 'Keepers lived on the rock for weeks at a time.',
      },
    ]);

    const finished = dataOf<ResponseModelEvent>(r.events, 'response-model');
    expect(finished).toMatchObject({ status: 'Success', answer: 'Let me look that up. Fastnet was first lit in 1854 [1].' });
    // only the cited result, as a web address the page opens in a new tab
    expect(finished.citations).toEqual([
      {
        title: 'The Fastnet Lighthouse',
        path: `${search.origin}/pages/fastnet`,
        number: 1,
        excerpt: "Fastnet Rock lighthouse, Ireland's Teardrop, first lit in 1854 (searched: Fastnet lighthouse history).",
      },
    ]);
  });

  it("returns as many results as the agent's webSearchResultCount, which a draft keeps", async () => {
    const brief = (
      await createAgent(t.ctx.db, { name: 'Brief', publishedConfig: publishedConfig({ capabilityTypes: ['InternetSearch'], webSearchResultCount: 1 }) })
    ).id;
    const before = model.requests.length;
    await postStream(
      base,
      `/userConversations/byGptSystemId/${brief}`,
      { question: 'Fastnet?', visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: randomUUID() }, segmentTraceLogLevel: 'NonPersisted' },
      { token: admin.token },
    );
    const [result] = toolResults(answerRequestsSince(before)[1]!);
    expect((result!.results as unknown[]).map((r) => (r as { source: number }).source)).toEqual([1]);

    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/internal${url}`, headers: { authorization: `Bearer ${admin.token}` }, ...(payload ? { payload } : {}) });
    const { configStateId } = (await call('POST', '/configStates/byGptSystemType/User', {})).json<{ configStateId: string }>();
    expect((await call('PUT', `/configStates/${configStateId}`, { webSearchResultCount: 3 })).statusCode).toBe(200);
    expect((await call('GET', `/configStates/${configStateId}`)).json()).toMatchObject({ webSearchResultCount: 3 });
    expect((await call('PUT', `/configStates/${configStateId}`, { webSearchResultCount: 11 })).statusCode).toBe(400);
  });

  it('refuses to fetch a result on a loopback address while WEB_FETCH_ALLOW_PRIVATE is off, and tells the model', async () => {
    readPage = true;
    try {
      const before = model.requests.length;
      const r = await ask();
      expect(r.events.filter((e) => e.event === 'step-update').map((e) => e.data)).toEqual(['Thinking', 'Searching the web', 'Reading a web page']);
      const chats = answerRequestsSince(before);
      expect(chats).toHaveLength(3);
      const [, page] = toolResults(chats[2]!);
      expect(page).toEqual({ error: expect.stringContaining('private or local') });
      // the page's server never saw the request
      expect(search.pageRequests).toEqual([]);
      expect(dataOf<ResponseModelEvent>(r.events, 'response-model').status).toBe('Success');
    } finally {
      readPage = false;
    }
  });

  it('searches Brave with its key once one is set, and waits out a short Retry-After once', async () => {
    expect((await api('PUT', '/admin/instanceSettings/braveSearch/apiKey', { apiKey: FakeSearchKey })).statusCode).toBe(200);
    const searches = search.requests.length;
    search.fail('brave', 1, 429, '1');
    const r = await ask();
    const sent = search.requests.slice(searches);
    expect(sent.map((s) => [s.provider, s.key])).toEqual([
      ['brave', FakeSearchKey],
      ['brave', FakeSearchKey],
    ]);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(dataOf<ResponseModelEvent>(r.events, 'response-model').citations).toEqual([expect.objectContaining({ number: 1, title: 'The Fastnet Lighthouse' })]);
  });

  it('pauses Brave for as long as a 429 says, without a request meanwhile, and tells the model', async () => {
    search.fail('brave', 1, 429, '30');
    let before = model.requests.length;
    const searches = search.requests.length;
    await ask();
    let [result] = toolResults(answerRequestsSince(before)[1]!);
    expect(result).toEqual({ error: expect.stringMatching(/Brave is rate limiting searches; it accepts them again in (29|30) s/) });
    expect(search.requests.length).toBe(searches + 1);
    // the next question within the pause: Brave gets nothing
    before = model.requests.length;
    const r = await ask();
    [result] = toolResults(answerRequestsSince(before)[1]!);
    expect(result).toEqual({ error: expect.stringContaining('Brave asked for a pause') });
    expect(search.requests.length).toBe(searches + 1);
    expect(dataOf<ResponseModelEvent>(r.events, 'response-model').citations).toEqual([]);
    expect((await api('DELETE', '/admin/instanceSettings/braveSearch/apiKey')).statusCode).toBe(204);
  });

  const searchAvailability = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/internal/admin/gptSystems/AvailableConfiguration', headers: { authorization: `Bearer ${admin.token}` } }))
      .json<AvailableConfiguration>()
      .capabilityAvailability.find((c) => c.capabilityType === 'InternetSearch');

  it('offers no search in HIPAA mode, and the agent editors say why', async () => {
    const actor = { userId: null, userName: 'test' };
    await updateDeployment(t.ctx, actor, connectionId, deploymentId, { hipaaCompliant: true });
    expect((await api('PUT', '/admin/instanceSettings/hipaa', { enabled: true })).statusCode).toBe(200);
    try {
      expect(await createWebSearchDirectory(t.ctx).current()).toEqual({ provider: null, reason: WebSearchReasons.hipaa });
      expect(await searchAvailability()).toEqual({ capabilityType: 'InternetSearch', available: false, reason: WebSearchReasons.hipaa });
      const before = model.requests.length;
      const searches = search.requests.length;
      const r = await ask();
      expect(dataOf<ResponseModelEvent>(r.events, 'response-model').answer).toBe('I cannot search here.');
      expect(answerRequestsSince(before).map((c) => chatBody(c).tools)).toEqual([undefined]);
      expect(search.requests.length).toBe(searches);
    } finally {
      expect((await api('PUT', '/admin/instanceSettings/hipaa', { enabled: false })).statusCode).toBe(200);
    }
    expect((await createWebSearchDirectory(t.ctx).current()).provider?.name).toBe('SearXNG');
    expect(await searchAvailability()).toEqual({ capabilityType: 'InternetSearch', available: true, reason: null });
  });
});

describe('the page fetcher', () => {
  let search: FakeSearch;
  beforeAll(async () => {
    search = await startFakeSearch();
  });
  afterAll(() => search.close());
  const limits = { allowPrivateAddresses: false, maxBytes: 2 * 1024 * 1024, timeoutMs: 5_000 };

  it('knows the private, loopback, link-local and reserved ranges, also inside IPv6', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fe80::1', 'fd00::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '2002:c0a8:0101::1', 'ff02::1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress('not-an-address')).toBe(true);
  });

  it('refuses private addresses written in the URL and those a name resolves to, before connecting', async () => {
    for (const url of [`${search.origin}/pages/a`, 'http://[::1]:9/', 'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:7f00:1]:9/']) {
      await expect(fetchPage(url, limits), url).rejects.toMatchObject({ kind: 'blocked' });
    }
    // a name: the check is on what it resolves to
    const port = new URL(search.origin).port;
    await expect(fetchPage(`http://localhost:${port}/pages/b`, limits)).rejects.toMatchObject({ kind: 'blocked' });
    await expect(fetchPage('file:///etc/passwd', limits)).rejects.toMatchObject({ kind: 'invalid' });
    expect(search.pageRequests).toEqual([]);
  });

  it('with WEB_FETCH_ALLOW_PRIVATE reads the page as text, without scripts and styles, within the size limit', async () => {
    const page = await fetchPage(`${search.origin}/pages/fastnet`, { ...limits, allowPrivateAddresses: true });
    expect(page).toMatchObject({ status: 200, contentType: 'text/html', title: 'The Fastnet Lighthouse', truncated: false });
    expect(page.text).toBe('Fastnet Rock\nThe present tower was completed in 1904 & stands 54 metres tall.\nIt is the tallest lighthouse in Ireland.');
    const cut = await fetchPage(`${search.origin}/pages/fastnet`, { ...limits, allowPrivateAddresses: true, maxBytes: 100 });
    expect(cut.truncated).toBe(true);
    expect(search.pageRequests).toEqual(['fastnet', 'fastnet']);
  });

  it("chooses Brave, then SearXNG, then Bing (legacy), and speaks each one's protocol", async () => {
    const config = {
      braveUrl: search.braveUrl,
      searxngUrl: search.searxngUrl,
      bingUrl: search.bingUrl,
      allowPrivateAddresses: false,
      fetchMaxBytes: 1024,
      fetchTimeoutMs: 1000,
    };
    expect(chooseProvider(config, { brave: FakeSearchKey, bing: FakeBingKey })?.name).toBe('Brave');
    expect(chooseProvider(config, { brave: null, bing: FakeBingKey })?.name).toBe('SearXNG');
    expect(chooseProvider({ ...config, searxngUrl: null }, { brave: null, bing: null })).toBeNull();
    const bing = chooseProvider({ ...config, searxngUrl: null }, { brave: null, bing: FakeBingKey })!;
    expect(bing.name).toBe('Bing');
    const found = await bing.search('lighthouse', 5, new AbortController().signal);
    expect(found.map((r) => r.title)).toEqual(['The Fastnet Lighthouse', 'Lighthouse keepers & their lives']);
    expect(search.requests.at(-1)).toMatchObject({ provider: 'bing', key: FakeBingKey, query: 'lighthouse' });
    // a wrong key is the provider's refusal, in words for the model
    await expect(braveProvider(search.braveUrl, 'wrong').search('x', 5, new AbortController().signal)).rejects.toThrow('Brave answered HTTP 401.');
  });

  it('turns HTML into text and reads Retry-After in seconds or as a date', () => {
    expect(htmlToText('<p>a &lt;b&gt; &amp; c</p><script>x()</script><p>d</p>')).toEqual({ title: null, text: 'a <b> & c\nd' });
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(new WebFetchError('x', 'blocked').kind).toBe('blocked');
  });
});
