// fast-check arbitraries for the JSON Schemas the OpenAPI document describes requests with (what zod 4's
// toJSONSchema makes of the contract's schemas, through fastify-type-provider-zod). Values follow the schema's
// structure and bounds; refinements the schema cannot express (trim, custom checks) are left to the server,
// which refuses such values with 400 as any client's.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Mostly printable ASCII, sometimes any single-code-point grapheme (accents, scripts, emoji). */
const char = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
);

/** Generated sizes stay small (fast-check's default size); a bound only narrows them. */
const Unbounded = 10_000;

function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Unbounded;
  const fits = (v: string) => v.length >= minLength && v.length <= maxLength;
  if (s.format === 'uuid') return fc.uuid({ version: 4 });
  // zod writes its own regex for most formats (email, date-time): generate from it
  if (s.pattern !== undefined) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl().filter(fits);
    case 'binary':
      return fc.string({ unit: 'binary-ascii', maxLength: 64 });
  }
  return fc.string({ unit: char, minLength, maxLength });
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  if (integer) {
    const min = Math.max(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31)), Number.MIN_SAFE_INTEGER);
    const max = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(s.minimum !== undefined ? { min: s.minimum } : {}),
    ...(s.maximum !== undefined ? { max: s.maximum } : {}),
    ...(s.exclusiveMinimum !== undefined ? { min: s.exclusiveMinimum, minExcluded: true } : {}),
    ...(s.exclusiveMaximum !== undefined ? { max: s.exclusiveMaximum, maxExcluded: true } : {}),
  });
}

export interface ArbitraryOptions {
  /** what a schema that says nothing (a free-form value: `z.unknown()`, a record's values) gets */
  anything?: fc.Arbitrary<unknown>;
}

function objectOf(s: JsonSchema, o: Required<ArbitraryOptions>): fc.Arbitrary<Record<string, unknown>> {
  const properties = s.properties ?? {};
  const names = Object.keys(properties);
  const extra = s.additionalProperties;
  if (names.length === 0 && extra !== undefined && extra !== false) {
    const keys = s.propertyNames ? stringOf({ ...s.propertyNames, type: 'string' }) : fc.string({ unit: char, maxLength: 20 });
    return fc.dictionary(keys, extra === true ? o.anything : arbitraryWith(extra, o), { maxKeys: 5 });
  }
  const model = Object.fromEntries(names.map((n) => [n, arbitraryWith(properties[n]!, o)]));
  return fc.record(model, { requiredKeys: (s.required ?? []).filter((n) => n in properties) });
}

function ofType(s: JsonSchema, type: string, o: Required<ArbitraryOptions>): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return numberOf(s, true);
    case 'number':
      return numberOf(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? arbitraryWith(s.items, o) : o.anything, { minLength: s.minItems ?? 0, maxLength: s.maxItems ?? Unbounded });
    case 'object':
      return objectOf(s, o);
    default:
      return o.anything;
  }
}

function arbitraryWith(schema: JsonSchema, o: Required<ArbitraryOptions>): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => arbitraryWith(a, o)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryWith(Object.assign({}, ...schema.allOf) as JsonSchema, o);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((t) => ofType(schema, t, o)));
  if (schema.type) return ofType(schema, schema.type, o);
  if (schema.properties) return objectOf(schema, o);
  return o.anything;
}

/** Values valid for the schema's structure and bounds (an empty schema: any JSON value, or `options.anything`). */
export function arbitraryOf(schema: JsonSchema, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return arbitraryWith(schema, { anything: options.anything ?? fc.jsonValue({ maxDepth: 2 }) });
}
