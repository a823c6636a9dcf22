// Routes of the auth module: GenerateToken for local accounts and the OpenID provider, logout, and
// the caller's session. Binds requests to AuthService and sets or clears the refresh cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  AuthRoutes,
  GenerateTokenResponseSchema,
  LocalGenerateTokenRequestSchema,
  OidcGenerateTokenRequestSchema,
  RefreshCookieName,
  RefreshCookiePath,
  SessionInfoSchema,
  type SessionInfo,
} from '@atrium/contract';
import type { Module } from '../../platform/context.js';
import { principalOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { AuthRepository } from './auth.repository.js';
import { definePurgeJob } from './auth.purge.js';
import { AuthService, RefreshRejected, RefreshSessionDays, type ClientInfo, type SignInResult } from './auth.service.js';
import { OidcVerifier } from './oidc.verifier.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { sessionsEnded } from './auth.sessions.js';
import { userChanged } from '../users/users.service.js';
import { claimShareInvitations } from '../agents/personal/personal-agents.sharing.js';

export const authRoutes: Module = (api, ctx) => {
  definePurgeJob(ctx);
  const repository = new AuthRepository(ctx.db);
  const service = new AuthService({
    repository,
    throttle: new SignInThrottle(repository),
    tokens: ctx.tokens,
    oidc: ctx.config.oidc ? { config: ctx.config.oidc, verifier: new OidcVerifier(ctx.config.oidc) } : null,
    localSignIn: ctx.config.localSignIn,
    logger: ctx.logger,
    userChanged: (userId) => userChanged(ctx, userId),
    sessionsEnded: () => sessionsEnded(ctx),
    // invitations to a personal agent by email apply when their person signs in
    signedIn: (user) => claimShareInvitations(ctx, user),
  });

  // The browser sends the cookie to the sign-in calls only. Cookie paths are case-sensitive, so a
  // client must use the lower-case /authorization/ spelling for the cookie to travel.
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    path: RefreshCookiePath,
    secure: ctx.config.publicUrl.startsWith('https://'),
  } as const;
  const setRefreshCookie = (reply: FastifyReply, secret: string) =>
    reply.setCookie(RefreshCookieName, secret, { ...cookieOptions, maxAge: RefreshSessionDays * 24 * 60 * 60 });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(RefreshCookieName, cookieOptions);

  const clientOf = (request: FastifyRequest): ClientInfo => ({
    address: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });
  const answer = (reply: FastifyReply, result: SignInResult) => {
    if (result.refreshSecret) setRefreshCookie(reply, result.refreshSecret);
    void reply.header('cache-control', 'no-store');
    return { n1AIToken: result.token };
  };

  api.post(
    AuthRoutes.localToken,
    {
      config: { access: 'public' },
      // No body at all (Fastify gives null) is the cookie renewal of a client that lost its token.
      schema: { body: LocalGenerateTokenRequestSchema.nullish(), response: { 200: GenerateTokenResponseSchema } },
    },
    async (request, reply) => {
      const userName = request.body?.userName ?? '';
      const password = request.body?.password ?? '';
      if (userName === '' && password === '') {
        try {
          return answer(reply, await service.signInWithRefreshCookie(request.cookies[RefreshCookieName]));
        } catch (e) {
          if (e instanceof RefreshRejected && e.clearCookie) clearRefreshCookie(reply);
          throw e;
        }
      }
      return answer(reply, await service.signInWithPassword(userName, password, clientOf(request)));
    },
  );

  api.post(
    AuthRoutes.entraIdToken,
    {
      config: { access: 'public' },
      schema: { body: OidcGenerateTokenRequestSchema.nullish(), response: { 200: GenerateTokenResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      return answer(reply, await service.signInWithOidc(body?.idToken || body?.accessToken || body?.token || header));
    },
  );

  api.post(AuthRoutes.generateToken, { config: { access: 'public' }, schema: { params: z.object({ identityProvider: z.string() }) } }, async () => {
    throw notFound('This identity provider');
  });

  api.post(AuthRoutes.logout, { config: { access: 'public' } }, async (request, reply) => {
    // the bearer token, when valid, names its session: logging out ends it and every token minted in it
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = bearer ? await ctx.tokens.verify(bearer) : null;
    await service.logout(request.cookies[RefreshCookieName], claims);
    clearRefreshCookie(reply);
    return reply.status(204).send();
  });

  api.get(
    AuthRoutes.session,
    { config: { access: 'authenticated' }, schema: { response: { 200: SessionInfoSchema } } },
    async (request): Promise<SessionInfo> => {
      const principal = principalOf(request);
      // The access hook has verified this token already; only its expiry is read here.
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const { exp } = decodeJwt(token);
      return {
        userId: principal.userId,
        email: principal.email,
        displayName: principal.displayName,
        identityProvider: principal.identityProvider,
        expiresAt: new Date((exp ?? 0) * 1000).toISOString(),
      };
    },
  );
};
