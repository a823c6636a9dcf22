// Text the database cannot store: NUL characters (PostgreSQL's text has none) and lone UTF-16
// surrogates (they have no UTF-8 form), and values nested deeper than anything the contract describes
// (a free-form field such as a record of unknown values would carry them into a jsonb column: a few
// thousand levels stall the embedded database, and deeper than this check looks could hide a NUL).
// Every request's parameters, query and JSON body are checked for them once, before validation, so that
// a route answers 400 naming the field instead of failing in the database (or, for a chat question,
// after the model was already asked).
import type { ErrorDetail } from './errors.schemas.js';

/** How deeply a request's values may nest; the contract's own shapes stay far below it. */
export const MaxNestingDepth = 32;

const LoneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'Text must not contain NUL characters.';
  if (LoneSurrogate.test(text)) return 'Text must be valid Unicode (it contains a lone surrogate).';
  return null;
}

/**
 * The fields of `value` (strings, and strings inside arrays and objects, keys included) that cannot be
 * stored, and the first value nested deeper than MaxNestingDepth, as error details with dotted paths
 * under `prefix`. Stops after `limit` findings.
 */
export function unstorableTextDetails(value: unknown, prefix: string, limit = 20): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const visit = (node: unknown, path: string, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      const reason = unstorableTextReason(node);
      if (reason) found.push({ field: path || '(root)', message: reason });
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth >= MaxNestingDepth) {
      found.push({ field: path || '(root)', message: `Values may be nested at most ${MaxNestingDepth} levels deep.` });
      return;
    }
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, child] of entries) {
      const keyReason = unstorableTextReason(key);
      const childPath = path ? `${path}.${keyReason ? '(key)' : key}` : keyReason ? '(key)' : key;
      if (keyReason) found.push({ field: childPath, message: keyReason });
      visit(child, childPath, depth + 1);
    }
  };
  visit(value, prefix, 0);
  return found;
}
