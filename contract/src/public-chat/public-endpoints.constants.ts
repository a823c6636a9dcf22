// Public endpoints (docs/public-chat.md): the limits and defaults of an agent's publicEndpointConfiguration, zod-free
// so that the publish page's form checks the numbers the server checks.

/**
 * An endpoint name is a slug: lower-case letters, digits and single hyphens, 2 to 64 characters
 * (PublicEndpointNameLength; the pattern has no lookahead, which JSON Schema consumers and generators cannot all read).
 */
export const PublicEndpointNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const PublicEndpointNameLength = [2, 64] as const;
export const PublicEndpointNameMessage = 'Use 2 to 64 lower-case letters, digits and single hyphens, starting and ending with a letter or digit';

/** An allowed origin is a scheme, a host and an optional port: https://www.example.edu, http://localhost:8080 */
export const AllowedOriginPattern = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?$/;
export const AllowedOriginMessage = 'Use an origin such as https://www.example.edu: a scheme, a host and an optional port, nothing after';
export const MaxAllowedOrigins = 50;

/** Bounds of each visitor limit: [least, most, default]. */
export const PublicEndpointLimits = {
  questionsPerVisitorPerDay: [1, 100_000, 50],
  questionsPerEndpointPerDay: [1, 10_000_000, 10_000],
  /** per network address (behind TRUST_PROXY, the client's), across its visitors: a ceiling on identifier churn */
  questionsPerAddressPerDay: [1, 1_000_000, 500],
  maxQuestionLength: [1, 32_000, 2_000],
  maxConcurrentStreams: [1, 1_000, 20],
} as const;
export type PublicEndpointLimit = keyof typeof PublicEndpointLimits;

/** The header (or query parameter `sessionIdentifier`) by which a visitor names their session on calls without a body. */
export const VisitorSessionHeader = 'SessionIdentifier';

/**
 * A visitor's session identifier is a random (version 4) uuid the client makes and keeps (the widget keeps its own in
 * the browser's storage); anything else is refused, so that a guessable identifier cannot read another's conversations.
 */
export const RandomUuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const SessionIdentifierMessage = 'The session identifier must be a random (version 4) uuid the client keeps for this visitor';

/**
 * Signed-identity embeds (docs/public-chat.md): a host site may name its signed-in visitor with a short-lived token
 * (a JWT) in the X-Visitor-Token header. 'HS256' verifies it with a secret shared with the endpoint, 'RS256' with the
 * public keys at the site's JWKS URL; 'None' ignores tokens.
 */
export const VisitorIdentityModes = ['None', 'HS256', 'RS256'] as const;
export type VisitorIdentityMode = (typeof VisitorIdentityModes)[number];
/** The header a visitor call carries its signed token in (never the address: addresses end up in logs). */
export const VisitorTokenHeader = 'X-Visitor-Token';
/** The shared secret's length: [least, most] characters (32 characters at least: HS256 wants 256 bits). */
export const VisitorSecretLength = [32, 512] as const;
export const VisitorSecretMessage = 'Use a secret of 32 to 512 characters';
/** A JWKS address: https, or http on this machine only (localhost, 127.0.0.1) for development and tests. */
export const JwksUrlPattern = /^(?:https:\/\/[^\s/?#]+|http:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?)(?:[/?#]\S*)?$/;
export const JwksUrlMessage = 'Use an https address, such as https://www.example.edu/.well-known/jwks.json';
/** A token may live this long at most (its exp at most this far from now): a leaked token is of little use. */
export const VisitorTokenMaxLifetimeSeconds = 600;
/** A signed visitor's subject (`sub`) has at most this many characters. */
export const VisitorSubjectMaxLength = 200;

/**
 * The bot check (docs/public-chat.md "Bot check"): Cloudflare Turnstile or hCaptcha, configured for the instance by
 * its administrator (BOT_CHECK_*), asked by endpoints with requireBotCheck. A visitor's first question of a session
 * carries the widget's token in the body's `botCheckToken`; a pass holds for the session identifier a while.
 */
export const BotCheckProviders = ['turnstile', 'hcaptcha'] as const;
export type BotCheckProvider = (typeof BotCheckProviders)[number];
/** The header a visitor's image upload may carry the widget's token in (the upload has no JSON body). */
export const BotCheckTokenHeader = 'X-Bot-Check-Token';
/** How long a passed check holds for the endpoint and session identifier (no widget again meanwhile). */
export const BotCheckPassSeconds = 1_800;
/** The longest widget token accepted (Turnstile's are at most 2,048 characters; hCaptcha's are longer). */
export const BotCheckTokenMaxLength = 8_192;
export const BotCheckErrorCodes = {
  /** 403: the endpoint asks a bot check and the question carried no token (and the session has no pass) */
  required: 'bot_check_required',
  /** 403: the provider did not accept the token */
  failed: 'bot_check_failed',
  /** 503: the provider could not be asked (down, slow, or answering nonsense) */
  unavailable: 'bot_check_unavailable',
} as const;

/** Messages of the refusals a visitor sees (the widget shows them as they are). */
export const PublicChatMessages = {
  visitorDailyLimit: 'You have asked as many questions as this assistant allows today. Please come back tomorrow.',
  addressDailyLimit: 'Many questions have come from your network today. Please come back tomorrow.',
  endpointDailyLimit: 'This assistant has answered as many questions as it may today. Please come back tomorrow.',
  tooManyStreams: 'This assistant is answering many people right now. Please try again in a moment.',
  questionTooLong: (max: number) => `Your question is too long: ${max.toLocaleString('en-US')} characters at most.`,
  originRefused: 'This assistant cannot be used from this website.',
  visitorTokenRequired: 'This assistant answers signed-in visitors only: sign in on the website first.',
  botCheckRequired: 'Please complete the check that you are not a robot, then ask again.',
  botCheckFailed: 'The check that you are not a robot did not pass. Please try it again.',
  botCheckUnavailable: 'The check that you are not a robot cannot be done right now. Please try again in a moment.',
  visitorTokenInvalid: (reason: string) => `Your sign-in could not be checked (${reason}): reload the page or sign in again.`,
  imagesPerSessionLimit: (max: number) => `You have added as many images as this assistant allows today (${max}). Please come back tomorrow.`,
  imagesPerAddressLimit: 'Many images have come from your network today. Please come back tomorrow.',
  imagesNotAccepted: 'This assistant cannot read images.',
} as const;

/**
 * Visitors' vision images (docs/public-chat.md "Images"): each upload counts against the session's and the network
 * address's images in a day (429 with Retry-After beyond), whatever the endpoint's question limits are.
 */
export const VisitorImagesPerSessionPerDay = 20;
export const VisitorImagesPerAddressPerDay = 200;
/** 400 when the endpoint's agent deployment cannot read images (nothing stored). */
export const PublicChatErrorCodes = { imagesNotAccepted: 'images_not_accepted' } as const;
