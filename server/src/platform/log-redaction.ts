// Keeps what people asked and were answered out of the logs (docs/architecture.md HIPAA mode: prompts and
// answers never reach logs or traces). Errors are where they leak: a failed query's error carries its
// parameters (a question, an answer), and a model provider's call error carries the request body
// (the whole conversation) and the response body. This `err` serializer drops those parts and keeps
// what an operator needs: the type, the message without parameters, the SQL text, codes and statuses.
import pino from 'pino';

/** Properties of errors that hold request or response content. */
const ContentKeys = ['params', 'requestBodyValues', 'responseBody', 'prompt', 'messages', 'text', 'data'] as const;

const withoutParams = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]') : text);

export function redactErrorContent(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of ContentKeys) if (key in out) out[key] = '[redacted]';
  out.message = withoutParams(out.message);
  out.stack = withoutParams(out.stack);
  if (out.cause) out.cause = redactErrorContent(out.cause, depth + 1);
  return out;
}

/** pino's error serializer (type, message, stack, own properties, cause) without request or response content. */
export const safeErrorSerializer = (err: Error): unknown => redactErrorContent(pino.stdSerializers.err(err));
