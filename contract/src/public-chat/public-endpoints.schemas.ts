// An agent's public endpoint (docs/public-chat.md): the configuration's publicEndpointConfiguration, as scripts and the
// publish page set it, and what the visitor pages read of a published endpoint.
import { z } from 'zod';
import { FollowUpBodySchema, NewConversationBodySchema } from '../conversations/conversations.schemas.js';
import {
  BotCheckProviders,
  BotCheckTokenMaxLength,
  AllowedOriginMessage,
  JwksUrlMessage,
  JwksUrlPattern,
  VisitorIdentityModes,
  VisitorSecretLength,
  VisitorSecretMessage,
  AllowedOriginPattern,
  MaxAllowedOrigins,
  PublicEndpointLimits,
  PublicEndpointNameLength,
  PublicEndpointNameMessage,
  PublicEndpointNamePattern,
  RandomUuidPattern,
  SessionIdentifierMessage,
  type PublicEndpointLimit,
} from './public-endpoints.constants.js';

const limit = (name: PublicEndpointLimit) => {
  const [least, most, fallback] = PublicEndpointLimits[name];
  return z
    .number()
    .int(`Use a whole number from ${least.toLocaleString('en-US')} to ${most.toLocaleString('en-US')}`)
    .min(least, `Use a whole number from ${least.toLocaleString('en-US')} to ${most.toLocaleString('en-US')}`)
    .max(most, `Use a whole number from ${least.toLocaleString('en-US')} to ${most.toLocaleString('en-US')}`)
    .default(fallback);
};

/**
 * A signed-identity embed's settings (docs/public-chat.md "Signed-identity embeds"). `secret` is write-only: the server
 * keeps it sealed with the instance's encryption key and answers `hasSecret` instead; a save without `secret` keeps
 * the one set before (while the mode stays HS256).
 */
export const VisitorIdentitySchema = z
  .object({
    mode: z.enum(VisitorIdentityModes).default('None'),
    /** HS256: the secret shared with the host site (write-only, never returned) */
    secret: z.string().min(VisitorSecretLength[0], VisitorSecretMessage).max(VisitorSecretLength[1], VisitorSecretMessage).optional(),
    /** read-only: whether a secret is set (HS256) */
    hasSecret: z.boolean().optional(),
    /** RS256: the host site's public keys (JSON Web Key Set) */
    jwksUrl: z.string().max(2000).regex(JwksUrlPattern, JwksUrlMessage).nullish(),
    /** the `iss` a token must carry; not checked when empty */
    issuer: z.string().max(500).nullish(),
    /** the `aud` a token must carry; the endpoint's name when empty */
    audience: z.string().max(500).nullish(),
    /** refuse visitors without a valid token (401) */
    required: z.boolean().default(false),
  })
  .superRefine((identity, issues) => {
    if (identity.mode === 'RS256' && !identity.jwksUrl)
      issues.addIssue({ code: 'custom', path: ['jwksUrl'], message: 'Give the JWKS address of the site that signs the tokens' });
  });
export type VisitorIdentity = z.infer<typeof VisitorIdentitySchema>;

/**
 * publicEndpointConfiguration of an agent's configuration (docs/wire-protocol.md). Takes effect when the agent is
 * published; unknown fields are dropped. An empty allowedOrigins allows no website to embed it (the endpoint's own
 * pages on this server still work).
 */
export const PublicEndpointConfigurationSchema = z.object({
  endpointName: z
    .string()
    .min(PublicEndpointNameLength[0], PublicEndpointNameMessage)
    .max(PublicEndpointNameLength[1], PublicEndpointNameMessage)
    .regex(PublicEndpointNamePattern, PublicEndpointNameMessage),
  isEnabled: z.boolean().default(false),
  allowedOrigins: z
    .array(
      // a codec, not a transform: responses that carry the configuration are encoded through this schema
      z.codec(z.string().max(300), z.string().regex(AllowedOriginPattern, AllowedOriginMessage), {
        decode: (origin) => origin.trim().toLowerCase().replace(/\/$/, ''),
        encode: (origin) => origin,
      }),
    )
    .max(MaxAllowedOrigins, `At most ${MaxAllowedOrigins} origins`)
    .default([]),
  questionsPerVisitorPerDay: limit('questionsPerVisitorPerDay'),
  questionsPerEndpointPerDay: limit('questionsPerEndpointPerDay'),
  questionsPerAddressPerDay: limit('questionsPerAddressPerDay'),
  maxQuestionLength: limit('maxQuestionLength'),
  maxConcurrentStreams: limit('maxConcurrentStreams'),
  requireGuidelinesConsent: z.boolean().default(true),
  showCitations: z.boolean().default(true),
  brandKey: z.string().max(100).nullable().default(null),
  /**
   * a visitor's first question of a session must pass the instance's bot check (Turnstile or hCaptcha); has no effect
   * while the instance has none configured (BOT_CHECK_PROVIDER)
   */
  requireBotCheck: z
    .boolean()
    .default(false)
    .describe("A visitor's first question must pass the instance's bot check (Turnstile or hCaptcha); no effect while the instance has none configured"),
  /** signed-identity embeds: how a host site's visitor token is checked (none when absent) */
  identity: VisitorIdentitySchema.nullish(),
});
export type PublicEndpointConfiguration = z.infer<typeof PublicEndpointConfigurationSchema>;
/** what a client sends (the defaults may be left out) */
export type PublicEndpointConfigurationInput = z.input<typeof PublicEndpointConfigurationSchema>;

