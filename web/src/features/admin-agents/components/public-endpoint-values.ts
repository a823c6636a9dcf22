// The publish page's public endpoint form (issue 18, docs/public-chat.md): the draft's publicEndpointConfiguration as
// the form holds it, the contract's rules (its zod-free patterns and bounds, the ones the server's schema applies),
// the server's issues at their fields, and the embed snippet and links a website uses. Zod-free.
import '../admin-agents-texts';
import {
  AllowedOriginMessage,
  AllowedOriginPattern,
  JwksUrlMessage,
  JwksUrlPattern,
  MaxAllowedOrigins,
  PublicEndpointLimits,
  PublicEndpointNameLength,
  PublicEndpointNameMessage,
  PublicEndpointNamePattern,
  VisitorSecretLength,
  VisitorSecretMessage,
  type ConfigIssue,
  type PublicEndpointConfiguration,
  type PublicEndpointLimit,
  type VisitorIdentityMode,
} from '@atrium/contract';
import { t } from '../../../app/i18n/i18n';

export const EndpointLimitFields = Object.keys(PublicEndpointLimits) as PublicEndpointLimit[];

export interface PublicEndpointValues {
  /** whether the agent has a public endpoint at all (off: the configuration's publicEndpointConfiguration is null) */
  hasEndpoint: boolean;
  endpointName: string;
  isEnabled: boolean;
  allowedOrigins: string[];
  /** as typed; sent as numbers */
  limits: Record<PublicEndpointLimit, string>;
  requireGuidelinesConsent: boolean;
  showCitations: boolean;
  /** a first question must pass the instance's bot check (only where the instance has one: BOT_CHECK_PROVIDER) */
  requireBotCheck: boolean;
  /** '' for the agent's own brand (null) */
  brandKey: string;
  /** signed-identity embeds (docs/public-chat.md) */
  identity: IdentityValues;
}

export interface IdentityValues {
  mode: VisitorIdentityMode;
  /** a new HS256 secret as typed ('' keeps the one set); the server never sends it back */
  secret: string;
  /** whether the draft has a secret already (the server's hasSecret) */
  hasSecret: boolean;
  jwksUrl: string;
  issuer: string;
  audience: string;
  required: boolean;
}

export type IdentityField = 'secret' | 'jwksUrl' | 'issuer' | 'audience';
export type EndpointField = 'endpointName' | 'allowedOrigins' | 'brandKey' | PublicEndpointLimit | IdentityField;
const identityFields: readonly string[] = ['secret', 'jwksUrl', 'issuer', 'audience'];
/** The longest issuer and audience the contract takes. */
export const IdentityClaimMaxLength = 500;

const identityValuesOf = (identity: PublicEndpointConfiguration['identity']): IdentityValues => ({
  mode: identity?.mode ?? 'None',
  secret: '',
  hasSecret: identity?.hasSecret ?? false,
  jwksUrl: identity?.jwksUrl ?? '',
  issuer: identity?.issuer ?? '',
  audience: identity?.audience ?? '',
  required: identity?.required ?? false,
});
export type EndpointProblems = Partial<Record<EndpointField, string>>;

const defaultLimits = (): Record<PublicEndpointLimit, string> =>
  Object.fromEntries(EndpointLimitFields.map((f) => [f, String(PublicEndpointLimits[f][2])])) as Record<PublicEndpointLimit, string>;

/** The form's values of a draft's publicEndpointConfiguration; without one, the contract's defaults (switched off). */
export function endpointValuesOf(config: PublicEndpointConfiguration | null | undefined): PublicEndpointValues {
  if (!config)
    return {
      hasEndpoint: false,
      endpointName: '',
      isEnabled: true,
      allowedOrigins: [],
      limits: defaultLimits(),
      requireGuidelinesConsent: true,
      showCitations: true,
      requireBotCheck: false,
      brandKey: '',
      identity: identityValuesOf(null),
    };
  const limits = defaultLimits();
  for (const f of EndpointLimitFields) if (typeof config[f] === 'number') limits[f] = String(config[f]);
  return {
    hasEndpoint: true,
    endpointName: config.endpointName,
    isEnabled: config.isEnabled ?? false,
    allowedOrigins: [...(config.allowedOrigins ?? [])],
    limits,
    requireGuidelinesConsent: config.requireGuidelinesConsent ?? true,
    showCitations: config.showCitations ?? true,
    requireBotCheck: config.requireBotCheck ?? false,
    brandKey: config.brandKey ?? '',
    identity: identityValuesOf(config.identity),
  };
}

