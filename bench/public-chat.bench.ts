// Public chat under load (issue 18's numbers, docs/public-chat.md): 1,000 distinct visitors (random uuid session
// identifiers) each ask one question within 60 s against the fake model, on four endpoints whose limits are set so
// that each endpoint hits one limit on purpose:
//  - "day":      questionsPerEndpointPerDay below its visitors (each from an address of its own);
//  - "address":  questionsPerAddressPerDay 2, three visitors behind each address (TRUST_PROXY=true and
//                X-Forwarded-For give visitors their addresses; without it all would be 127.0.0.1);
//  - "visitor":  questionsPerVisitorPerDay 1, a third of its visitors asking a second question when their first
//                answer has ended (half a follow-up in the same conversation, half a new conversation);
//  - "streams":  maxConcurrentStreams below the size of bursts of visitors arriving in the same instant, bursts far
//                enough apart that every slot is free again before the next.
// The other limits of each endpoint are set out of reach, so that the number of refusals does not depend on the
// order in which the server sees the questions: the expected 429s are computed from the configuration and the
// arrival plan, and the report checks every answer's status and refusal message against them (errors other than
// the configured 429s: 0). Beside the visitors, a signed-in person asks the same question on the same server over
// the same 60 s: time to first token p50/p95/p99 of visitors against that baseline.
// Run: npm run build && npx tsx bench/public-chat.bench.ts [--quick]   (DATABASE_URL=postgres://… for PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PublicChatMessages, type PublicEndpointConfigurationInput } from '@atrium/contract';
import { SseDecoder } from '../contract/src/sse/sse.codec.js';
import { startChatBenchServer } from './lib/chat-bench-server.js';
import { platformStream } from './lib/clients.js';
import { benchDatabase } from './lib/database.js';
import { round, summary } from './lib/stats.js';
import { startUpstreamProcess } from './lib/upstream-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const question = 'When do applications close?';

/** the arrival window */
const windowMs = quick ? 20_000 : 60_000;
/** visitors on each spread endpoint (day, address, visitor); the streams endpoint gets `bursts` × `burstSize` */
const perEndpoint = quick ? 75 : 300;
const bursts = quick ? 1 : 4;
const burstSize = 25;
const streamSlots = 20;
const signedInQuestions = quick ? 60 : 200;
/** answers of 20 pieces 200 ms apart (about 4 s): long enough that a burst is decided before any of its answers ends */
const pieces = 20;
const pieceDelayMs = 200;

// ---------------------------------------------------------------------------------------------------------------
// the plan

type EndpointKey = 'day' | 'address' | 'visitor' | 'streams';
type Limit = 'visitor' | 'address' | 'endpoint' | 'streams';

/** out of reach: every limit an endpoint is not measuring */
const Generous = {
  questionsPerVisitorPerDay: 100_000,
  questionsPerEndpointPerDay: 10_000_000,
  questionsPerAddressPerDay: 1_000_000,
  maxConcurrentStreams: 1_000,
};
const suffix = randomUUID().slice(0, 8);
const endpointConfiguration = (name: string, limits: Partial<typeof Generous>) => ({
  endpointName: `bench-${name}-${suffix}`,
  isEnabled: true,
  allowedOrigins: [],
  requireGuidelinesConsent: false,
  showCitations: true,
  maxQuestionLength: 2_000,
  ...Generous,
  ...limits,
});
const configurations: Record<EndpointKey, ReturnType<typeof endpointConfiguration>> = {
  day: endpointConfiguration('day', { questionsPerEndpointPerDay: Math.round((perEndpoint * 5) / 6) }),
  address: endpointConfiguration('address', { questionsPerAddressPerDay: 2 }),
  visitor: endpointConfiguration('visitor', { questionsPerVisitorPerDay: 1 }),
  streams: endpointConfiguration('streams', { maxConcurrentStreams: streamSlots }),
};
const limitsOf = (key: EndpointKey) => configurations[key];

interface Visitor {
  endpoint: EndpointKey;
  session: string;
  address: string;
  /** ms after the window opens */
  atMs: number;
  /**
   * asks a second question with the same identifier when the first answer has ended: a follow-up in the same
   * conversation, or a new conversation (both count against the day's allowances)
   */
  asksTwice: 'follow-up' | 'new' | false;
  burst: number | null;
}