export const PublicEndpointParamsSchema = z.object({ endpointName: z.string().max(64) });

export const SessionIdentifierSchema = z.string().regex(RandomUuidPattern, SessionIdentifierMessage);

/** GET …/{endpointName}/details: what the visitor pages show before the first question. */
export const PublicEndpointDetailsSchema = z.object({
  endpointName: z.string(),
  gptSystemId: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  /** sanitised HTML shown above a new chat */
  introduction: z.string(),
  avatarUrl: z.string().nullable(),
  brandKey: z.string(),
  /** true when the first question must carry guidelinesConsent: true (the endpoint asks it and the agent has guidelines) */
  requireGuidelinesConsent: z.boolean(),
  /** the agent's guidelines document (markdown) the visitor consents to, or null when it has none */
  guidelines: z.object({ documentTitle: z.string(), text: z.string() }).nullable().optional(),
  showCitations: z.boolean(),
  maxQuestionLength: z.number().int(),
  starterPrompts: z.array(z.object({ title: z.string(), prompt: z.string() })),
  /**
   * the bot check a first question must pass (its widget's token in `botCheckToken`), or null when none is asked: the
   * endpoint requires one, the instance has one configured, and the session has no pass yet
   */
  botCheck: z
    .object({ provider: z.enum(BotCheckProviders), siteKey: z.string(), scriptUrl: z.string() })
    .nullable()
    .optional()
    .describe('The bot check widget to draw before the first question (its token goes in botCheckToken); null when none is asked'),
  /** true when the agent's deployment reads images: the visitor may upload vision images (…/{endpointName}/visionImages) */
  acceptsImages: z.boolean().optional(),
  /** the visitor's own conversations with this endpoint, newest first, when a session identifier was sent */
  conversations: z.array(z.object({ conversationId: z.string().uuid(), title: z.string(), lastModifiedAt: z.string() })),
});
export type PublicEndpointDetails = z.infer<typeof PublicEndpointDetailsSchema>;

/** A visitor's session in a request body: required, and a random uuid (SessionIdentifierSchema). */
export const PublicSessionSchema = z.object({ sessionIdentifier: SessionIdentifierSchema });

/**
 * POST a visitor's first question: a new user conversation's body whose session.sessionIdentifier is required, plus
 * guidelinesConsent: true when the endpoint asks consent (requireGuidelinesConsent) and the agent has guidelines.
 */
export const PublicNewConversationBodySchema = NewConversationBodySchema.extend({
  session: PublicSessionSchema,
  /** the visitor agreed to the agent's guidelines (shown from details) before this first question */
  guidelinesConsent: z.boolean().nullish(),
  /** the bot check widget's token (Turnstile or hCaptcha), where details.botCheck asks one */
  botCheckToken: z
    .string()
    .max(BotCheckTokenMaxLength)
    .nullish()
    .describe("The bot check widget's token (Turnstile or hCaptcha), where the endpoint's details name a botCheck"),
});
export type PublicNewConversationBody = z.infer<typeof PublicNewConversationBodySchema>;
export type PublicNewConversationRequest = z.input<typeof PublicNewConversationBodySchema>;

/** POST a visitor's follow-up: as a user conversation's; the session may come in the body or the SessionIdentifier header. */
export const PublicFollowUpBodySchema = FollowUpBodySchema.extend({ session: PublicSessionSchema.nullish() });
export type PublicFollowUpBody = z.infer<typeof PublicFollowUpBodySchema>;
