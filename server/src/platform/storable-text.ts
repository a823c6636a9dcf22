// Refuses, once for every route, request values the database cannot store (NUL characters, lone
// surrogates, nesting deeper than the contract goes: contract/src/common/storable-text.ts) with 400 and
// the fields that hold them. It runs before validation and before any handler, so nothing is written, no
// model is asked, and no sign-in attempt is counted for such a request.
import type { FastifyInstance } from 'fastify';
import { unstorableTextDetails } from '@atrium/contract';
import { badRequest } from './errors.js';

export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const details = [
      ...unstorableTextDetails(request.params, 'params'),
      ...unstorableTextDetails(request.query, 'query'),
      // JSON bodies (multipart files arrive as streams, not here; raw bodies are not text to check)
      ...(ArrayBuffer.isView(request.body) ? [] : unstorableTextDetails(request.body, '')),
    ];
    if (details.length > 0) throw badRequest('The request contains values that cannot be stored.', details);
  });
}
