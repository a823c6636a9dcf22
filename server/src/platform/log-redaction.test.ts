import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { APICallError } from 'ai';
import { safeErrorSerializer } from './log-redaction.js';

/** A logger built as main.ts builds it, writing into a string. */
function capture() {
  let out = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const logger = pino({ level: 'info', serializers: { err: safeErrorSerializer } }, stream);
  return { logger, output: () => out };
}

describe('log redaction', () => {
  it('keeps a failed query but not its parameters (a question or an answer)', () => {
    const { logger, output } = capture();
    const err = new DrizzleQueryError(
      'insert into "conversation_segments" ("question") values ($1)',
      ['What is my diagnosis, Dr. Smith?'],
      new Error('value too long'),
    );
    logger.error({ err, segmentId: 's1' }, 'could not save the segment');
    const line = output();
    expect(line).not.toContain('diagnosis');
    expect(line).toContain('insert into');
    expect(line).toContain('value too long');
    expect(line).toContain('params: [redacted]');
  });

  it("drops a provider call's request and response bodies", () => {
    const { logger, output } = capture();
    const err = new APICallError({
      message: 'Bad request',
      url: 'https://api.example.com/v1/chat/completions',
      requestBodyValues: { messages: [{ role: 'user', content: 'my private symptoms' }] },
      statusCode: 400,
      responseBody: '{"error":"the answer was about my private symptoms"}',
    });
    logger.error({ err }, 'chat generation failed');
    logger.error({ err: new Error('chat generation failed', { cause: err }) }, 'wrapped');
    const [direct, wrapped] = output()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(JSON.stringify([direct, wrapped])).not.toContain('private symptoms');
    expect(direct!.err).toMatchObject({
      message: 'Bad request',
      statusCode: 400,
      url: 'https://api.example.com/v1/chat/completions',
      requestBodyValues: '[redacted]',
    });
    expect(wrapped!.err.message).toContain('Bad request');
  });
});
