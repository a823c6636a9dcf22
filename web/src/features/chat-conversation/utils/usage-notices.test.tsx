// The usage limits' messages in the chat: the threshold message a stream's response carries shows as a warning notice,
// and a question refused with usage_limit_reached shows the limit's message where the answer would be.
import { cleanup, render, screen } from '@testing-library/react';
import { encodeSseEvent, UsageAnswerInProgressMessage, UsageLimitErrorCodes, UsageNoticeHeader } from '@atrium/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { NoticeProvider } from '../../../components/notices/notice-provider';
import { createHttpClient } from '../../../lib/http/http-client';
import { streamSse } from '../../../lib/sse/sse-client';
import { AnswerCard } from '../components/answer-card';
import { showUsageNotice, usageLimitRefusal, usageNoticeOf } from './usage-notices';

initI18n();

const clientFor = (respond: () => Response) =>
  createHttpClient({
    baseUrl: '/api/internal',
    getToken: () => 'token',
    renewal: { readiness: () => 'yes', renew: async () => 'token' },
    onSessionLost: () => undefined,
    setWaiting: () => undefined,
    fetch: async () => respond(),
  });

const ask = (respond: () => Response) =>
  streamSse(clientFor(respond), {
    url: '/x',
    body: { question: 'q' },
    signal: new AbortController().signal,
    onEvent: () => undefined,
    onResponse: showUsageNotice,
  });

describe('usage limits in the chat', () => {
  afterEach(cleanup);

  it('shows the threshold message of a stream as a warning notice, and nothing without one', async () => {
    render(
      <NoticeProvider>
        <span />
      </NoticeProvider>,
    );
    const message = "You're nearing your daily usage limit for this Agent.";
    const stream = (headers: Record<string, string>) => () =>
      new Response(encodeSseEvent('no-more-data'), { headers: { 'content-type': 'text/event-stream', ...headers } });
    expect(await ask(stream({}))).toEqual({ kind: 'ended' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await ask(stream({ [UsageNoticeHeader]: encodeURIComponent(message) }))).toEqual({ kind: 'ended' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.closest('[data-notice]')?.getAttribute('data-notice')).toBe('warning');
  });

  it('shows the limit-reached message in place of the answer', async () => {
    const message = "You've reached your daily usage limit for this Agent.";
    const outcome = await ask(
      () =>
        new Response(JSON.stringify({ code: UsageLimitErrorCodes.limitReached, message, details: [] }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    if (outcome.kind !== 'failed') throw new Error('the question was not refused');
    const refusal = usageLimitRefusal(outcome.error);
    expect(refusal).toEqual({ code: UsageLimitErrorCodes.limitReached, message });
    render(<AnswerCard answer="" citations={[]} failed failureMessage={refusal?.message} />);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('shows the wait message of a question asked near a limit while an earlier answer is still being written', async () => {
    const outcome = await ask(
      () =>
        new Response(JSON.stringify({ code: UsageLimitErrorCodes.answerInProgress, message: UsageAnswerInProgressMessage, details: [] }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        }),
    );
    if (outcome.kind !== 'failed') throw new Error('the question was not refused');
    expect(usageLimitRefusal(outcome.error)).toEqual({ code: UsageLimitErrorCodes.answerInProgress, message: UsageAnswerInProgressMessage });
    // a rate limit's 429 is not this one
    const limited = await ask(() => new Response(JSON.stringify({ code: 'rate_limited', message: 'Slow down.', details: [] }), { status: 429 }));
    if (limited.kind !== 'failed') throw new Error('the question was not refused');
    expect(usageLimitRefusal(limited.error)).toBeNull();
  });

  it('leaves other refusals to the general message, and ignores a notice that is not URI-encoded text', async () => {
    const forbidden = await ask(() => new Response(JSON.stringify({ code: 'forbidden', message: 'No.', details: [] }), { status: 403 }));
    if (forbidden.kind !== 'failed') throw new Error('the question was not refused');
    expect(usageLimitRefusal(forbidden.error)).toBeNull();
    expect(usageLimitRefusal({ status: 'STREAM_ERROR', error: 'reset' })).toBeNull();
    expect(usageNoticeOf(new Headers({ [UsageNoticeHeader]: '%E0%A4%A' }))).toBeNull();
  });
});
