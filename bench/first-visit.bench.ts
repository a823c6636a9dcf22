// First-visit benchmark (GitHub issue 15 item 3): how soon /chat takes typing for a signed-in person on a
// slow network. The real built server (fresh data directory, a snapshot of web/dist so that rebuilds by
// others do not change it mid-run), real Chromium with the DevTools protocol's network emulation
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and 4x CPU slowdown. Each run opens /chat twice in a
// fresh browser context: cold (empty HTTP cache) and warm (same context, second navigation).
// Per visit, in the page's clock (milliseconds from navigation start):
//   - input: the chat message box is visible and enabled and a key pressed into it has landed (its `input`
//     event ran); the key is pressed as soon as the box is there, so a busy main thread delays it;
//   - LCP: the last largest-contentful-paint entry (Chromium stops reporting them at the first input,
//     so LCP is at most the input time);
//   - the request waterfall (Resource Timing), printed for the last warm visit (and, with --waterfall-cold,
//     the last cold one), so that the chain of requests can be seen.
// Run: npm run build && npx tsx bench/first-visit.bench.ts   (--runs 5; WEB_DIST_DIR=<dir> serves another web build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../e2e/harness/browser.js';
import { startServer, type RunningServer } from '../e2e/harness/server.js';
import { signIn } from '../e2e/harness/session.js';
import { benchAdmin } from './lib/browser-bench.js';
import { percentile, round } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const showColdWaterfall = args.includes('--waterfall-cold');
/** the issue's slow network: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip; and a 4x slower CPU */
const network = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CpuSlowdown = 4;
/** a visit that has not taken typing by then counts as failed */
const VisitTimeoutMs = 30_000;
const InputSelector = 'textarea[data-tour="chat-message-input"]';

// Runs in the page before its own scripts: LCP entries and the moment the typed key lands in the box.
// (A string, not a function: tsx would wrap a function's inner helpers in code that exists only in Node.)
const pageProbe = `
  window.__bench = { lcp: null, inputAt: null, shownAt: null };
  new MutationObserver((_, observer) => {
    if (document.querySelector('${InputSelector}')) {
      window.__bench.shownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  document.addEventListener('input', (e) => {
    const t = e.target;
    if (window.__bench.inputAt === null && t && t.matches && t.matches('${InputSelector}') && t.value.includes('x')) window.__bench.inputAt = performance.now();
  }, true);
`;

interface Visit {
  /** the box is in the page (not yet necessarily able to take the key) */
  shownMs: number;
  inputMs: number;
  lcpMs: number;
  /** when the last request of the visit ended */
  lastResponseMs: number;
  /** bytes over the wire (Resource Timing transferSize, which counts headers too) */
  transferKb: number;
  waterfall: WaterfallRow[];
}

interface WaterfallRow {
  name: string;
  start: number;
  end: number;
  /** bytes on the wire; 0 for a cache hit */
  transfer: number;
  type: string;
}

async function visit(page: Page, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'commit', timeout: VisitTimeoutMs });
  const input = page.locator(InputSelector);
  // press the key as soon as the box can take it; the page records when the key's input event ran
  await input.waitFor({ state: 'visible', timeout: VisitTimeoutMs });
  await input.press('x', { timeout: VisitTimeoutMs });
  await page.waitForFunction(() => (window as unknown as { __bench: { inputAt: number | null } }).__bench.inputAt !== null, undefined, {
    timeout: VisitTimeoutMs,
  });
  // let the rest of the first screen arrive (requests started after the input), then read the timings
  await page.waitForLoadState('networkidle', { timeout: VisitTimeoutMs }).catch(() => undefined);
  const result = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { lcp: number | null; inputAt: number; shownAt: number } }).__bench;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const rows = [nav, ...resources].map((e) => ({
      name: e.name,
      start: e.startTime,
      end: e.responseEnd,
      transfer: e.transferSize,
      type: e.initiatorType,
    }));
    return { shownMs: bench.shownAt, inputMs: bench.inputAt, lcpMs: bench.lcp ?? Number.NaN, rows };
  });
  return {
    shownMs: result.shownMs,
    inputMs: result.inputMs,
    lcpMs: result.lcpMs,
    lastResponseMs: Math.max(...result.rows.map((r) => r.end)),
    transferKb: result.rows.reduce((sum, r) => sum + r.transfer, 0) / 1024,
    waterfall: result.rows,
  };
}

/** One run: a fresh context (empty cache) signed in through stored localStorage, a cold visit, then a warm one. */
async function run(browser: Browser, server: RunningServer, storage: Awaited<ReturnType<Awaited<ReturnType<typeof newContext>>['storageState']>>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'Europe/Berlin', storageState: storage });
  try {
    await context.addInitScript(pageProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CpuSlowdown });
    const cold = await visit(page, `${server.baseUrl}/chat`);
    const warm = await visit(page, `${server.baseUrl}/chat`);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

