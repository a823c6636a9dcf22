// The conversation list benchmark's data, for the benches that need it (conversations-list, memory): one person
// owns `owned` conversations over two years (some archived, some deleted), `others` people `perOther` each, so
// that the index has to tell people apart. Seeded with the server stopped (PGlite allows one opener) through
// the server's own database client, so the database opens with the server's settings.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startServer, type RunningServer } from '../../e2e/harness/server.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
// the benches run the server's TypeScript sources: start the database worker from its source too
import '../../server/src/test/pglite-worker-source.js';
import { round } from './stats.js';

export const adminEmail = 'admin@atrium.local';
export const adminPassword = 'bench-admin-password';

/** ~1 title in 10 holds it: the first page of a search finds its 50 rows within ~500 conversations. */
export const commonTerm = 'budget';
/** 1 title in 5,000 (20 of 100k): a search has to look at every conversation unless an index helps. */
export const rareTerm = 'zanzibar';
export const noMatchTerm = 'quixotically';

export interface ListDataSize {
  /** conversations of the signed-in administrator */
  owned: number;
  /** other people, each with `perOther` conversations */
  others: number;
  perOther: number;
}

// Titles from word lists picked by different multipliers of the row number, so neighbours differ.
const seedSql = (userId: string, agentId: string, count: number, startIndex: number) => sql`
  insert into conversations (user_id, gpt_system_id, title, archived, deleted_at, created_at, last_modified_at, session_identifier)
  select ${userId}::uuid, ${agentId}::uuid,
    initcap((array['how','why','what','draft','plan','review','summarise','explain','compare','fix'])[1 + (i * 7) % 10]) || ' ' ||
    (array['the','our','a','my','this','next','last','new'])[1 + (i * 3) % 8] || ' ' ||
    (array['quarterly','marketing','lecture','research','thesis','python','sql','grant','hiring','travel','exam','onboarding','security','cloud','design','legal'])[1 + (i * 13) % 16] || ' ' ||
    (array['report','notes','email','essay','proposal','slides','policy','script','query','outline','schedule','survey'])[1 + (i * 11) % 12] ||
    case when i % 10 = 3 then ' ${sql.raw(commonTerm)} ' || (2020 + i % 6)::text else '' end ||
    case when i % 5000 = 77 then ' for ${sql.raw(rareTerm[0]!.toUpperCase() + rareTerm.slice(1))} office' else '' end ||
    ' #' || i::text,
    i % 17 = 0,
    case when i % 23 = 0 then now() - (i * interval '10 minutes') / 2 end,
    now() - i * (interval '2 years' / ${count}::int) - interval '1 hour',
    now() - i * (interval '2 years' / ${count}::int) + ((i * 37) % 600) * interval '1 second',
    'bench-' || i::text
  from generate_series(${startIndex}::int, ${startIndex + count - 1}::int) as i`;

async function seed(handle: DatabaseHandle, agentId: string, size: ListDataSize): Promise<void> {
  // both drivers answer execute() with { rows }
  const rows = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: { id: string }[] }).rows;
  const db = handle.db;
  const [admin] = await rows(sql`select id from users where lower(email) = ${adminEmail}`);
  if (!admin) throw new Error('the bootstrap admin is missing');
  await db.execute(seedSql(admin.id, agentId, size.owned, 1));
  for (let u = 0; u < size.others; u++) {
    const [other] = await rows(sql`insert into users (email, display_name) values (${`bench-other-${u}@atrium.local`}, ${`Other ${u}`}) returning id`);
    await db.execute(seedSql(other!.id, agentId, size.perOther, 1));
  }
  // a freshly loaded table has no statistics until autovacuum gets to it (PGlite never runs it)
  await db.execute(sql`analyze conversations`);
}

export async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/internal/authorization/Local/GenerateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: adminEmail, password: adminPassword }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { n1AIToken: string }).n1AIToken;
}

/** The server's environment for a bench on `dataDir`, at the product's log level. */
export const listBenchEnv = (dataDir: string, databaseUrl: string | null): Record<string, string> => ({
  ADMIN_PASSWORD: adminPassword,
  LOG_LEVEL: 'info' /* the product's default: benches measure what people run */,
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/**
 * Fills `dataDir` (or the database of `databaseUrl`) with the list data: a first start makes the tables, the
 * bootstrap admin and the System agent (`onFirstStart` sees that server before it stops; `nodeArgs` go to its
 * node), then the rows are seeded with the server stopped. Answers how long the seeding took.
 */
export async function seedListData(
  dataDir: string,
  databaseUrl: string | null,
  size: ListDataSize,
  options: { onFirstStart?: (server: RunningServer) => Promise<void>; nodeArgs?: string[] } = {},
): Promise<{ seedSeconds: number }> {
  const server = await startServer(listBenchEnv(dataDir, databaseUrl), options.nodeArgs ? { nodeArgs: options.nodeArgs } : {});
  let agentId: string;
  try {
    const token = await signIn(server.baseUrl);
    const agents = (await (
      await fetch(`${server.baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      items: { gptSystemId: string; gptSystemType: string }[];
    };
    agentId = agents.items.find((a) => a.gptSystemType === 'System')!.gptSystemId;
    await options.onFirstStart?.(server);
  } finally {
    await server.stop();
  }
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  try {
    await seed(handle, agentId, size);
  } finally {
    await handle.close();
  }
  return { seedSeconds: round((performance.now() - started) / 1000, 1) };
}
