// Requests for the route fuzzer (server/src/platform/route-fuzz.test.ts): well-formed ones from the OpenAPI
// document's JSON Schemas of a route (its parameters, query and body), mixed with malformed ones: wrong
// types, huge strings, NUL characters and lone surrogates, deep nesting, bad escapes, unknown ids and keys
// that exist in the database (things other people own included).
import fc from 'fast-check';
import { UploadField } from '../platform/uploads.js';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.js';
import type { KeyInDatabase } from './database-snapshot.js';

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: JsonSchema;
}
export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

/** A path segment: a value to encode, or text sent as it is (bad escapes, encoded surrogates). */
export type Segment = { value: string } | { raw: string };
export type Payload = { json: unknown } | { text: string; contentType: string } | { multipart: { field: string; bytes: Uint8Array } } | null;

export interface FuzzRequest {
  segments: Record<string, Segment>;
  query: [string, string][];
  payload: Payload;
}

const Png1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const nested = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: nested(depth - 1, leaf) });

/** Values no well-behaved client sends, for any field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      'x'.repeat(200_000),
      '',
      ' ',
      '\u202e\u200b',
      '<script>alert(1)</script>',
      1e308,
      -1e308,
      2 ** 53 + 2,
      -0,
      0.5,
      -1,
      [],
      {},
      null,
      true,
      [null],
      { constructor: { prototype: { polluted: true } } },
      nested(70, 'a\u0000b'),
      nested(70, '\ud800'),
      nested(200, 1),
    ),
  },
);

/** What free-form fields (records of unknown values) hold: mostly JSON, sometimes something hostile. */
const anything = fc.oneof({ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) }, { weight: 1, arbitrary: hostileValue });

type Path = (string | number)[];
const pathsIn = (value: unknown, at: Path = [], out: Path[] = []): Path[] => {
  if (value !== null && typeof value === 'object') {
    for (const [k, child] of Object.entries(value)) {
      const path = [...at, Array.isArray(value) ? Number(k) : k];
      out.push(path);
      pathsIn(child, path, out);
    }
  }
  return out;
};
const replacedAt = (value: unknown, path: Path, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((child, i) => (i === head ? replacedAt(child, rest, replacement) : child));
  const object = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { ...object, [head!]: replacedAt(object[head!], rest, replacement) };
};

