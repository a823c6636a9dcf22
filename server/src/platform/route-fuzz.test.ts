// A property-based fuzzer over every route the real app registers (routes added later are covered without
// editing this file). Requests come from the OpenAPI document's JSON Schemas (the contract's zod schemas),
// mixed with malformed ones: wrong types, huge strings, NUL characters and lone surrogates, bad escapes,
// unknown ids and ids of things other people own. Whatever comes, the server must not answer 5xx, every
// error must have the contract's {code, message, details} shape, and a refused request must write nothing.
// The seed is fixed and the number of requests bounded, so a failure here is reproducible.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { DefaultUserActions, ErrorBodySchema } from '@atrium/contract';
import { createTestApp, type TestApp } from '../test/harness.js';
import { changedTables, keysInDatabase, tableChecksums, type KeyInDatabase } from '../test/database-snapshot.js';
import { multipartBody, requestArbitrary, urlOf, type FuzzRequest, type OpenApiPaths } from '../test/fuzz-requests.js';
import { systemAgentId } from '../test/chat-stream.js';
import { users } from '../db/schema/index.js';
import { routeTable, type RouteEntry } from './access.js';

const Seed = 20_261_124;
/** Requests per route and caller (a plain user on administrators' routes: only the access check answers). */
const RunsPerRoute = 6;
const RunsRefusedByAccess = 1;
/** A request still unanswered after this long counts as a failure (chat answers come from the offline engine). */
const AnswerTimeoutMs = 10_000;
/**
 * Tables a refused request may change: the process heartbeat runs on its own clock, and a refused sign-in
 * is counted on purpose (the throttle).
 */
const WrittenOnRefusal = ['server_processes', 'sign_in_failures'];
/** Text columns whose values routes take as keys (brands and their files, vision images' file names). */
const TextKeyColumns = ['brand_key', 'file_name', 'blob_file_name'];

interface Caller {
  name: 'anonymous' | 'user' | 'admin';
  token: string | null;
  /** keys this caller never names in an address (its own account: an administrator could lock themselves out) */
  avoid: ReadonlySet<string>;
}

const fnv1a = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

const truncated = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

const showValue = (v: unknown) => truncated(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? truncated(x, 80) : x)) ?? 'undefined');