const address = (group: number, n: number) => `10.${group}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

function plan(): { visitors: Visitor[]; signedInAtMs: number[] } {
  const visitors: Visitor[] = [];
  // the three spread endpoints and the signed-in person share evenly spaced arrival slots, shuffled
  const spread: Omit<Visitor, 'atMs'>[] = [];
  for (let i = 0; i < perEndpoint; i++) {
    spread.push({ endpoint: 'day', session: randomUUID(), address: address(1, i), asksTwice: false, burst: null });
    spread.push({ endpoint: 'address', session: randomUUID(), address: address(2, Math.floor(i / 3)), asksTwice: false, burst: null });
    spread.push({
      endpoint: 'visitor',
      session: randomUUID(),
      address: address(3, i),
      asksTwice: i % 3 === 0 ? (i % 6 === 0 ? 'follow-up' : 'new') : false,
      burst: null,
    });
  }
  const slots = spread.length + signedInQuestions;
  const order = Array.from({ length: slots }, (_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(Math.random() * (k + 1));
    [order[k], order[j]] = [order[j]!, order[k]!];
  }
  const slotMs = (k: number) => (order[k]! * windowMs) / slots;
  spread.forEach((v, k) => visitors.push({ ...v, atMs: slotMs(k) }));
  const signedInAtMs = Array.from({ length: signedInQuestions }, (_, k) => slotMs(spread.length + k));
  // the streams endpoint: bursts in the same instant, spread over the window
  for (let b = 0; b < bursts; b++) {
    for (let i = 0; i < burstSize; i++) {
      visitors.push({
        endpoint: 'streams',
        session: randomUUID(),
        address: address(4, b * burstSize + i),
        atMs: ((b + 0.5) * windowMs) / bursts,
        asksTwice: false,
        burst: b,
      });
    }
  }
  return { visitors, signedInAtMs };
}

/**
 * The refusals the daily limits allow: the questions counted in the plan's order with the server's rules (visitor,
 * then address, then endpoint; a refused question counts nothing). Each endpoint has one daily limit in reach, so the
 * count does not depend on the order in which the server sees its questions.
 */
function expectedDaily(visitors: Visitor[]): Map<EndpointKey, Record<Limit, number>> {
  const counts = new Map<string, number>();
  const out = new Map<EndpointKey, Record<Limit, number>>();
  const questions = visitors.flatMap((v) => (v.asksTwice ? [v, v] : [v]));
  for (const v of questions) {
    const c = limitsOf(v.endpoint);
    const refusals = out.get(v.endpoint) ?? { visitor: 0, address: 0, endpoint: 0, streams: 0 };
    out.set(v.endpoint, refusals);
    const keys: [Limit, string, number][] = [
      ['visitor', `${v.endpoint}:v:${v.session}`, c.questionsPerVisitorPerDay],
      ['address', `${v.endpoint}:a:${v.address}`, c.questionsPerAddressPerDay],
      ['endpoint', `${v.endpoint}:e`, c.questionsPerEndpointPerDay],
    ];
    const refused = keys.find(([, key, allowed]) => (counts.get(key) ?? 0) >= allowed);
    if (refused) refusals[refused[0]]++;
    else for (const [, key] of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // the stream slots: each burst arrives at once with every slot free, so all but the slots are refused
  const streams = out.get('streams')!;
  streams.streams = bursts * Math.max(0, burstSize - limitsOf('streams').maxConcurrentStreams);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// a visitor's question

interface Answer {
  status: number;
  /** the refusal's limit, from its message; 'other' for a 429 with any other message */
  limit: Limit | 'other' | null;
  ttftMs: number;
  /** since the window opened: when the answer (or the refusal) arrived, and when the answer ended */
  decidedAtMs: number;
  endedAtMs: number;
  failure: string | null;
  /** the conversation an answer started */
  conversationId: string | null;
}

const limitOfMessage = new Map<string, Limit>([
  [PublicChatMessages.visitorDailyLimit, 'visitor'],
  [PublicChatMessages.addressDailyLimit, 'address'],
  [PublicChatMessages.endpointDailyLimit, 'endpoint'],
  [PublicChatMessages.tooManyStreams, 'streams'],
]);

/** A visitor's question: a new conversation on the endpoint, or a follow-up in `conversationId`. */
async function ask(baseUrl: string, v: Visitor, windowStart: number, conversationId: string | null = null): Promise<Answer> {
  const started = performance.now();
  const since = () => performance.now() - windowStart;
  const url = conversationId
    ? `${baseUrl}/api/internal/public-conversations/${conversationId}/segments`
    : `${baseUrl}/api/internal/public-conversations/${limitsOf(v.endpoint).endpointName}`;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': v.address },
      body: JSON.stringify({ question, visionImageIds: [], attachmentIds: [], session: { sessionIdentifier: v.session } }),
    });
    const decidedAtMs = since();
    if (res.status !== 200 || !res.body) {
      const text = await res.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // not JSON: keep the text
      }
      const limit = res.status === 429 ? (limitOfMessage.get(message) ?? 'other') : null;
      const retryAfter = res.headers.get('retry-after');
      const failure = res.status === 429 && retryAfter ? null : `${res.status}: ${message.slice(0, 200)}${res.status === 429 ? ' (no Retry-After)' : ''}`;
      return { status: res.status, limit, ttftMs: Number.NaN, decidedAtMs, endedAtMs: decidedAtMs, failure, conversationId: null };
    }
    const decoder = new SseDecoder();
    let ttftMs = Number.NaN;
    let failure: string | null = null;
    let conversationStarted: string | null = null;
    for await (const chunk of res.body) {
      const now = performance.now() - started;
      for (const ev of decoder.push(chunk as Uint8Array)) {
        if (ev.event === 'response-updated' && Number.isNaN(ttftMs)) ttftMs = now;
        else if (ev.event === 'conversation-and-segment-id') conversationStarted = (JSON.parse(ev.data) as { ConversationId: string }).ConversationId;
        else if (ev.event === 'error' || ev.event === 'internal-server-error') failure = `stream: ${ev.data.slice(0, 200)}`;
      }
    }
    if (!failure && Number.isNaN(ttftMs)) failure = 'stream: no answer text';
    return { status: 200, limit: null, ttftMs, decidedAtMs, endedAtMs: since(), failure, conversationId: conversationStarted };
  } catch (e) {
    const at = since();
    return {
      status: 0,
      limit: null,
      ttftMs: Number.NaN,
      decidedAtMs: at,
      endedAtMs: at,
      failure: e instanceof Error ? e.message : String(e),
      conversationId: null,
    };
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const upstream = await startUpstreamProcess({
    chunks: Array.from({ length: pieces }, (_, i) => ` word${i}`),
    chunkDelayMs: pieceDelayMs,
    usage: { promptTokens: 30, completionTokens: pieces },
  });
  const database = await benchDatabase(process.env.DATABASE_URL);
  const { server, token, agentId } = await startChatBenchServer(upstream.url, database.url, undefined, { TRUST_PROXY: 'true' });
  const admin = async <T>(method: string, url: string, body: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}/api/internal${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** a System agent published with this endpoint, as an administrator (or a script) would */
  const publish = async (name: string, endpoint: PublicEndpointConfigurationInput) => {
    const created = await admin<{ gptSystemId: string; configStateId: string }>('POST', '/admin/gptSystems', {
      gptSystemName: name,
      description: 'Answers visitors',
      config: { systemPrompt: 'You help {{userName}}.', publicEndpointConfiguration: endpoint },
    });
    await admin('PUT', `/admin/gptSystems/${created.gptSystemId}/publishing`, { configStateId: created.configStateId });
  };
  try {
    for (const key of Object.keys(configurations) as EndpointKey[]) await publish(`Bench ${key}`, configurations[key]);
    const warmEndpoint = endpointConfiguration('warm', {});
    await publish('Bench warm-up', warmEndpoint);

    // warm up both paths (JIT, connection pools, caches): 20 questions each, 5 at a time
    for (let w = 0; w < 4; w++) {
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) =>
          fetch(`${server.baseUrl}/api/internal/public-conversations/${warmEndpoint.endpointName}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address(9, w * 5 + i) },
            body: JSON.stringify({ question, session: { sessionIdentifier: randomUUID() } }),
          }).then(async (r) => (await r.text(), r.status)),
        ),
        ...Array.from({ length: 5 }, () => platformStream(server.baseUrl, token, agentId, question).then(() => 200)),
      ]);
      if (answers.some((s) => s !== 200)) throw new Error(`warm-up answered ${answers.join(', ')}`);
    }

    const { visitors, signedInAtMs } = plan();
    const expected = expectedDaily(visitors);
    const loadAtStart = os.loadavg()[0]!;
    const windowStart = performance.now();
    const firstAnswers = new Map<Visitor, Answer>();
    const secondAnswers = new Map<Visitor, Answer>();
    const sentAt: number[] = [];
    const visitorRuns = visitors.map(async (v) => {
      await sleep(v.atMs - (performance.now() - windowStart));
      sentAt.push(performance.now() - windowStart);
      const first = await ask(server.baseUrl, v, windowStart);
      firstAnswers.set(v, first);
      if (v.asksTwice) secondAnswers.set(v, await ask(server.baseUrl, v, windowStart, v.asksTwice === 'follow-up' ? first.conversationId : null));
    });
    const signedIn: number[] = [];
    const signedInFailures: string[] = [];
    const signedInRuns = signedInAtMs.map(async (at) => {
      await sleep(at - (performance.now() - windowStart));
      try {
        signedIn.push((await platformStream(server.baseUrl, token, agentId, question)).ttftMs);
      } catch (e) {
        signedInFailures.push(e instanceof Error ? e.message : String(e));
      }
    });
    await Promise.all([...visitorRuns, ...signedInRuns]);
    const lastSentMs = Math.max(...sentAt);

    // ---- tally
    const keys = Object.keys(configurations) as EndpointKey[];
    const rows = keys.map((key) => {
      const mine = visitors.filter((v) => v.endpoint === key);
      const answers = [...mine.map((v) => firstAnswers.get(v)!), ...mine.filter((v) => v.asksTwice).map((v) => secondAnswers.get(v)!)];
      const seen: Record<Limit, number> = { visitor: 0, address: 0, endpoint: 0, streams: 0 };
      for (const a of answers) if (a.status === 429 && a.limit && a.limit !== 'other') seen[a.limit]++;
      const want = expected.get(key)!;
      const errors = answers.filter((a) => a.failure || (a.status !== 200 && a.status !== 429) || a.limit === 'other');
      return {
        endpoint: key,
        configuration: {
          questionsPerVisitorPerDay: limitsOf(key).questionsPerVisitorPerDay,
          questionsPerAddressPerDay: limitsOf(key).questionsPerAddressPerDay,
          questionsPerEndpointPerDay: limitsOf(key).questionsPerEndpointPerDay,
          maxConcurrentStreams: limitsOf(key).maxConcurrentStreams,
        },
        visitors: mine.length,
        questions: answers.length,
        answered: answers.filter((a) => a.status === 200 && !a.failure).length,
        expected429: want,
        seen429: seen,
        exact: (Object.keys(want) as Limit[]).every((l) => want[l] === seen[l]),
        errors: errors.length,
        errorSamples: [...new Set(errors.map((a) => a.failure ?? `${a.status} ${a.limit ?? ''}`))].slice(0, 5),
      };
    });

    // the streams plan holds when each burst was decided before any of its answers ended (no slot came free meanwhile)
    const burstPlan = Array.from({ length: bursts }, (_, b) => {
      const answers = visitors.filter((v) => v.burst === b).map((v) => firstAnswers.get(v)!);
      const admitted = answers.filter((a) => a.status === 200);
      const lastDecided = Math.max(...answers.map((a) => a.decidedAtMs));
      const firstEnded = Math.min(...admitted.map((a) => a.endedAtMs));
      return { burst: b, admitted: admitted.length, marginMs: round(firstEnded - lastDecided, 0) };
    });
    const burstPlanHeld = burstPlan.every((b) => b.marginMs > 0);

    const spreadTtft = visitors
      .filter((v) => v.burst === null)
      .flatMap((v) => [firstAnswers.get(v)!, ...(v.asksTwice ? [secondAnswers.get(v)!] : [])])
      .filter((a) => a.status === 200 && !a.failure)
      .map((a) => a.ttftMs);
    const burstTtft = visitors
      .filter((v) => v.burst !== null)
      .map((v) => firstAnswers.get(v)!)
      .filter((a) => a.status === 200 && !a.failure)
      .map((a) => a.ttftMs);
    const visitorTtft = summary(spreadTtft);
    const signedInTtft = summary(signedIn);
    const results = {
      date: new Date().toISOString(),
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      node: process.version,
      quick,
      loadAverageAtStart: round(loadAtStart, 1),
      loadAverageAtEnd: round(os.loadavg()[0]!, 1),
      cores: os.cpus().length,
      distinctVisitors: new Set(visitors.map((v) => v.session)).size,
      questions: firstAnswers.size + secondAnswers.size,
      followUpsInConversation: visitors.filter((v) => v.asksTwice === 'follow-up' && firstAnswers.get(v)!.conversationId).length,
      windowMs,
      lastArrivalMs: round(lastSentMs, 0),
      answer: { pieces, pieceDelayMs },
      endpoints: rows,
      burstPlan,
      burstPlanHeld,
      everyLimitExact: rows.every((r) => r.exact),
      otherErrors: rows.reduce((n, r) => n + r.errors, 0),
      ttft: {
        visitorsSpread: visitorTtft,
        visitorsInBursts: summary(burstTtft),
        signedIn: signedInTtft,
        addedP50: round(visitorTtft.p50 - signedInTtft.p50),
        addedP95: round(visitorTtft.p95 - signedInTtft.p95),
        addedP99: round(visitorTtft.p99 - signedInTtft.p99),
      },
      signedInFailures: signedInFailures.length,
    };
    fs.mkdirSync(path.join(here, 'results'), { recursive: true });
    fs.writeFileSync(path.join(here, 'results', 'public-chat.json'), `${JSON.stringify(results, null, 2)}\n`);
    report(results);
    // a wrong count is a finding, not noise: the run says so in its exit code too (no timing is checked)
    if (!results.everyLimitExact || results.otherErrors > 0 || results.signedInFailures > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await upstream.close();
    await database.drop();
  }
}

