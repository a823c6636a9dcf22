// The server the chat benchmarks measure: one process answering with a fake OpenAI-compatible upstream,
// signed in as the seeded administrator, with the System agent to ask.
import { startServer, type RunningServer } from '../../e2e/harness/server.js';

export const BenchModel = 'bench-model';
const adminPassword = 'bench-admin-password';

export interface ChatBenchServer {
  server: RunningServer;
  token: string;
  /** the seeded System agent */
  agentId: string;
}

/** `env` adds to the server's environment (e.g. TRUST_PROXY), `nodeArgs` go to node itself. */
export async function startChatBenchServer(
  upstreamUrl: string,
  databaseUrl: string | undefined,
  nodeArgs?: string[],
  env: Record<string, string> = {},
): Promise<ChatBenchServer> {
  const server = await startServer(
    {
      OPENAI_BASE_URL: upstreamUrl,
      OPENAI_MODELS: BenchModel,
      OPENAI_API_KEY: 'bench-key',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'info' /* the product's default: benches measure what people run */,
      // the rate limits counted, as people run them, with allowances no bench reaches (one admin asks thousands a minute)
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_TURNS_PER_MINUTE: '1000000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    nodeArgs ? { nodeArgs } : {},
  );
  try {
    const tokenRes = await fetch(`${server.baseUrl}/api/internal/authorization/Local/GenerateToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin@atrium.local', password: adminPassword }),
    });
    const { n1AIToken: token } = (await tokenRes.json()) as { n1AIToken: string };
    const agents = (await (
      await fetch(`${server.baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { gptSystemId: string; gptSystemType: string }[];
    };
    return { server, token, agentId: agents.items.find((a) => a.gptSystemType === 'System')!.gptSystemId };
  } catch (e) {
    await server.stop();
    throw e;
  }
}