describe('route fuzz', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let paths: OpenApiPaths;
  let callers: Caller[];
  let bodyLimit: number;

  beforeAll(async () => {
    // jobs are queued but not run: a job (the analytics rollup every minute, a title, a performance test run) would
    // write while a later refused request is checked for writes
    t = await createTestApp({}, undefined, { runJobs: false });
    bodyLimit = t.ctx.config.bodyLimitBytes;
    paths = (t.app.swagger() as { paths: OpenApiPaths }).paths;
    // HEAD routes are the automatic twins of GET routes; DELETEs go last so that the things they remove were
    // there for the other routes first
    routes = routeTable(t.app)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

    const [admin] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, t.ctx.config.adminEmail));
    const user = await t.createUser({ actions: [...DefaultUserActions] });
    callers = [
      { name: 'anonymous', token: null, avoid: new Set() },
      { name: 'user', token: user.token, avoid: new Set([user.id]) },
      { name: 'admin', token: await t.tokenFor(admin!.id), avoid: new Set([admin!.id]) },
    ];
    // something of each caller's to find: a conversation with a segment, so that its routes get past 404
    const agentId = await systemAgentId(t);
    for (const c of callers.slice(1)) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/internal/userConversations/byGptSystemId/${agentId}`,
        headers: { authorization: `Bearer ${c.token}` },
        payload: { question: `Hello from the ${c.name}`, visionImageIds: [], attachmentIds: [], segmentTraceLogLevel: 'NonPersisted' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t?.close());

  const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operationOf = (r: RouteEntry) => paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
  async function send(route: RouteEntry, caller: Caller, req: FuzzRequest) {
    const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
    let payload: string | Buffer | undefined;
    const p = req.payload;
    if (p && 'json' in p) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(p.json) ?? 'null';
    } else if (p && 'text' in p) {
      headers['content-type'] = p.contentType;
      payload = p.text;
    } else if (p && 'multipart' in p) {
      const m = multipartBody(p.multipart.field, p.multipart.bytes);
      headers['content-type'] = m.contentType;
      payload = m.body;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), AnswerTimeoutMs);
    });
    try {
      return await Promise.race([
        t.app.inject({ method: route.method as 'GET', url: urlOf(route, req), headers, ...(payload !== undefined ? { payload } : {}) }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  const checksums = () => tableChecksums(t.ctx.db, { except: WrittenOnRefusal });
  /** The checksums after the last refused request: nothing changed since, unless something was accepted. */
  let unchanged: Map<string, string> | null = null;
  /** The keys in the database, read again after a request was accepted (it may have made or removed some). */
  let keys: KeyInDatabase[] = [];
  let keysChanged = true;

  /** Checks one request; throws what is wrong with the answer. */
  async function probe(route: RouteEntry, caller: Caller, req: FuzzRequest): Promise<void> {
    const before = unchanged ?? (await checksums());
    unchanged = null;
    const res = await send(route, caller, req);
    if (res === 'late') throw new Error(`no answer within ${AnswerTimeoutMs} ms`);
    if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}: ${truncated(res.body)}`);
    if (res.statusCode < 400) {
      keysChanged ||= route.method !== 'GET';
      return;
    }
    let body: unknown;
    try {
      body = res.json();
    } catch {
      throw new Error(`answered ${res.statusCode} with a body that is not JSON: ${truncated(res.body)}`);
    }
    if (!ErrorBodySchema.safeParse(body).success)
      throw new Error(`answered ${res.statusCode} with a body not shaped {code,message,details}: ${truncated(res.body)}`);
    const after = await checksums();
    const written = changedTables(before, after);
    unchanged = after;
    if (written.length > 0) throw new Error(`refused with ${res.statusCode} (${truncated(res.body, 200)}) yet wrote to ${written.join(', ')}`);
  }

  const describeRequest = (route: RouteEntry, req: FuzzRequest) =>
    `${route.method} ${truncated(urlOf(route, req), 200)}${req.payload ? ` body ${showValue(req.payload)}` : ''}`;

  it('answers every route without 5xx, with {code, message, details} errors and no writes on a refusal', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const caller of callers) {
      for (const route of routes) {
        // signed-out callers stop at the access check of other routes (route-permissions.test.ts covers that)
        if (caller.name === 'anonymous' && route.access !== 'public') continue;
        if (keysChanged) {
          keys = await keysInDatabase(t.ctx.db, TextKeyColumns);
          keysChanged = false;
        }
        const named = keys.filter((k) => !caller.avoid.has(k.key));
        const refusedByAccess =
          caller.name === 'user' &&
          typeof route.access === 'object' &&
          (route.access.adminArea === true || !route.access.anyOf.some((a) => DefaultUserActions.includes(a)));
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(route, operationOf(route), named, { bodyLimit }), async (req) => {
            requests++;
            await probe(route, caller, req);
          }),
          {
            seed: Seed ^ fnv1a(`${caller.name} ${route.method} ${route.url}`),
            numRuns: refusedByAccess ? RunsRefusedByAccess : RunsPerRoute,
            endOnFailure: true,
          },
        );
        if (details.failed && details.counterexample) {
          const [req] = details.counterexample;
          failures.push(
            `${caller.name}: ${describeRequest(route, req)} -> ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
          );
        }
      }
    }
    expect(requests).toBeGreaterThan(routes.length * 2);
    expect(failures).toEqual([]);
    // every route of every module, many requests each: minutes on a 2-core machine running the rest of the suite
  }, 300_000);
});
