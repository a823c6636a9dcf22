// One server and one browser per describe block: started together before its tests, stopped after.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server.js';
import { launchBrowser } from './browser.js';

export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Registers the beforeAll that starts the server (with `env`) and Chromium side by side, and the
 * afterAll that closes the browser and stops the server. `env` may be a function for settings that
 * only exist once an earlier beforeAll has run (a fake model's URL, a port an identity provider was
 * given): vitest runs beforeAll hooks in the order they were registered and afterAll hooks in reverse,
 * so what a spec starts before calling this is still up for the start and stopped after the server.
 * The getters are for use inside tests and hooks; read at describe time there is nothing yet.
 */
export function useServerAndBrowser(env: Record<string, string> | (() => Record<string, string>) = {}): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(typeof env === 'function' ? env() : env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll: use it inside a test or hook');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll: use it inside a test or hook');
      return browser;
    },
  };
}
