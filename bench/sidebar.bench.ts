// Sidebar benchmark (docs/architecture.md: the sidebar renders a bounded number of rows at any conversation
// count): one person with 10,000 conversations, the real sidebar in Chromium. It pages through the
// whole history (continuationToken, 50 a page) by scrolling to the end, and records how many rows
// are in the DOM at every step; then it measures scroll frames (requestAnimationFrame gaps and
// main-thread time per frame) near the top with one page loaded and deep in the list with all 10,000
// loaded. The ratio deep / top is the figure: flat means the list does not slow down as it grows.
// Run: npm run build && npx tsx bench/sidebar.bench.ts   (--quick: 2,000 conversations; WEB_DIST_DIR=<dir> serves another web build)
// (Functions run in the page are written without named inner functions: tsx would wrap them in a
// helper that exists only in Node.)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { DatabaseHandle } from '../server/src/db/client.js';
import { benchAdmin, mainThreadMs, startBrowserBench } from './lib/browser-bench.js';
import { round, summary } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const count = quick ? 2_000 : 10_000;
const frames = quick ? 60 : 150;
/** half the frames scroll down, half back up: 75 x 14 px stays within the first page of 50 rows */
const StepPx = 14;

async function seed(handle: DatabaseHandle, agentId: string): Promise<void> {
  const rows = async (query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: { id: string }[] }).rows;
  const [admin] = await rows(sql`select id from users where lower(email) = ${benchAdmin.email}`);
  if (!admin) throw new Error('the bootstrap admin is missing');
  // spread over two years so that every group heading (days, months, years) appears
  await handle.db.execute(sql`
    insert into conversations (user_id, gpt_system_id, title, archived, created_at, last_modified_at, session_identifier)
    select ${admin.id}::uuid, ${agentId}::uuid,
      initcap((array['plan','review','draft','explain','compare','summarise'])[1 + i % 6]) || ' ' ||
      (array['the','our','my','this'])[1 + (i * 3) % 4] || ' ' ||
      (array['lecture','budget','thesis','python','grant','survey','policy','schedule'])[1 + (i * 7) % 8] || ' #' || i::text,
      false,
      now() - i * (interval '2 years' / ${count}::int),
      now() - i * (interval '2 years' / ${count}::int),
      'bench-' || i::text
    from generate_series(1, ${count}::int) as i`);
}

/** Rows of the history list in the DOM (the virtual list's row wrappers: conversation rows and group headings). */
const renderedRows = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-tour="conversation-section"] [data-virtual-rows]')?.childElementCount ?? -1);

/** Scrolls `steps` times by `px`, one step per animation frame; returns frame gaps and the most rows seen. */
async function scrollFrames(page: Page, steps: number, px: number): Promise<{ gaps: number[]; maxRows: number }> {
  return page.evaluate(
    async ({ steps, px }) => {
      const scroller = document.querySelector('[data-tour="conversation-section"] [data-virtual-scroller]') as HTMLElement;
      const gaps: number[] = [];
      let maxRows = 0;
      let last = await new Promise<number>((r) => requestAnimationFrame(r));
      for (let i = 0; i < steps; i++) {
        // down, then back up, so that the position stays in the part of the list being measured
        scroller.scrollTop += i < steps / 2 ? px : -px;
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        gaps.push(now - last);
        last = now;
        maxRows = Math.max(maxRows, document.querySelector('[data-tour="conversation-section"] [data-virtual-rows]')?.childElementCount ?? 0);
      }
      return { gaps, maxRows };
    },
    { steps, px },
  );
}

async function main() {
  // WEB_DIST_DIR compares builds (e.g. two virtual lists) against the same server
  const bench = await startBrowserBench(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: path.resolve(process.env.WEB_DIST_DIR) } : {}, seed);
  const { page, cdp } = bench;
  try {
    const scroller = page.locator('[data-tour="conversation-section"] [data-virtual-scroller]');
    await scroller.waitFor();
    await page
      .getByRole('button', { name: /^Conversation options for / })
      .first()
      .waitFor()
      .catch(() => undefined);
    const rowsAtStart = await renderedRows(page);

    // 1. frames near the top, one page loaded
    await scrollFrames(page, 20, StepPx); // warm-up
    let before = await mainThreadMs(cdp);
    const top = await scrollFrames(page, frames, StepPx);
    const topTaskMs = (await mainThreadMs(cdp)) - before;

    // 2. page through everything by scrolling to the end; the DOM row count is read at every step
    const started = performance.now();
    let maxRows = Math.max(rowsAtStart, top.maxRows);
    let loadedHeight = 0;
    for (let stalls = 0; stalls < 40;) {
      const height = await scroller.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        return el.scrollHeight;
      });
      maxRows = Math.max(maxRows, await renderedRows(page));
      if (height > loadedHeight) {
        loadedHeight = height;
        stalls = 0;
      } else {
        stalls++;
      }
      await page.waitForTimeout(60);
    }
    const pagingSeconds = round((performance.now() - started) / 1000, 1);
    const loadedRows = Math.round(loadedHeight / 38);

    // 3. frames deep in the list, everything loaded
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await scrollFrames(page, 20, StepPx);
    before = await mainThreadMs(cdp);
    const deep = await scrollFrames(page, frames, StepPx);
    const deepTaskMs = (await mainThreadMs(cdp)) - before;
    maxRows = Math.max(maxRows, deep.maxRows);

    const t = summary(top.gaps);
    const d = summary(deep.gaps);
    const perFrameTop = topTaskMs / frames;
    const perFrameDeep = deepTaskMs / frames;
    const results = {
      date: new Date().toISOString(),
      conversations: count,
      loadedRows,
      pagingSeconds,
      rowsAtStart,
      maxRenderedRows: maxRows,
      frames: { top: t, deep: d },
      mainThreadMsPerFrame: { top: round(perFrameTop), deep: round(perFrameDeep), ratio: round(perFrameDeep / perFrameTop) },
    };
    const report = [
      `Sidebar benchmark (Chromium ${bench.browser.version()}, ${count} conversations, ${new Date().toISOString()})`,
      '',
      `Paged through ${loadedRows} rows (${count} conversations plus group headings) by scrolling in ${pagingSeconds} s; rows in the DOM: ${rowsAtStart} at the start, at most ${maxRows} at any step.`,
      '',
      `| scrolling ${StepPx} px a frame | frame gap p50 / p95 / p99 (ms) | main-thread ms per frame |`,
      '|---|---|---|',
      `| near the top, 50 loaded | ${t.p50} / ${t.p95} / ${t.p99} | ${round(perFrameTop)} |`,
      `| deep, ${count} loaded | ${d.p50} / ${d.p95} / ${d.p99} | ${round(perFrameDeep)} |`,
      `| ratio deep / top | ${round(d.p50 / t.p50)} / ${round(d.p95 / t.p95)} / ${round(d.p99 / t.p99)} | ${round(perFrameDeep / perFrameTop)} |`,
      '',
    ].join('\n');
    console.log(report);
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'sidebar.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await bench.close();
  }
}

await main();
