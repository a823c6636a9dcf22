// PII redaction before a model call in HIPAA mode (docs/retention.md, "HIPAA mode"): what a person typed, the files
// they attached, earlier answers and tool results have social security numbers, payment card numbers, phone numbers,
// e-mail addresses and medical record numbers replaced by a placeholder before they leave for the model provider.
// The conversation itself keeps what was typed; only what the model reads is redacted. More patterns come from
// PII_REDACTION_PATTERNS (config.ts). The agent's system prompt (its administrators' words and the libraries'
// passages) is not redacted.
import type { AnswerRequest, ChatMessage } from './model.types.js';

export interface PiiPattern {
  name: string;
  /** global; every match is replaced unless `valid` refuses it */
  pattern: RegExp;
  placeholder: string;
  /** e.g. the Luhn check of a card number: a match that fails it stays (an order number, a date range) */
  valid?: (match: string) => boolean;
}

/** The Luhn checksum payment card numbers carry. */
export function luhnValid(digits: string): boolean {
  const d = digits.replace(/\D/g, '');
  if (d.length < 13 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** In order: earlier patterns run first, so a card number is not read as a phone number. */
export const DefaultPiiPatterns: readonly PiiPattern[] = [
  { name: 'Email', pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, placeholder: '[EMAIL]' },
  // "MRN 12345678", "medical record number: A-1234567", "MR# 998877"
  {
    name: 'MedicalRecordNumber',
    pattern: /\b(?:MRN|MR#|medical record(?:\s+(?:number|no\.?|#))?)\s*[:#]?\s*[A-Z]{0,3}-?\d[\d-]{3,14}\b/gi,
    placeholder: '[MEDICAL RECORD NUMBER]',
  },
  // 13–19 digits, in groups separated by spaces or dashes, that pass the Luhn check
  { name: 'CardNumber', pattern: /\b\d(?:[ -]?\d){12,18}\b/g, placeholder: '[CARD NUMBER]', valid: luhnValid },
  // 123-45-6789 or 123 45 6789, not the numbers the Social Security Administration never issues
  { name: 'SocialSecurityNumber', pattern: /\b(?!000|666|9\d\d)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}\b/g, placeholder: '[SSN]' },
  // (555) 123-4567 and +1 (555) 123-4567; 555-123-4567 and 555.123.4567 (3-3-4); +44 20 7946 0958 (a plus and groups)
  {
    name: 'PhoneNumber',
    pattern: /(?:\+\d{1,3}[ .-]?)?\(\d{2,4}\)[ .-]?\d{3,4}[ .-]?\d{4}\b|(?:\+\d{1,3}[ .-])?\b\d{3}[ .-]\d{3}[ .-]\d{4}\b|\+\d{1,3}(?:[ .-]\d{2,4}){2,4}\b/g,
    placeholder: '[PHONE]',
  },
];

/** `text` with every match of the patterns replaced by its placeholder. */
export function redactPii(text: string, patterns: readonly PiiPattern[] = DefaultPiiPatterns): string {
  let out = text;
  for (const p of patterns) out = out.replace(p.pattern, (match) => (p.valid && !p.valid(match) ? match : p.placeholder));
  return out;
}

const redactMessage = (m: ChatMessage, patterns: readonly PiiPattern[]): ChatMessage => ({ ...m, content: redactPii(m.content, patterns) });

/** The request with what the person and the tools wrote redacted: messages and attached passages. */
export function redactRequest(request: AnswerRequest, patterns: readonly PiiPattern[] = DefaultPiiPatterns): AnswerRequest {
  return {
    ...request,
    messages: request.messages.map((m) => redactMessage(m, patterns)),
    passages: request.passages.map((p) => ({ ...p, text: redactPii(p.text, patterns) })),
  };
}