function printWaterfall(title: string, v: Visit, origin: string): void {
  console.log(`\n${title} (ms from navigation start; kB on the wire, 0 = from the HTTP cache)\n`);
  console.log('| start | end | kB | request |\n|---:|---:|---:|---|');
  for (const r of [...v.waterfall].sort((a, b) => a.start - b.start)) {
    const name = r.name.startsWith(origin) ? r.name.slice(origin.length) : r.name;
    console.log(
      `| ${Math.round(r.start)} | ${Math.round(r.end)} | ${round(r.transfer / 1024, 1)} | ${name.length > 110 ? `${name.slice(0, 107)}...` : name} |`,
    );
  }
  console.log(`\ninput in the page at ${Math.round(v.shownMs)} ms, takes typing at ${Math.round(v.inputMs)} ms, LCP ${Math.round(v.lcpMs)} ms`);
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-bench-first-visit-'));
  // a snapshot of the web build: others may rebuild web/dist while this runs
  const distSource = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.resolve(here, '../web/dist');
  const dist = path.join(work, 'dist');
  fs.cpSync(distSource, dist, { recursive: true });
  const server = await startServer({
    ADMIN_EMAIL: benchAdmin.email,
    ADMIN_PASSWORD: benchAdmin.password,
    LOG_LEVEL: 'info' /* the product's default: benches measure what people run */,
    DATA_DIR: path.join(work, 'data'),
    WEB_DIST_DIR: dist,
  });
  const browser = await launchBrowser();
  // A whole-benchmark limit, so that a hung visit cannot keep it running.
  const guard = setTimeout(
    () => {
      console.error('first-visit bench: over its time limit, stopping');
      process.exit(3);
    },
    (runs * 2 * VisitTimeoutMs + 120_000) as number,
  );
  try {
    // sign in once (unthrottled) through the login page; every run starts from its localStorage
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    await signIn(setupPage, server.baseUrl, benchAdmin);
    await setupPage.locator(InputSelector).waitFor({ state: 'visible' });
    const storage = await setup.storageState();
    await setup.close();

    const colds: Visit[] = [];
    const warms: Visit[] = [];
    for (let i = 0; i < runs; i++) {
      const { cold, warm } = await run(browser, server, storage);
      colds.push(cold);
      warms.push(warm);
      console.log(
        `run ${i + 1}/${runs}: cold input ${Math.round(cold.inputMs)} ms, LCP ${Math.round(cold.lcpMs)} ms, ${round(cold.transferKb, 1)} kB; ` +
          `warm input ${Math.round(warm.inputMs)} ms, LCP ${Math.round(warm.lcpMs)} ms, ${round(warm.transferKb, 1)} kB`,
      );
    }
    if (showColdWaterfall) printWaterfall('Waterfall of the last cold visit', colds.at(-1)!, server.baseUrl);
    printWaterfall('Waterfall of the last warm visit', warms.at(-1)!, server.baseUrl);

    const row = (label: string, values: number[], unit = 'ms') =>
      `| ${label} | ${round(percentile(values, 50), unit === 'ms' ? 0 : 1)} ${unit} | ${round(Math.max(...values), unit === 'ms' ? 0 : 1)} ${unit} |`;
    console.log(
      `\n/chat first visit, ${runs} runs (Chromium network emulation: ${network.latency} ms round trip, ` +
        `${(network.downloadThroughput * 8) / 1e6} Mbit/s down, ${(network.uploadThroughput * 8) / 1e3} kbit/s up; CPU ${CpuSlowdown}x slower)\n`,
    );
    console.log('| measure | median | max |\n|---|---:|---:|');
    console.log(
      row(
        'cold: chat input in the page',
        colds.map((v) => v.shownMs),
      ),
    );
    console.log(
      row(
        'cold: chat input takes typing',
        colds.map((v) => v.inputMs),
      ),
    );
    console.log(
      row(
        'cold: LCP',
        colds.map((v) => v.lcpMs),
      ),
    );
    console.log(
      row(
        'cold: last response',
        colds.map((v) => v.lastResponseMs),
      ),
    );
    console.log(
      row(
        'cold: transferred',
        colds.map((v) => v.transferKb),
        'kB',
      ),
    );
    console.log(
      row(
        'warm: chat input in the page',
        warms.map((v) => v.shownMs),
      ),
    );
    console.log(
      row(
        'warm: chat input takes typing',
        warms.map((v) => v.inputMs),
      ),
    );
    console.log(
      row(
        'warm: LCP',
        warms.map((v) => v.lcpMs),
      ),
    );
    console.log(
      row(
        'warm: last response',
        warms.map((v) => v.lastResponseMs),
      ),
    );
    console.log(
      row(
        'warm: transferred',
        warms.map((v) => v.transferKb),
        'kB',
      ),
    );
    console.log(
      `\ntargets: cold at most 3000 ms, warm at most 1000 ms (median here: cold ${Math.round(
        percentile(
          colds.map((v) => v.inputMs),
          50,
        ),
      )} ms, warm ${Math.round(
        percentile(
          warms.map((v) => v.inputMs),
          50,
        ),
      )} ms)`,
    );
  } finally {
    clearTimeout(guard);
    await browser.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