/** The identity the form saves: none while the mode is None; a typed secret only when it replaces the one set. */
function identityConfigOf(v: IdentityValues): PublicEndpointConfiguration['identity'] {
  if (v.mode === 'None') return undefined;
  return {
    mode: v.mode,
    ...(v.mode === 'HS256' && v.secret !== '' ? { secret: v.secret } : {}),
    jwksUrl: v.mode === 'RS256' ? v.jwksUrl.trim() : null,
    issuer: v.issuer.trim() || null,
    audience: v.audience.trim() || null,
    required: v.required,
  };
}

/** What the form saves into the draft: null when switched off. Numbers that are not numbers go out as NaN (refused before). */
export function endpointConfigOf(v: PublicEndpointValues): PublicEndpointConfiguration | null {
  if (!v.hasEndpoint) return null;
  const limits = Object.fromEntries(EndpointLimitFields.map((f) => [f, v.limits[f].trim() === '' ? NaN : Number(v.limits[f])])) as Record<
    PublicEndpointLimit,
    number
  >;
  return {
    endpointName: v.endpointName.trim(),
    isEnabled: v.isEnabled,
    allowedOrigins: v.allowedOrigins,
    ...limits,
    requireGuidelinesConsent: v.requireGuidelinesConsent,
    showCitations: v.showCitations,
    requireBotCheck: v.requireBotCheck,
    brandKey: v.brandKey || null,
    ...(v.identity.mode === 'None' ? {} : { identity: identityConfigOf(v.identity) }),
  };
}

/** Whether a name is a slug the server takes: the contract's pattern and length. */
export const endpointNameValid = (name: string) =>
  PublicEndpointNamePattern.test(name) && name.length >= PublicEndpointNameLength[0] && name.length <= PublicEndpointNameLength[1];

/** An origin as the server keeps it: trimmed, lower-case, without a trailing slash. */
export const normalOrigin = (origin: string) => origin.trim().toLowerCase().replace(/\/$/, '');

/** Why an origin cannot be added to `existing` (the contract's pattern, no duplicates, at most MaxAllowedOrigins), or null. */
export function originProblem(origin: string, existing: readonly string[]): string | null {
  const normal = normalOrigin(origin);
  if (!AllowedOriginPattern.test(normal)) return AllowedOriginMessage;
  if (existing.includes(normal)) return t('agentsAdmin.publicEndpoint.originTwice');
  if (existing.length >= MaxAllowedOrigins) return t('agentsAdmin.publicEndpoint.tooManyOrigins', { count: MaxAllowedOrigins });
  return null;
}

/** The message for a limit outside its bounds (the contract schema's words). */
export const limitMessage = (field: PublicEndpointLimit) => {
  const [least, most] = PublicEndpointLimits[field];
  return t('agentsAdmin.publicEndpoint.limitRange', { least: least.toLocaleString('en-US'), most: most.toLocaleString('en-US') });
};

