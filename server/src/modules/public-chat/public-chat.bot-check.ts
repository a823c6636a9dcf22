// The bot check of public endpoints (docs/public-chat.md "Bot check"): Cloudflare Turnstile or hCaptcha, configured for
// the instance (BOT_CHECK_*, config.ts) and asked by endpoints with requireBotCheck. A visitor's first question of a
// session carries the widget's token (`botCheckToken`); the server asks the provider's siteverify (a form-encoded POST
// of secret, response and remoteip, as both document) within BOT_CHECK_TIMEOUT_MS, and remembers a pass for the
// endpoint and session identifier for BotCheckPassSeconds (in the limits' store: this process, or Redis). The secret
// goes to the provider only: never into an answer or a log line.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BotCheckErrorCodes, BotCheckPassSeconds, PublicChatMessages, type PublicEndpointConfiguration } from '@atrium/contract';
import type { BotCheckConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import type { VisitorLimits } from './public-chat.limits.js';

export interface BotCheck {
  /** What the visitor page needs to draw the widget, or null when the endpoint asks no check (or the instance has none). */
  widgetFor(
    endpoint: PublicEndpointConfiguration,
    sessionIdentifier: string | null,
  ): Promise<{ provider: BotCheckConfig['provider']; siteKey: string; scriptUrl: string } | null>;
  /**
   * Passes a first question, or refuses it: 403 bot_check_required without a token, 403 bot_check_failed when the
   * provider refuses the token, 503 bot_check_unavailable when the provider cannot be asked. A session that passed
   * within BotCheckPassSeconds passes without a token.
   */
  require(
    endpoint: PublicEndpointConfiguration,
    sessionIdentifier: string,
    token: string | null | undefined,
    remoteIp: string,
    log: FastifyBaseLogger,
  ): Promise<void>;
}

const refused = (code: string, status: number, message: string) =>
  new AppError(code, status, message, [{ field: 'botCheckToken', message }], status === 503 ? { 'retry-after': '10' } : {});

/** the store's key: the endpoint and a digest of the identifier (identifiers stay out of Redis in the clear) */
const passKey = (endpointName: string, sessionIdentifier: string) => `${endpointName}:${createHash('sha256').update(sessionIdentifier).digest('base64url')}`;

export function createBotCheck(config: BotCheckConfig | null, limits: VisitorLimits): BotCheck {
  const passes = limits.passes(BotCheckPassSeconds);
  const asked = (endpoint: PublicEndpointConfiguration) => config !== null && endpoint.requireBotCheck;

  /** the provider's verdict on a token: true or false, or 503 when it cannot be had */
  async function verify(c: BotCheckConfig, token: string, remoteIp: string, log: FastifyBaseLogger): Promise<boolean> {
    const form = new URLSearchParams({ secret: c.secretKey, response: token, remoteip: remoteIp });
    let answer: unknown;
    try {
      const res = await fetch(c.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(c.timeoutMs),
      });
      if (!res.ok) throw new Error(`the provider answered ${res.status}`);
      answer = await res.json();
    } catch (e) {
      // the message only: the request (and its secret) is not logged
      log.warn({ provider: c.provider, error: e instanceof Error ? e.message : String(e) }, 'Bot check provider could not be asked');
      throw refused(BotCheckErrorCodes.unavailable, 503, PublicChatMessages.botCheckUnavailable);
    }
    if (typeof answer !== 'object' || answer === null || typeof (answer as { success?: unknown }).success !== 'boolean') {
      log.warn({ provider: c.provider }, 'Bot check provider answered without success');
      throw refused(BotCheckErrorCodes.unavailable, 503, PublicChatMessages.botCheckUnavailable);
    }
    const verdict = answer as { success: boolean; 'error-codes'?: unknown };
    if (!verdict.success) log.info({ provider: c.provider, errorCodes: verdict['error-codes'] }, 'Bot check refused a token');
    return verdict.success;
  }

  return {
    async widgetFor(endpoint, sessionIdentifier) {
      if (!config || !asked(endpoint)) return null;
      if (sessionIdentifier && (await passes.has(passKey(endpoint.endpointName, sessionIdentifier)))) return null;
      return { provider: config.provider, siteKey: config.siteKey, scriptUrl: config.scriptUrl };
    },
    async require(endpoint, sessionIdentifier, token, remoteIp, log) {
      if (!config || !asked(endpoint)) return;
      const key = passKey(endpoint.endpointName, sessionIdentifier);
      if (await passes.has(key)) return;
      if (!token) throw refused(BotCheckErrorCodes.required, 403, PublicChatMessages.botCheckRequired);
      if (!(await verify(config, token, remoteIp, log))) throw refused(BotCheckErrorCodes.failed, 403, PublicChatMessages.botCheckFailed);
      await passes.remember(key);
    },
  };
}
