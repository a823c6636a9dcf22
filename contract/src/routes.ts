// Route paths shared by server and web. Each area's paths are Fastify path patterns, one export per path, in
// `<area>/<area>.routes.ts`, which index.ts exports as the namespace `<Area>Routes` (so that the browser bundle keeps
// only the paths it calls). The server registers a pattern as it is (`ConversationRoutes.segments` is
// '/userConversations/:conversationId/segments'); the web fills it in with
// `pathTo(ConversationRoutes.segments, { conversationId })`; a pattern without parameters is its own path. Paths are
// relative to ApiBase (ExternalApiBase where a path says so).

export const ApiBase = '/api/internal';

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

export const Routes = {
  generateToken: (provider: string) => `/authorization/${provider}/GenerateToken`,
  logout: '/authorization/logout',
  instanceSettings: '/InstanceSettings',
  buildInfo: '/InstanceSettings/buildInfo',
  features: '/features/List',
  health: '/health',
  brand: (brandKey: string) => `/Brands/${encodeURIComponent(brandKey)}`,
  brandFile: (brandKey: string, fileName: string) => `/Brands/${encodeURIComponent(brandKey)}/${encodeURIComponent(fileName)}`,
  userRolesWithResolvedActions: '/CurrentUser/UserRolesWithResolvedActions',
  pinnedGptSystems: '/CurrentUser/pinnedGptSystems',
} as const;
