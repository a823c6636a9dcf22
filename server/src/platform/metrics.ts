// Prometheus metrics (prom-client, the Node client Prometheus lists): each app has its own registry, read at
// GET /metrics when METRICS_TOKEN is set (docs/architecture.md "Observability"). What they show:
// - requests per route (the route's pattern, never its address with ids) with their status and duration;
// - per deployment: time to first token and the gaps between an answer's pieces (histograms), turns and tokens;
// - at each scrape: answers streaming now, jobs waiting and running per queue (and those this process runs), the
//   PostgreSQL pool's connections.
// Nothing in them carries a question, an answer, a person or an address.
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

/** What the chat path reports (ai/chat-engine.ts); all times in milliseconds. */
export interface ChatObserver {
  firstToken(deployment: string, ms: number): void;
  /** the time since the answer's previous piece */
  gap(deployment: string, ms: number): void;
  settled(deployment: string, status: string, promptTokens: number, completionTokens: number): void;
}

export const NoChatObserver: ChatObserver = { firstToken() {}, gap() {}, settled() {} };

/** Seconds: from 50 ms to a minute for the first token, from 1 ms to 10 s between pieces. */
const FirstTokenBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const GapBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const RequestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60];

export class Metrics {
  readonly registry = new Registry();
  readonly chat: ChatObserver;
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #requestSeconds: Histogram<'method' | 'route'>;

  /** `processMetrics`: Node's own (memory, event loop lag, CPU) too — a server's, not each test app's */
  constructor(options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.#requests = new Counter({
      name: 'atrium_http_requests_total',
      help: 'Requests by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#requestSeconds = new Histogram({
      name: 'atrium_http_request_duration_seconds',
      help: 'Time to the end of the response by route pattern (a streamed answer counts until its last event)',
      labelNames: ['method', 'route'],
      buckets: RequestBuckets,
      registers,
    });
    const firstToken = new Histogram({
      name: 'atrium_chat_time_to_first_token_seconds',
      help: 'From the question to the first piece of the answer',
      labelNames: ['deployment'],
      buckets: FirstTokenBuckets,
      registers,
    });
    const gap = new Histogram({
      name: 'atrium_chat_inter_chunk_gap_seconds',
      help: 'Between two pieces of an answer',
      labelNames: ['deployment'],
      buckets: GapBuckets,
      registers,
    });
    const turns = new Counter({
      name: 'atrium_chat_turns_total',
      help: 'Answers ended, by status (Success, Aborted, Failed)',
      labelNames: ['deployment', 'status'],
      registers,
    });
    const tokens = new Counter({
      name: 'atrium_chat_tokens_total',
      help: 'Tokens by direction (prompt, completion)',
      labelNames: ['deployment', 'direction'],
      registers,
    });
    this.chat = {
      firstToken: (deployment, ms) => firstToken.observe({ deployment }, ms / 1000),
      gap: (deployment, ms) => gap.observe({ deployment }, ms / 1000),
      settled: (deployment, status, promptTokens, completionTokens) => {
        turns.inc({ deployment, status });
        tokens.inc({ deployment, direction: 'prompt' }, promptTokens);
        tokens.inc({ deployment, direction: 'completion' }, completionTokens);
      },
    };
  }

  /** Gauges read at each scrape from the app's parts. */
  watch(ctx: Pick<AppContext, 'chat' | 'jobs' | 'database'>): void {
    const registers = [this.registry];
    new Gauge({
      name: 'atrium_chat_active_streams',
      help: 'Answers being streamed by this process',
      registers,
      collect() {
        this.set(ctx.chat.turnsInFlight);
      },
    });
    new Gauge({
      name: 'atrium_jobs',
      help: 'Background jobs by queue and state (created, retry, active), when the jobs engine runs',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of await ctx.jobs.depths()) this.set({ queue: row.queue, state: row.state }, row.count);
      },
    });
    new Gauge({
      name: 'atrium_jobs_running',
      help: 'Background jobs this process runs now, by queue',
      labelNames: ['queue'],
      registers,
      collect() {
        this.reset();
        for (const row of ctx.jobs.runningByQueue()) this.set({ queue: row.queue }, row.count);
      },
    });
    new Gauge({
      name: 'atrium_db_pool_connections',
      help: 'PostgreSQL pool connections of this process by state (total, idle, waiting)',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = ctx.database.poolStats?.();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
  }

  /**
   * Counts every request by its route pattern, and serves GET /metrics to a bearer of `token` (anyone else: 404,
   * as if there were none). Without a token nothing is served.
   */
  register(app: FastifyInstance, token: string | null): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.#requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.#requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
    if (!token) return;
    const expected = Buffer.from(`Bearer ${token}`);
    app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      // anyone without the token meets the server's own 404, as if nothing answered here
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.callNotFound();
      return reply
        .header('content-type', this.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await this.registry.metrics());
    });
  }
}