/** The problems the browser finds before saving, per field (none when switched off). */
export function endpointProblems(v: PublicEndpointValues): EndpointProblems {
  const problems: EndpointProblems = {};
  if (!v.hasEndpoint) return problems;
  if (!endpointNameValid(v.endpointName.trim())) problems.endpointName = PublicEndpointNameMessage;
  const badOrigin = v.allowedOrigins.find((o) => !AllowedOriginPattern.test(o));
  if (badOrigin !== undefined) problems.allowedOrigins = AllowedOriginMessage;
  else if (v.allowedOrigins.length > MaxAllowedOrigins) problems.allowedOrigins = t('agentsAdmin.publicEndpoint.tooManyOrigins', { count: MaxAllowedOrigins });
  for (const f of EndpointLimitFields) {
    const [least, most] = PublicEndpointLimits[f];
    const text = v.limits[f].trim();
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < least || n > most) problems[f] = limitMessage(f);
  }
  Object.assign(problems, identityProblems(v.identity));
  return problems;
}

/** The identity settings' problems: HS256 needs a secret (typed, or set before) of the contract's length, RS256 a JWKS address. */
export function identityProblems(v: IdentityValues): EndpointProblems {
  const problems: EndpointProblems = {};
  if (v.mode === 'None') return problems;
  if (v.mode === 'HS256') {
    if (v.secret !== '' && (v.secret.length < VisitorSecretLength[0] || v.secret.length > VisitorSecretLength[1])) problems.secret = VisitorSecretMessage;
    else if (v.secret === '' && !v.hasSecret) problems.secret = t('agentsAdmin.publicEndpoint.identity.secretMissing');
  }
  if (v.mode === 'RS256' && !JwksUrlPattern.test(v.jwksUrl.trim())) problems.jwksUrl = JwksUrlMessage;
  for (const f of ['issuer', 'audience'] as const)
    if (v[f].trim().length > IdentityClaimMaxLength) problems[f] = t('agentsAdmin.publicEndpoint.identity.tooLong', { max: IdentityClaimMaxLength });
  return problems;
}

/** A secret for HS256 the browser makes: 48 random bytes, base64url (64 characters). */
export function newIdentitySecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const endpointFields: readonly string[] = ['endpointName', 'allowedOrigins', 'brandKey', ...EndpointLimitFields];

/**
 * Splits a refused call's issues: those about the public endpoint ('config.publicEndpointConfiguration.endpointName',
 * 'body.publicEndpointConfiguration.allowedOrigins.1', …) by the form's field (the first of each; one naming no field
 * of the form goes to `section`), and the rest.
 */
export function splitEndpointIssues(issues: readonly ConfigIssue[]): { fields: EndpointProblems; section: string[]; rest: ConfigIssue[] } {
  const fields: EndpointProblems = {};
  const section: string[] = [];
  const rest: ConfigIssue[] = [];
  for (const issue of issues) {
    const match = /^(?:(?:body|query|params)\.)?(?:config\.)?publicEndpointConfiguration(?:\.([A-Za-z]+))?(?:\.([A-Za-z]+))?/.exec(issue.property);
    if (!match) rest.push(issue);
    else if (match[1] === 'identity' && match[2] && identityFields.includes(match[2])) fields[match[2] as IdentityField] ??= issue.message;
    else if (match[1] && endpointFields.includes(match[1])) fields[match[1] as EndpointField] ??= issue.message;
    else section.push(issue.message);
  }
  return { fields, section, rest };
}

/** The script tag a website adds to show the chat bubble (with the signed visitor's token where identity is on). */
export const embedSnippet = (origin: string, endpointName: string, signed = false) =>
  `<script src="${origin}/embed.js" data-endpoint="${endpointName}"${signed ? ' data-visitor-token="{token your site signs}"' : ''} async></script>`;

/** The endpoint's own pages: the full page (with its side menu) and the popup (only the chat). */
export const publicChatLinks = (origin: string, endpointName: string) => ({
  page: `${origin}/public-chat/${endpointName}`,
  popup: `${origin}/public-chat/${endpointName}/true`,
});

/** Whether two configurations say the same (the draft's against the published one); null and undefined alike. */
export const sameEndpoint = (a: PublicEndpointConfiguration | null | undefined, b: PublicEndpointConfiguration | null | undefined) =>
  JSON.stringify(endpointConfigOf(endpointValuesOf(a))) === JSON.stringify(endpointConfigOf(endpointValuesOf(b)));
