// The one error type of the server and the handler that turns every failure into {code, message, details}.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, type ErrorBody, type ErrorDetail } from '@atrium/contract';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'The requested item') => new AppError(ErrorCodes.notFound, 404, `${what} was not found.`);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(ErrorCodes.forbidden, 403, message);
export const unauthenticated = (message = 'Sign in to continue.') => new AppError(ErrorCodes.unauthenticated, 401, message);
export const badRequest = (message: string, details: ErrorDetail[] = []) => new AppError(ErrorCodes.validation, 400, message, details);
export const conflict = (message: string, details: ErrorDetail[] = []) => new AppError(ErrorCodes.conflict, 409, message, details);

const body = (code: string, message: string, details: ErrorDetail[] = []): ErrorBody => ({ code, message, details });

function zodDetails(error: FastifyError): ErrorDetail[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((v) => {
    // fastify-type-provider-zod 7 spreads the zod issue into params (no params.issue)
    const issue = (v.params.issue ?? v.params) as { path?: PropertyKey[]; message?: string };
    const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = [error.validationContext === 'body' ? '' : error.validationContext, where].filter(Boolean).join('.');
    return { field: field || (issue.path ?? []).join('.') || '(root)', message: issue.message ?? v.message ?? 'Invalid value' };
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(body(ErrorCodes.validation, 'The request is not valid.', zodDetails(error)));
    }
    const status = error.statusCode ?? 500;
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body(ErrorCodes.malformedJson, 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body(ErrorCodes.payloadTooLarge, 'The request body is too large.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body(ErrorCodes.unsupportedMediaType, 'This content type is not accepted here.'));
      case 'FST_ERR_RATE_LIMIT':
        return reply.status(429).send(body(ErrorCodes.tooManyAttempts, 'Too many requests. Try again later.'));
    }
    if (status === 429) return reply.status(429).send(body(ErrorCodes.tooManyAttempts, 'Too many requests. Try again later.'));
    if (status >= 400 && status < 500) {
      if (error.validation) {
        return reply.status(400).send(
          body(
            ErrorCodes.validation,
            'The request is not valid.',
            error.validation.map((v) => ({ field: v.instancePath || '(root)', message: v.message ?? 'Invalid value' })),
          ),
        );
      }
      return reply.status(status).send(body(status === 404 ? ErrorCodes.notFound : ErrorCodes.validation, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(ErrorCodes.internal, `Something went wrong. Quote request id ${request.id} when reporting it.`));
  });

  // the address is not repeated back: it can be anything a caller sent (and over 500 characters long)
  app.setNotFoundHandler((request, reply) => reply.status(404).send(body(ErrorCodes.notFound, `No ${request.method} route answers at this address.`)));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (an address that does not
 * decode, such as a malformed percent escape) gets the same {code, message, details} shape as every
 * other error, without repeating the address.
 */
export function routerErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(body(ErrorCodes.validation, 'The address of this request is not valid.'));
}