type Results = {
  date: string;
  database: string;
  node: string;
  quick: boolean;
  loadAverageAtStart: number;
  loadAverageAtEnd: number;
  cores: number;
  distinctVisitors: number;
  questions: number;
  followUpsInConversation: number;
  windowMs: number;
  lastArrivalMs: number;
  endpoints: {
    endpoint: string;
    configuration: Record<string, number>;
    visitors: number;
    questions: number;
    answered: number;
    expected429: Record<Limit, number>;
    seen429: Record<Limit, number>;
    exact: boolean;
    errors: number;
    errorSamples: string[];
  }[];
  burstPlan: { burst: number; admitted: number; marginMs: number }[];
  burstPlanHeld: boolean;
  everyLimitExact: boolean;
  otherErrors: number;
  ttft: Record<'visitorsSpread' | 'visitorsInBursts' | 'signedIn', ReturnType<typeof summary>> & Record<'addedP50' | 'addedP95' | 'addedP99', number>;
  signedInFailures: number;
};

function report(r: Results) {
  const limits = (c: Record<string, number>) =>
    `visitor ${c.questionsPerVisitorPerDay} · address ${c.questionsPerAddressPerDay} · endpoint ${c.questionsPerEndpointPerDay} · streams ${c.maxConcurrentStreams}`;
  const refusals = (x: Record<Limit, number>) =>
    (Object.keys(x) as Limit[])
      .filter((l) => x[l] > 0)
      .map((l) => `${x[l]} ${l}`)
      .join(' + ') || '0';
  const t = (label: string, s: ReturnType<typeof summary>) => `| ${label} | ${s.n} | ${s.p50} | ${s.p95} | ${s.p99} |`;
  const out = [
    `Public chat benchmark (${r.database}, ${r.node}, ${r.date}${r.quick ? ', --quick' : ''}; ${r.cores} cores, load average ${r.loadAverageAtStart} at the start, ${r.loadAverageAtEnd} at the end)`,
    '',
    `${r.distinctVisitors} distinct visitors, ${r.questions} questions, arriving over ${r.windowMs / 1000} s (the last at ${round(r.lastArrivalMs / 1000, 1)} s); answers of ${pieces} pieces ${pieceDelayMs} ms apart; ${r.followUpsInConversation} of the second questions were follow-ups in the visitor's conversation`,
    '',
    '| endpoint | limits per day (streams at once) | visitors | questions | answered | 429 expected | 429 seen | other errors | exact |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.endpoints.map(
      (e) =>
        `| ${e.endpoint} | ${limits(e.configuration)} | ${e.visitors} | ${e.questions} | ${e.answered} | ${refusals(e.expected429)} | ${refusals(e.seen429)} | ${e.errors} | ${e.exact ? 'yes' : 'NO'} |`,
    ),
    '',
    `Streams bursts (${burstSize} at once, ${streamSlots} slots): ${r.burstPlan.map((b) => `${b.admitted} admitted, decided ${b.marginMs} ms before its first answer ended`).join('; ')}${r.burstPlanHeld ? '' : ' — PLAN NOT HELD: a slot came free before a burst was decided, the streams count is not meaningful'}`,
    ...r.endpoints.filter((e) => e.errorSamples.length > 0).map((e) => `Errors on ${e.endpoint}: ${e.errorSamples.join(' | ')}`),
    '',
    `Every limit enforced exactly: ${r.everyLimitExact ? 'yes' : 'NO'}. Errors other than the configured 429s: ${r.otherErrors}. Signed-in failures: ${r.signedInFailures}.`,
    '',
    '| time to first token (ms) | answers | p50 | p95 | p99 |',
    '|---|---|---|---|---|',
    t('signed-in person, spread over the window (baseline)', r.ttft.signedIn),
    t('visitors, spread over the window', r.ttft.visitorsSpread),
    t(`visitors in the streams bursts (${burstSize} at once)`, r.ttft.visitorsInBursts),
    '',
    `Visitors (spread) over signed-in: ${r.ttft.addedP50} / ${r.ttft.addedP95} / ${r.ttft.addedP99} ms at p50 / p95 / p99.`,
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
