import { z } from 'zod';

/** docs/wire-protocol.md: lists are {items, continuationToken} and page with `pageSize` + an opaque token. */
export const listOf = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), continuationToken: z.string().nullable() });

export const PageQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  continuationToken: z.string().max(2000).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
