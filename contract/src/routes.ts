// Route paths shared by server and web. Each area's paths are Fastify path patterns, one export per path, in
// `<area>/<area>.routes.ts`, which index.ts exports as the namespace `<Area>Routes` (so that the browser bundle keeps
// only the paths it calls). The server registers a pattern as it is (`ConversationRoutes.segments` is
// '/userConversations/:conversationId/segments'); the web fills it in with
// `pathTo(ConversationRoutes.segments, { conversationId })`; a pattern without parameters is its own path. Paths are
// relative to ApiBase (ExternalApiBase where a path says so). The bundler places a module where its exports are used,
// so paths that only administration calls have files of their own (admin-brands.routes.ts beside brands.routes.ts):
// the first screen does not load them. server/src/platform/route-paths.test.ts fails when the server registers a path
// that no `…Routes` namespace holds, or the contract holds one the server does not register.

export const ApiBase = '/api/internal';
/** Prefix of the external API (docs/wire-protocol.md embeds). */
export const ExternalApiBase = '/api/external/v1';

/** The `:name` parameters of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value for each parameter of a path pattern. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** The path of a pattern with its parameters filled in (each URL-encoded). */
export function pathTo<P extends string>(pattern: P, params: PathParams<P>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
}