/** Path segments no router or handler should trip over. */
const hostileSegment: fc.Arbitrary<Segment> = fc.oneof(
  fc.constantFrom<Segment>(
    { value: 'a\u0000b' },
    { raw: '%ED%A0%80' },
    { raw: '%E0%A4%A' },
    { raw: '%' },
    { value: 'x'.repeat(600) },
    { value: 'x'.repeat(5000) },
    { value: 'constructor' },
    { value: '__proto__' },
    { value: 'toString' },
    { value: '..' },
    { value: ' ' },
    { value: '00000000-0000-0000-0000-000000000000' },
    { value: '1' },
    { value: '-1' },
    { value: 'null' },
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((value) => ({ value })),
);

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const plural = (word: string) => (word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`);

/** Keys a parameter probably means: `gptSystemId` -> columns `…gpt_system_id` and the ids of `…gpt_systems`. */
function keysNamedLike(param: string, keys: readonly KeyInDatabase[]): string[] {
  const column = snake(param);
  const table = plural(column.replace(/_id$/, ''));
  const named = keys.filter(
    (k) =>
      k.column === column ||
      k.column.endsWith(`_${column}`) ||
      (column.endsWith('_id') && k.column === 'id' && (k.table === table || k.table.endsWith(`_${table}`))),
  );
  return [...new Set(named.map((k) => k.key))];
}

/** A multipart/form-data body with one file field. */
export function multipartBody(field: string, bytes: Uint8Array) {
  const boundary = `----atrium-fuzz-${bytes.length}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="fuzz.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * Requests for one route: path parameters from their schema, from the keys in the database that their name
 * suggests (`gptSystemId`: agents' ids) or hostile; a well-formed query, sometimes with one hostile value;
 * a body from the schema, with one value anywhere in it made hostile, hostile altogether, or raw text that is
 * not JSON, too large or nested too deep (upload routes: a small file, an image, a wrong field).
 */
export function requestArbitrary(
  route: { method: string; url: string },
  op: OpenApiOperation | undefined,
  keys: readonly KeyInDatabase[],
  limits: { bodyLimit: number },
): fc.Arbitrary<FuzzRequest> {
  const declared = new Map((op?.parameters ?? []).map((p) => [`${p.in}:${p.name}`, p]));
  const oneOf = (values: readonly string[]) => fc.constantFrom(...(values.length > 0 ? values : ['none'])).map((value): Segment => ({ value }));
  const anyKey = oneOf([...new Set(keys.map((k) => k.key))]);

  const segments = fc.record(
    Object.fromEntries(
      pathParams(route.url).map((name) => {
        const schema = declared.get(`path:${name}`)?.schema ?? { type: 'string' };
        const wellFormed = arbitraryOf(schema).map((v): Segment => ({ value: String(v) }));
        const named = keysNamedLike(name, keys);
        return [
          name,
          fc.oneof(
            { weight: 2, arbitrary: wellFormed },
            { weight: named.length > 0 ? 5 : 0, arbitrary: oneOf(named) },
            { weight: 1, arbitrary: anyKey },
            { weight: 2, arbitrary: hostileSegment },
          ),
        ] as const;
      }),
    ),
  ) as fc.Arbitrary<Record<string, Segment>>;

  const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const wellFormedQuery = fc
    .tuple(
      ...queryParams.map((p) => {
        const value = arbitraryOf(p.schema, { anything }).map((v): [string, string][] =>
          Array.isArray(v) ? v.map((x) => [p.name, String(x)]) : [[p.name, String(v)]],
        );
        // an optional parameter is left out half the time: one bad value must not hide the others
        return p.required ? value : fc.option(value, { nil: [] as [string, string][], freq: 2 });
      }),
    )
    .map((pairs) => pairs.flat());
  const hostileQuery = fc.tuple(
    fc.constantFrom(...queryParams.map((p) => p.name), 'unknown'),
    fc.oneof(
      hostileValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      fc.constantFrom('a\u0000b', 'x'.repeat(5000), '%00', '[object Object]'),
    ),
  );
  const query = fc.oneof(
    { weight: 4, arbitrary: wellFormedQuery },
    { weight: 1, arbitrary: fc.tuple(wellFormedQuery, hostileQuery).map(([q, extra]) => [...q, extra]) },
  );

  const content = op?.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const isUpload = 'multipart/form-data' in content;
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  let payload: fc.Arbitrary<Payload>;
  if (isUpload) {
    payload = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((bytes): Payload => ({ multipart: { field: UploadField, bytes } })),
      fc.constant<Payload>({ multipart: { field: UploadField, bytes: Png1x1 } }),
      fc.constant<Payload>({ multipart: { field: 'other', bytes: Png1x1 } }),
      fc.constant<Payload>({ json: {} }),
    );
  } else if (jsonSchema) {
    const wellFormed = arbitraryOf(jsonSchema, { anything });
    const properties = Object.keys(jsonSchema.properties ?? {}).map((k): Path => [k]);
    // a well-formed body with one value anywhere in it (or one property it left out) made hostile
    const oneValueWrong = fc.tuple(wellFormed, fc.nat(), hostileValue).map(([v, n, bad]) => {
      const candidates = [...pathsIn(v), ...properties];
      return candidates.length > 0 ? replacedAt(v, candidates[n % candidates.length]!, bad) : bad;
    });
    payload = fc.oneof(
      { weight: 5, arbitrary: wellFormed.map((json): Payload => ({ json })) },
      { weight: 3, arbitrary: oneValueWrong.map((json): Payload => ({ json })) },
      { weight: 1, arbitrary: hostileValue.map((json): Payload => ({ json })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Payload>(
          { text: '{"a":', contentType: 'application/json' },
          { text: '', contentType: 'application/json' },
          { text: 'hello', contentType: 'text/plain' },
          { text: `{"x":"${'x'.repeat(limits.bodyLimit)}"}`, contentType: 'application/json' },
          { text: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
          { text: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
        ),
      },
    );
  } else if (hasBody) {
    payload = fc.oneof({ weight: 3, arbitrary: fc.constant<Payload>(null) }, { weight: 1, arbitrary: hostileValue.map((json): Payload => ({ json })) });
  } else {
    payload = fc.constant<Payload>(null);
  }
  return fc.record({ segments, query, payload });
}

/** The address of a request: its segments encoded (or sent raw) and its query. */
export const urlOf = (route: { url: string }, req: FuzzRequest) => {
  const path = route.url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?\??/g, (_m, name: string) => {
      const s = req.segments[name]!;
      return 'raw' in s ? s.raw : encodeURIComponent(s.value.replace(/[\ud800-\udfff]/g, '\ufffd'));
    })
    .replace(/\*$/, 'anything');
  const query = req.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`).join('&');
  return query ? `${path}?${query}` : path;
};
