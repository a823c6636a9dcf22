// The set-up the chat tests share: a test app listening on 127.0.0.1 with model connections pointing at
// fake upstreams (server/src/test/fake-upstreams.ts), and how to tell answers from title requests.
import { createConnection } from '../modules/connections/connections.service.js';
import { TitleInstructions } from '../ai/model-registry.js';
import { createTestApp, type TestApp } from './harness.js';
import { baseUrl, systemAgentId } from './chat-stream.js';
import type { FakeUpstream, RecordedRequest } from './fake-upstreams.js';

type ConnectionInput = Parameters<typeof createConnection>[2];
type CreatedConnection = Awaited<ReturnType<typeof createConnection>>;

/** who the set-up's changes are recorded as in the audit log */
export const TestActor = { userId: null, userName: 'test' };

export interface ModelTestApp {
  t: TestApp;
  /** http://127.0.0.1:<port>/api/internal */
  base: string;
  /** the seeded System agent */
  agentId: string;
  connections: CreatedConnection[];
  /** closes the app (not the fake upstreams: their owner closes them) */
  close(): Promise<void>;
}

/** A listening test app whose models are the given connections (created in order; the first default wins). */
export async function startModelTestApp(connections: ConnectionInput[], env: Record<string, string> = {}): Promise<ModelTestApp> {
  const t = await createTestApp(env);
  const created: CreatedConnection[] = [];
  for (const c of connections) created.push(await createConnection(t.ctx, TestActor, c));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    base: baseUrl(t),
    agentId: await systemAgentId(t),
    connections: created,
    close: async () => {
      // fetch's pool opens a spare connection after an aborted request; it would hold close() until headersTimeout
      t.app.server.closeAllConnections();
      await t.close();
    },
  };
}

/** A generated title's model call (they run in the background and may reach a fake upstream at any time). */
export const isTitleRequest = (r: RecordedRequest) => JSON.stringify(r.body).includes(TitleInstructions);

/** The upstream's requests that answered questions, without title requests. */
export const answerRequests = (upstream: FakeUpstream) => upstream.requests.filter((r) => !isTitleRequest(r));

/** A vLLM-like OpenAI-compatible connection on a fake server: deployment fake-gpt, the default. */
export const localVllmConnection = (openaiUrl: string): ConnectionInput => ({
  name: 'Local vLLM',
  providerType: 'OpenAICompatible',
  endpoint: openaiUrl,
  apiKey: 'sk-test',
  deployments: [{ name: 'fake-gpt', displayName: 'Fake GPT', model: 'fake-gpt-model', isDefault: true }],
});

/** localVllmConnection and an Anthropic one (fake-claude) on fake servers. */
export const openAiAndAnthropicConnections = (openaiUrl: string, anthropicOrigin: string): ConnectionInput[] => [
  localVllmConnection(openaiUrl),
  {
    name: 'Claude',
    providerType: 'Anthropic',
    endpoint: anthropicOrigin,
    apiKey: 'sk-ant-test',
    deployments: [{ name: 'fake-claude', displayName: 'Fake Claude', model: 'claude-fake' }],
  },
];

/**
 * A connection to the fake OpenAI server at `url` with one Embedding deployment of text-embedding-3-small (the
 * knowledge tests and benches embed with it); `deployment` names it.
 */
export const connectFakeEmbedder = (
  ctx: Parameters<typeof createConnection>[0],
  url: string,
  deployment: { name: string; displayName: string } = { name: 'small', displayName: 'Small embedder' },
  actor: { userId: null; userName: string } = TestActor,
): Promise<CreatedConnection> =>
  createConnection(ctx, actor, {
    name: 'OpenAI',
    providerType: 'OpenAI',
    endpoint: url,
    apiKey: 'sk-test',
    deployments: [{ ...deployment, model: 'text-embedding-3-small', kind: 'Embedding' }],
  });
