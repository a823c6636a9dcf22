// The route fuzzer's generator: what it derives from a schema is valid for that schema, so that the
// fuzzer's well-formed requests reach the handlers instead of stopping at validation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RagDataSourceInputSchema, TokenLimitSettingsSchema } from '@atrium/contract';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.js';

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const Everything = z.object({
  id: z.string().uuid(),
  email: z.string().email(),
  at: z.string().datetime(),
  colour: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/),
  key: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .max(30),
  name: z.string().min(2).max(12),
  count: z.number().int().min(-3).max(7),
  ratio: z.number().gt(0).lt(1),
  temperature: z.number().min(0).max(2).nullable(),
  kind: z.enum(['Chat', 'Image']),
  flag: z.boolean().optional(),
  tags: z.array(z.string().max(5)).min(1).max(3),
  labels: z.record(z.string().max(10), z.unknown()),
  either: z.union([z.literal('none'), z.object({ n: z.number().int() })]),
  defaulted: z.string().max(4).default('x'),
});

describe('arbitraryOf', () => {
  it('makes values that the zod schema behind the JSON Schema accepts', () => {
    for (const schema of [Everything, RagDataSourceInputSchema, TokenLimitSettingsSchema] as z.ZodType[]) {
      const json = jsonSchemaOf(schema);
      fc.assert(
        fc.property(arbitraryOf(json), (value) => {
          const parsed = schema.safeParse(value);
          expect(parsed.error?.issues ?? []).toEqual([]);
        }),
        { seed: 24, numRuns: 200 },
      );
    }
  });

  it('leaves out optional properties sometimes and never required ones', () => {
    const values = fc.sample(arbitraryOf(jsonSchemaOf(Everything)), { seed: 7, numRuns: 100 }) as Record<string, unknown>[];
    expect(values.every((v) => 'id' in v && 'tags' in v)).toBe(true);
    expect(values.some((v) => !('flag' in v))).toBe(true);
    expect(values.some((v) => 'flag' in v)).toBe(true);
  });
});
