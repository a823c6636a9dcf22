// A page that never goes quiet on the network breaks monitoring, Lighthouse and every tool that waits
// for network idle. After sign-in, the chat, the agent directory and the admin index must reach it, and
// every API response the app fetched must have been read to its end: a body left unread stays open in
// Chromium until the response object is collected, and then ends as aborted.
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { openPage } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-idle-password' };

/** Follows every API request of the page: open, finished or failed (with Chromium's reason). */
function watchApiRequests(page: Page) {
  const state = new Map<Request, string>();
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => void (isApi(r) && state.set(r, 'open')));
  page.on('requestfinished', (r) => void (isApi(r) && state.set(r, 'finished')));
  page.on('requestfailed', (r) => void (isApi(r) && state.set(r, `failed (${r.failure()?.errorText ?? 'unknown'})`)));
  return {
    /** requests that did not finish normally, as "METHOD path: state" */
    unfinished: () => [...state].filter(([, s]) => s !== 'finished').map(([r, s]) => `${r.method()} ${new URL(r.url()).pathname}: ${s}`),
    count: () => state.size,
  };
}

async function expectNetworkIdle(page: Page, label: string, requests: ReturnType<typeof watchApiRequests>): Promise<void> {
  try {
    await page.waitForLoadState('networkidle', { timeout: 15_000 });
  } catch {
    expect.fail(`${label} never reached network idle; unfinished: ${requests.unfinished().join(', ') || 'none'}`);
  }
  // a response collected before it was read shows up as aborted a little later
  await page.waitForTimeout(1_000);
  expect(requests.unfinished(), label).toEqual([]);
}

describe('network idle', () => {
  const app = useServerAndBrowser({ ADMIN_PASSWORD: admin.password });

  it('is reached after sign-in on /chat, /chat/agents and /admin, with every API response read', async () => {
    const { context, page } = await openPage(app.browser);
    const requests = watchApiRequests(page);
    await signIn(page, app.server.baseUrl, admin);
    await page.getByRole('navigation', { name: 'Chat navigation' }).waitFor();
    await expectNetworkIdle(page, '/chat after sign-in', requests);

    for (const [path, ready] of [
      ['/chat', () => page.getByRole('navigation', { name: 'Chat navigation' }).waitFor()],
      ['/chat/agents', () => page.getByRole('heading', { level: 2 }).first().waitFor()],
      ['/admin', () => page.getByRole('heading', { level: 1 }).first().waitFor()],
    ] as const) {
      await page.goto(`${app.server.baseUrl}${path}`, { waitUntil: 'commit' });
      await ready();
      await expectNetworkIdle(page, path, requests);
    }
    expect(requests.count()).toBeGreaterThan(10);
    await context.close();
  });
});
