// The OpenAPI 3.1 description of the API, made from the routes' zod schemas, at /api/docs/openapi.json,
// and an interactive reference (Swagger UI, served from the server itself) at /api/docs.
//
// The document is made on its first request and kept: start-up only collects the routes.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ApiBase, BuildVersion, ExternalApiBase } from '@atrium/contract';
import { undeclaredRoutesArePublic, type RouteAccess } from './access.js';
import { formatLimit, UploadField } from './uploads.js';
import type { Module } from './context.js';

export const DocsBase = '/api/docs';
export const OpenApiDocumentPath = `${DocsBase}/openapi.json`;

/** The security scheme every non-public operation names. */
export const BearerScheme = 'bearerAuth';

/** `authRoutes` → `Auth`, `chatAccessPoliciesRoutes` → `Chat access policies`. */
export function moduleTag(mod: Module): string {
  const words = (mod.name || 'api')
    .replace(/Routes$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the access hook enforces, as the document shows it: security, a sentence and `x-atrium-*`. */
export function accessAnnotations(access: RouteAccess | undefined): Record<string, unknown> {
  if (access === undefined || access === 'public') {
    return { security: [], 'x-atrium-access': 'public', 'x-atrium-actions': [], description: 'Public: no token needed.' };
  }
  if (access === 'authenticated') {
    return {
      security: [{ [BearerScheme]: [] }],
      'x-atrium-access': 'authenticated',
      'x-atrium-actions': [],
      description: 'Any signed-in, enabled user (bearer token).',
    };
  }
  const adminArea = access.adminArea === true;
  return {
    security: [{ [BearerScheme]: [] }],
    'x-atrium-access': 'actions',
    'x-atrium-actions': [...access.anyOf],
    ...(adminArea ? { 'x-atrium-admin-area': true } : {}),
    description: `Needs one of the actions: ${access.anyOf.join(', ')}${adminArea ? ' (GptSystemsRead counts only for someone who may open the admin area)' : ''}.`,
  };
}

/** The operation extension that marks an upload route; its request body is made from it. */
const UploadExtension = 'x-atrium-upload';

interface OpenApiDocument {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
}

/** Upload routes read multipart themselves (no body schema): describe their one file field. */
function withUploadBodies<T extends OpenApiDocument>(doc: T): T {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const upload = operation[UploadExtension] as { field: string; maxBytes: number } | undefined;
      if (!upload) continue;
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [upload.field],
              properties: {
                [upload.field]: {
                  type: 'string',
                  format: 'binary',
                  contentMediaType: 'application/octet-stream',
                  description: `At most ${formatLimit(upload.maxBytes)}.`,
                },
              },
            },
          },
        },
      };
    }
  }
  return doc;
}

const isApiUrl = (url: string) => {
  const u = url.toLowerCase();
  return (u.startsWith(`${ApiBase.toLowerCase()}/`) || u.startsWith(`${ExternalApiBase.toLowerCase()}/`)) && !u.startsWith(`${DocsBase}/`);
};

export interface OpenApi {
  /** Runs `register` (one module's routes) so that the routes it adds carry the module's tag. */
  tagModule(mod: Module, register: () => Promise<void> | void): Promise<void>;
}

/**
 * Collects the routes for the document; call before any module registers routes. The docs routes
 * themselves (the reference page, its assets and the JSON) are public and hidden from the document, as
 * are the web app's routes: the document describes /api/internal and /api/external/v1.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<OpenApi> {
  const tags = new WeakMap<object, string>();
  let currentTag: string | undefined;
  app.addHook('onRoute', (route) => {
    if (currentTag) tags.set(route, currentTag);
  });

  const transform: SwaggerTransform = (input) => {
    const { url, route } = input;
    if (!isApiUrl(url)) return { schema: { hide: true }, url };
    const transformed = jsonSchemaTransform(input) as { schema?: Record<string, unknown>; url: string };
    const base = { url: transformed.url, schema: transformed.schema ?? {} };
    const { access, upload } = (route as RouteOptions).config ?? {};
    const annotations = accessAnnotations(access);
    const own = typeof base.schema.description === 'string' ? `${base.schema.description}\n\n` : '';
    const uploadNote = upload
      ? ` Upload: one file in the multipart/form-data field \`${UploadField}\`, at most ${formatLimit(upload.maxBytes)} (413 beyond).`
      : '';
    return {
      url: base.url,
      schema: {
        ...base.schema,
        ...annotations,
        ...(upload ? { [UploadExtension]: { field: UploadField, maxBytes: upload.maxBytes } } : {}),
        description: `${own}${annotations.description as string}${uploadNote}`,
        tags: (base.schema.tags as string[] | undefined) ?? [tags.get(route) ?? 'Other'],
      },
    };
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Atrium',
        version: BuildVersion,
        description:
          'The HTTP API of Atrium. Every operation lists what its caller needs: `security` names the bearer token, ' +
          '`x-atrium-access` is public, authenticated or actions, and `x-atrium-actions` the actions of which the caller must hold one.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [BearerScheme]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a signed-in user.' },
        },
      },
    },
    transform,
    transformObject: (input) => withUploadBodies(jsonSchemaTransformObject(input) as OpenApiDocument),
  });

  await app.register(async (docs) => {
    // Swagger UI's page, initializer and assets cannot declare config.access: everything here is public.
    undeclaredRoutesArePublic(docs);
    docs.get(OpenApiDocumentPath, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return reply.type('application/json; charset=utf-8').send(app.swagger());
    });
    await docs.register(fastifySwaggerUi, {
      routePrefix: DocsBase,
      // the app's Content-Security-Policy (script-src 'self') applies: the page loads only its own files
      staticCSP: false,
      validatorUrl: false,
      theme: { title: 'Atrium API reference' },
      uiConfig: { deepLinking: true, docExpansion: 'list', persistAuthorization: false, tryItOutEnabled: false },
    });
  });

  return {
    async tagModule(mod, register) {
      currentTag = moduleTag(mod);
      try {
        await register();
      } finally {
        currentTag = undefined;
      }
    },
  };
}
