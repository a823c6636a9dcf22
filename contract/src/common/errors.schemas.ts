import { z } from 'zod';

/** Every error body: a stable machine code, a human message and per-field details. */
export const ErrorDetailSchema = z.object({ field: z.string(), message: z.string() });
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(ErrorDetailSchema),
});
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
