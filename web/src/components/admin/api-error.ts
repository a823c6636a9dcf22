// Turns an RTK Query error into what a person can read: the server's message, and per-field messages
// (the 400 body's details) for forms. Works with errors of any endpoint built on the base api.
import type { ErrorBody } from '@atrium/contract';
import type { HttpError } from '../../lib/http/http.types';
import { errorBodyOf } from '../../lib/http/http.types';

const asHttpError = (error: unknown): HttpError | undefined => (error && typeof error === 'object' && 'status' in error ? (error as HttpError) : undefined);

/** The server's error body, or null for network failures and bodies without a message. */
export const apiErrorBody = (error: unknown): ErrorBody | null => errorBodyOf(asHttpError(error));

/** The HTTP status of a failed call (a number), or undefined for network failures. */
export const apiErrorStatus = (error: unknown): number | undefined => {
  const status = asHttpError(error)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The server's message when there is one, else `fallback`. */
export const apiErrorMessage = (error: unknown, fallback: string): string => apiErrorBody(error)?.message ?? fallback;

/**
 * Field messages from a 400's details, keyed by field name (`body.` prefixes dropped), for showing
 * next to the inputs: `fieldErrors(e).emailAddress`.
 */
export const fieldErrors = (error: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const d of apiErrorBody(error)?.details ?? []) {
    const field = d.field.replace(/^(body|query|params)\./, '');
    out[field] ??= d.message;
  }
  return out;
};
