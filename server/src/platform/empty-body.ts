// Scripts send `Content-Type: application/json` with an empty body where they have nothing to say
// (docs/wire-protocol.md, "Personal agents as scripts build them"); app.ts reads such a body as no body.
// A route whose body is an object of optional fields takes `{}` but not nothing: for it, no body reads
// as `{}`, so that an empty body is accepted wherever an empty object is.
import type { FastifyRequest } from 'fastify';

interface Parser {
  safeParse(value: unknown): { success: boolean };
}

const takesEmptyObject = new WeakMap<Parser, boolean>();

export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body !== undefined) return;
  const schema = request.routeOptions.schema?.body as Parser | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return;
  let fits = takesEmptyObject.get(schema);
  if (fits === undefined) {
    fits = !schema.safeParse(undefined).success && schema.safeParse({}).success;
    takesEmptyObject.set(schema, fits);
  }
  if (fits) request.body = {};
}
