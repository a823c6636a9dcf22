// Shared set-up of the browser benchmarks: a real server (optionally seeded while stopped, as PGlite
// allows one opener), real Chromium signed in through the login form, and main-thread time from the
// DevTools protocol (Performance.getMetrics TaskDuration: every task the renderer's main thread ran).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../../e2e/harness/browser.js';
import { startServer, type RunningServer } from '../../e2e/harness/server.js';
import { signIn } from '../../e2e/harness/session.js';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client.js';
// the benches run the server's TypeScript sources: start the database worker from its source too
import '../../server/src/test/pglite-worker-source.js';

export const benchAdmin = { email: 'admin@atrium.local', password: 'bench-admin-password' };

export interface BrowserBench {
  server: RunningServer;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/** The System agent's id, asked of a running server. */
export async function systemAgentId(baseUrl: string): Promise<string> {
  const tokenRes = await fetch(`${baseUrl}/api/internal/authorization/Local/GenerateToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: benchAdmin.email, password: benchAdmin.password }),
  });
  const { n1AIToken: token } = (await tokenRes.json()) as { n1AIToken: string };
  const agents = (await (await fetch(`${baseUrl}/api/internal/CurrentUser/AvailableGptSystems`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { gptSystemId: string; gptSystemType: string }[];
  };
  return agents.items.find((a) => a.gptSystemType === 'System')!.gptSystemId;
}

/**
 * Starts the server (first start: migrations, admin, System agent), lets `seed` fill the database
 * with the server stopped, starts it again and opens a signed-in Chromium page on /chat.
 */
export async function startBrowserBench(
  env: Record<string, string>,
  seed?: (db: DatabaseHandle, agentId: string) => Promise<void>,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-web-'));
  const fullEnv = {
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    LOG_LEVEL: 'info' /* the product's default: benches measure what people run */,
    DATA_DIR: dataDir,
    ...env,
  };
  let server = await startServer(fullEnv);
  if (seed) {
    const agentId = await systemAgentId(server.baseUrl);
    await server.stop();
    const handle = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    try {
      await seed(handle, agentId);
    } finally {
      await handle.close();
    }
    server = await startServer(fullEnv);
  }
  const browser = await launchBrowser();
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, benchAdmin);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    server,
    browser,
    page,
    cdp,
    async close() {
      await browser.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds of main-thread work so far. */
export async function mainThreadMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN) * 1000;
}
