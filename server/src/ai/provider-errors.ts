// What people and logs are told when a model provider fails. Providers answer errors in their own words,
// and those words can repeat the caller's credentials ("Incorrect API key provided: sk-…"): a person gets
// a plain message with a reference (the segment's id) and never the provider's text; the server log gets
// the provider's text with anything key-shaped removed, under the same reference, for administrators.
import type { ModelError } from './model.types.js';

const Redacted = '[redacted]';
/** Each pattern's first group, when it has one, is a label that stays ("api-key: [redacted]"). */
const SecretPatterns: RegExp[] = [
  // Authorization header values and bearer tokens
  /\b((?:Bearer|Basic)\s+)[^\s"',;]+/gi,
  // "api-key: …", "apiKey=…", "token": "…", "secret …", "password=…", "API key provided: …"
  /\b((?:api[-_ ]?key|x-api-key|access[-_ ]?token|token|secret|password|authorization)(?:["']?\s*[:=]\s*["']?|\s+provided:\s*))[^\s"',;}]+/gi,
  // provider key formats: OpenAI sk-…/sk-proj-…, Anthropic sk-ant-…, others with a known prefix
  /\b(?:sk|rk|pk|sk-ant|sk-proj|xai|gsk|hf|ghp|gho|AIza)[-_][A-Za-z0-9_-]{8,}/g,
  // long opaque strings (hex, base64 or base64url): keys and tokens, never words
  /\b[A-Za-z0-9+/_-]{32,}={0,2}/g,
];

/** The text with credentials and anything key-shaped replaced by [redacted]; `known` secrets first. */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) if (secret.length >= 6) out = out.split(secret).join(Redacted);
  for (const pattern of SecretPatterns) out = out.replace(pattern, (_match, label: unknown) => `${typeof label === 'string' ? label : ''}${Redacted}`);
  return out;
}

/** The message a person sees for a failed model call. */
export function peopleMessage(error: ModelError, reference: string): string {
  // our own messages (no model configured, HIPAA mode, a removed deployment) say what to do and hold no provider text
  if (error.kind !== 'upstream') return error.message;
  const status = error.status ? ` (HTTP ${error.status})` : '';
  return `The model provider could not answer${status}. Please try again; if it keeps happening, give your administrator the reference ${reference}.`;
}
