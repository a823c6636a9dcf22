// Authentication and authorization for every route. Each route declares `config.access`; one
// onRequest hook verifies the bearer token, loads the caller and enforces the declared actions.
// A route without a declaration fails start-up, so none can be forgotten.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actionsFor, canSeeAdmin, type AccessArea, type AreaOperation, type DirectoryGroup, type IdentityProvider, type UserAction } from '@atrium/contract';
import { AppError, forbidden, unauthenticated } from './errors.js';
import type { TokenService } from './tokens.js';

export type RouteAccess =
  /** anyone, no token needed */
  | 'public'
  /** any signed-in, enabled user */
  | 'authenticated'
  /**
   * a signed-in user holding at least one of these actions; with `adminArea`, only someone who may open
   * the admin area at all (an action other than GptSystemsRead, docs/product.md §6) counts: everybody holds
   * GptSystemsRead to chat, and it must not open administrative reads to everybody
   */
  | { anyOf: readonly UserAction[]; adminArea?: boolean };

/** Any of these actions; modules declare their routes with requireArea (the lint forbids this there). */
export const requireAny = (...actions: UserAction[]): RouteAccess => ({ anyOf: actions });
/**
 * The route does this in an area: the actions come from the contract's table (AreaActions), which the web
 * reads too. `adminArea` for reads that GptSystemsRead, held by everybody, must not open (the agents' admin list).
 */
export const requireArea = <A extends AccessArea>(area: A, operation: AreaOperation<A>, options: { adminArea?: boolean } = {}): RouteAccess => ({
  anyOf: actionsFor(area, operation),
  ...(options.adminArea ? { adminArea: true } : {}),
});

export interface Principal {
  userId: string;
  email: string;
  displayName: string;
  identityProvider: IdentityProvider;
  actions: ReadonlySet<UserAction>;
  roleIds: readonly string[];
  directoryGroups: readonly DirectoryGroup[];
  /** GptSystemsReadSpecific/WriteSpecific and DataSources…Specific scopes */
  scopes: { gptSystemIds: ReadonlySet<string>; dataSourceIds: ReadonlySet<string> };
}

/** Loads an enabled user with resolved actions; null when the user is unknown or disabled. */
export type PrincipalLoader = (userId: string) => Promise<Principal | null>;

/** Whether the session a token was minted in has ended (logout); answered from a cache, never a query per request. */
export type SessionEndedCheck = (sessionId: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** One registered route as the access hook saw it; the route-permission test walks these. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route registered on this app (the instance given to registerAccessControl), in order. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => routeTables.get(app) ?? [];

export const hasAny = (principal: Principal, actions: readonly UserAction[]) => actions.some((a) => principal.actions.has(a));

/**
 * A 401 of the access check. It carries the Bearer challenge HTTP asks of a 401, which also tells
 * it apart from a route's own 401 (e.g. wrong credentials at sign-in).
 */
const challenge = (message?: string, error?: 'invalid_token') => {
  const e = unauthenticated(message);
  const header = error ? `Bearer realm="atrium", error="${error}"` : 'Bearer realm="atrium"';
  return new AppError(e.code, e.status, e.message, [], { 'www-authenticate': header });
};

/** The signed-in caller of a route declared 'authenticated' or with actions. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw challenge();
  return request.principal;
}

/** Who a change is recorded as in the audit trail: the person's id and name (their email when they have none). */
export const auditActorOf = (p: Pick<Principal, 'userId' | 'displayName' | 'email'>): { userId: string; userName: string } => ({
  userId: p.userId,
  userName: p.displayName || p.email,
});

/** The audit actor of a route's signed-in caller. */
export const requestActor = (request: FastifyRequest) => auditActorOf(principalOf(request));

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Verifies a bearer token and loads its user; null when absent. Throws 401 when invalid, and when the token's
 * session (`sid`) has ended. Tokens minted without a session id keep the older rule: valid until they expire.
 */
export async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  load: PrincipalLoader,
  sessionEnded?: SessionEndedCheck,
): Promise<Principal | null> {
  const token = bearer(request);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) throw challenge('Your session has expired or the token is not valid.', 'invalid_token');
  const [principal, ended] = await Promise.all([load(claims.sub), claims.sid && sessionEnded ? sessionEnded(claims.sid) : false]);
  if (ended) throw challenge('Your session has ended. Sign in again.', 'invalid_token');
  if (!principal) throw challenge('Your account is not active.', 'invalid_token');
  return principal;
}

const UndeclaredIsPublic = Symbol('atrium.undeclaredRoutesArePublic');

/**
 * Routes that a third-party plugin adds in this scope (and scopes inside it) without config.access are
 * public, as web assets are: for the API reference's page and files, which cannot declare anything.
 */
export function undeclaredRoutesArePublic(scope: FastifyInstance): void {
  (scope as unknown as Record<symbol, boolean>)[UndeclaredIsPublic] = true;
}

export function registerAccessControl(app: FastifyInstance, tokens: TokenService, load: PrincipalLoader, sessionEnded?: SessionEndedCheck): void {
  app.decorateRequest('principal', null);
  const table: RouteEntry[] = [];
  routeTables.set(app, table);

  app.addHook('onRoute', function (route) {
    let access = route.config?.access;
    if (access === undefined) {
      // Web assets (the built app) are public; every API route must say what it needs.
      // (a child scope inherits the mark: fastify makes it with Object.create of its parent)
      if (route.url.toLowerCase().startsWith('/api') && !(this as unknown as Record<symbol, boolean | undefined>)[UndeclaredIsPublic]) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
      }
      access = 'public';
      route.config = { ...route.config, access };
    }
    for (const method of [route.method].flat()) table.push({ method: String(method), url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // 404s and public routes: a token is optional, but a bad one on a public route is ignored
    if (access === undefined || access === 'public') {
      if (access === 'public') request.principal = await authenticate(request, tokens, load, sessionEnded).catch(() => null);
      return;
    }
    request.principal = await authenticate(request, tokens, load, sessionEnded);
    if (!request.principal) throw challenge();
    if (access !== 'authenticated' && !hasAny(request.principal, access.anyOf)) {
      throw forbidden();
    }
    if (access !== 'authenticated' && access.adminArea && !canSeeAdmin([...request.principal.actions])) throw forbidden();
  });
}
