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

export const ErrorCodes = {
  validation: 'validation_error',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  notReady: 'not_ready',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
