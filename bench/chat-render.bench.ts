// Chat rendering benchmark (docs/architecture.md: render work per streamed token flat as an answer grows to 20k
// tokens). A fake OpenAI-compatible upstream streams a 20,000-token markdown answer (paragraphs,
// lists, code, tables, math) through the real server into the real chat page in Chromium, one token
// a chunk. Main-thread time (DevTools TaskDuration: script, style, layout, paint) is sampled against
// the number of stream updates the page has received; the figure is main-thread ms per update around
// token 1,000 against around token 20,000 (budget: at most 1.5x).
// Run: npm run build && npx tsx bench/chat-render.bench.ts   (--quick: a 5,000-token answer; --screenshot: the page at the end)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '../server/src/test/fake-upstreams.js';
import { mainThreadMs, startBrowserBench } from './lib/browser-bench.js';
import { round } from './lib/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const tokens = quick ? 5_000 : 20_000;
const chunkDelayMs = 2;
const model = 'bench-model';

/** A long answer of the kinds of blocks models write, cut into ~1-word tokens. */
export function answerTokens(count: number): string[] {
  const words = [
    'the',
    'model',
    'answer',
    'streams',
    'into',
    'a',
    'page',
    'that',
    'keeps',
    'its',
    'work',
    'flat',
    'while',
    'text',
    'grows',
    'with',
    'more',
    'blocks',
    '**bold**',
    '`code`',
  ];
  const out: string[] = [];
  let block = 0;
  while (out.length < count) {
    const kind = block % 8;
    if (kind === 3) {
      out.push('\n\n```ts\n');
      for (let i = 0; i < 6; i++) out.push(`const value${i} = compute(${i});\n`);
      out.push('```');
    } else if (kind === 5) {
      out.push('\n\n| name | value |\n|---|---|\n');
      for (let i = 0; i < 4; i++) out.push(`| row ${block}-${i} | ${i * 7} |\n`);
    } else if (kind === 6) {
      out.push('\n\n');
      for (let i = 0; i < 5; i++) out.push(`- item ${i} of list ${block}\n`);
    } else if (kind === 7) {
      out.push('\n\nThe area is $\\pi r^2$ and', ' $$\\int_0^1 x\\,dx = \\tfrac12$$', ' in block', ` ${block}.`);
    } else {
      out.push('\n\n');
      for (let i = 0; i < 40; i++) out.push(`${i === 0 ? '' : ' '}${words[(block * 7 + i) % words.length]}`);
      out.push('.');
    }
    block++;
  }
  return out.slice(0, count);
}

interface Sample {
  updates: number;
  taskMs: number;
}

/** main-thread ms per update between the samples closest to `from` and `to` updates */
function perUpdate(samples: Sample[], from: number, to: number): { updates: number; ms: number; perUpdate: number } {
  const a = samples.find((s) => s.updates >= from) ?? samples[0]!;
  const b = [...samples].reverse().find((s) => s.updates <= to) ?? samples[samples.length - 1]!;
  const updates = b.updates - a.updates;
  const ms = b.taskMs - a.taskMs;
  return { updates, ms: round(ms), perUpdate: round(ms / Math.max(1, updates), 4) };
}

async function main() {
  const chunks = answerTokens(tokens);
  const upstream = await startFakeOpenAI({ script: { chunks, chunkDelayMs, usage: { promptTokens: 20, completionTokens: tokens } } });
  const bench = await startBrowserBench({ OPENAI_BASE_URL: upstream.url, OPENAI_MODELS: model, OPENAI_API_KEY: 'bench-key' });
  const { page, cdp } = bench;
  try {
    // count the stream updates the page receives (response-updated events), beside the app's own reader
    await page.evaluate(() => {
      const w = window as unknown as { __updates: number };
      w.__updates = 0;
      const decoder = new TextDecoder();
      const read = ReadableStreamDefaultReader.prototype.read;
      ReadableStreamDefaultReader.prototype.read = async function (this: ReadableStreamDefaultReader) {
        const result = await read.call(this);
        if (result.value instanceof Uint8Array) w.__updates += decoder.decode(result.value, { stream: true }).split('event: response-updated').length - 1;
        return result;
      } as typeof read;
    });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    await box.fill('Write a very long answer.');
    const samples: Sample[] = [];
    const started = performance.now();
    await box.press('Enter');
    for (;;) {
      const [taskMs, updates] = await Promise.all([mainThreadMs(cdp), page.evaluate(() => (window as unknown as { __updates: number }).__updates)]);
      samples.push({ updates, taskMs });
      if (updates >= tokens - 1 || performance.now() - started > 600_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const streamSeconds = round((performance.now() - started) / 1000, 1);
    if (process.argv.includes('--screenshot')) {
      fs.mkdirSync(path.join(here, 'results'), { recursive: true });
      await page.screenshot({ path: path.join(here, 'results', 'chat-render.png') });
    }
    const last = samples[samples.length - 1]!;
    // windows of ~1,000 updates around token 1,000 and ending just before the end (the finished
    // answer's reload is not a streamed update)
    const early = perUpdate(samples, 500, 1_500);
    const late = perUpdate(samples, tokens - 1_200, tokens - 200);
    const ratio = round(late.perUpdate / early.perUpdate);
    const results = { date: new Date().toISOString(), tokens, chunkDelayMs, streamSeconds, updatesSeen: last.updates, early, late, ratio, budget: 1.5 };
    const report = [
      `Chat render benchmark (Chromium ${bench.browser.version()}, a ${tokens}-token answer, one token a chunk every ${chunkDelayMs} ms, ${new Date().toISOString()})`,
      '',
      `Streamed in ${streamSeconds} s; the page received ${last.updates} updates.`,
      '',
      '| window | updates | main-thread ms | ms per update |',
      '|---|---|---|---|',
      `| around token 1,000 | ${early.updates} | ${early.ms} | ${early.perUpdate} |`,
      `| around token ${tokens.toLocaleString('en-US')} | ${late.updates} | ${late.ms} | ${late.perUpdate} |`,
      `| ratio (budget 1.5) | | | ${ratio} ${ratio <= 1.5 ? 'ok' : 'MISS'} |`,
      '',
    ].join('\n');
    console.log(report);
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'chat-render.json'), `${JSON.stringify(results, null, 2)}\n`);
  } finally {
    await bench.close();
    await upstream.close();
  }
}

await main();
