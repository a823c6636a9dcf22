// What a hostile upload does to the server (issue 24's numbers): the 1.5 MB DOCX whose word/document.xml
// inflates to 1.5 GB, alone and three at once, once declaring its size and once declaring a few bytes (so
// that only counting the real inflated bytes stops it), and a 20000 × 20000 PNG as a vision image. For
// each: the answers, the server's RSS growth over the RSS just before (budget: under 200 MB) and the
// latency of /health polled every 20 ms meanwhile (budget: under 250 ms). A DOCX that needs more memory
// to parse than a reading thread has is measured too, without a budget: it shows what a thread may take.
// The built server runs in a process of its own, as people run it, at the product's log level.
// Run: npm run build && npx tsx bench/abuse.bench.ts [--rounds 3]   (DATABASE_URL=postgres://… for PostgreSQL)
import JSZip from 'jszip';
import { startServer, type RunningServer } from '../e2e/harness/server.js';
import { docxBomb } from '../server/src/test/zip-bomb.js';
import { blackPng, makeDocx } from '../server/src/test/upload-fixtures.js';
import { benchDatabase } from './lib/database.js';
import { numberArg, rssKb } from './lib/process.js';
import { percentile, round } from './lib/stats.js';

const rounds = numberArg('rounds', 3);
const adminPassword = 'bench-admin-password';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const Docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Upload {
  path: string;
  data: Buffer;
  fileName: string;
  type: string;
}

interface Scenario {
  name: string;
  uploads: Upload[];
  /** the status each upload should get */
  expected: number;
  budget: boolean;
}

interface Measured {
  statuses: number[];
  ms: number;
  rssBeforeMb: number;
  rssGrowthMb: number;
  healthMaxMs: number;
  healthP99Ms: number;
  healthSamples: number;
}

/** Browsers' way: fetch with FormData, the file in the field `file`. */
async function send(server: RunningServer, token: string, u: Upload): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(u.data)], { type: u.type }), u.fileName);
  const res = await fetch(`${server.baseUrl}/api/internal${u.path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return res.status;
}

async function measure(server: RunningServer, token: string, scenario: Scenario): Promise<Measured> {
  const before = rssKb(server.pid);
  let peak = before;
  const health: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssKb(server.pid));
      await sleep(10);
    }
  })();
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.baseUrl}/api/internal/health`)).arrayBuffer();
      health.push(performance.now() - started);
      await sleep(20);
    }
  })();
  // the probe runs before, during and after the uploads: memory may peak after the answers
  await sleep(200);
  const started = performance.now();
  const statuses = await Promise.all(scenario.uploads.map((u) => send(server, token, u)));
  const ms = performance.now() - started;
  await sleep(1000);
  running = false;
  await Promise.all([sampler, prober]);
  return {
    statuses,
    ms: round(ms, 0),
    rssBeforeMb: round(before / 1024, 0),
    rssGrowthMb: round((peak - before) / 1024, 1),
    healthMaxMs: round(Math.max(...health), 1),
    healthP99Ms: round(percentile(health, 99), 1),
    healthSamples: health.length,
  };
}

/** 770 kB of DOCX, 19 MB of XML: mammoth would need over 600 MB of heap to hold it as a tree. */
async function heavyDocx(): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makeDocx('x'));
  const body = Array.from({ length: 300_000 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i} about pelicans.</w:t></w:r></w:p>`).join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function main() {
  const database = await benchDatabase(process.env.DATABASE_URL);
  const server = await startServer({ ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'info', ...(database.url ? { DATABASE_URL: database.url } : {}) });
  try {
    const tokenRes = await fetch(`${server.baseUrl}/api/internal/authorization/Local/GenerateToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin@atrium.local', password: adminPassword }),
    });
    const { n1AIToken: token } = (await tokenRes.json()) as { n1AIToken: string };
    const attach = '/attachments?attachmentType=FileSearch&context=Conversation';
    const honest = docxBomb({ unpackedMb: 1536 });
    const liar = docxBomb({ unpackedMb: 1536, declaredBytes: 1000 });
    const png = blackPng(20000, 20000);
    const heavy = await heavyDocx();
    const times = (n: number, u: Upload) => Array.from({ length: n }, () => u);
    const scenarios: Scenario[] = [
      {
        name: 'DOCX bomb declaring 1.5 GB, alone',
        uploads: times(1, { path: attach, data: honest, fileName: 'bomb.docx', type: Docx }),
        expected: 413,
        budget: true,
      },
      {
        name: 'DOCX bomb declaring 1.5 GB, three at once',
        uploads: times(3, { path: attach, data: honest, fileName: 'bomb.docx', type: Docx }),
        expected: 413,
        budget: true,
      },
      {
        name: 'DOCX bomb declaring 1 kB, alone',
        uploads: times(1, { path: attach, data: liar, fileName: 'liar.docx', type: Docx }),
        expected: 413,
        budget: true,
      },
      {
        name: 'DOCX bomb declaring 1 kB, three at once',
        uploads: times(3, { path: attach, data: liar, fileName: 'liar.docx', type: Docx }),
        expected: 413,
        budget: true,
      },
      {
        name: '20000 × 20000 PNG vision image, three at once',
        uploads: times(3, { path: '/userConversations/visionImages', data: png, fileName: 'huge.png', type: 'image/png' }),
        expected: 413,
        budget: true,
      },
      {
        name: 'DOCX needing > 256 MB to parse (no budget)',
        uploads: times(1, { path: attach, data: heavy, fileName: 'heavy.docx', type: Docx }),
        expected: 422,
        budget: false,
      },
    ];
    const sizes = `bomb ${round(honest.length / 1024 / 1024, 2)} MB, PNG ${round(png.length / 1024, 0)} kB, heavy DOCX ${round(heavy.length / 1024, 0)} kB`;
    const startRss = round(rssKb(server.pid) / 1024, 0);
    const rows: string[] = [];
    let met = true;
    for (const scenario of scenarios) {
      for (let r = 1; r <= rounds; r++) {
        const m = await measure(server, token, scenario);
        const ok = m.statuses.every((s) => s === scenario.expected);
        const within = m.rssGrowthMb < 200 && m.healthMaxMs < 250;
        if (scenario.budget && (!ok || !within)) met = false;
        rows.push(
          `| ${scenario.name} | ${r} | ${m.statuses.join(', ')}${ok ? '' : ` (expected ${scenario.expected})`} | ${m.ms} | ${m.rssBeforeMb} | ${m.rssGrowthMb} | ${m.healthP99Ms} / ${m.healthMaxMs} (${m.healthSamples}) |`,
        );
        await sleep(500);
      }
    }
    const out = [
      `Abuse benchmark (${database.url ? 'postgres' : 'pglite'}, ${new Date().toISOString()}): ${sizes}; server RSS at start ${startRss} MB, at the end ${round(rssKb(server.pid) / 1024, 0)} MB`,
      '',
      '| upload | round | statuses | answered in (ms) | RSS before (MB) | RSS growth (MB, budget < 200) | /health p99 / max ms (samples; budget < 250) |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      met ? 'Budgets met.' : 'Budgets MISSED.',
    ];
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
