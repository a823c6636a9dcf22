// Usage limits in the chat (docs/usage-limits.md): a question refused because a limit is reached (or, near a
// person's own limit, while their earlier answer is still being written) shows the message in place of the answer; a turn near a limit shows its threshold message as a warning notice.
import { enqueueSnackbar } from 'notistack';
import { UsageLimitErrorCodes, UsageNoticeHeader, type StreamError } from '@atrium/contract';
import { errorBodyOf, type HttpError } from '../../../lib/http/http.types';

/**
 * The message of a question a usage limit refused, as the answer's error: the limit-reached message (403), or, near
 * a person's own limit, the one saying their earlier answer is still being written (429); null for any other failure.
 */
export function usageLimitRefusal(error: HttpError | { status: string; error: string }): StreamError | null {
  if (typeof error.status !== 'number') return null;
  const body = errorBodyOf(error as HttpError);
  const refused =
    (error.status === 403 && body?.code === UsageLimitErrorCodes.limitReached) ||
    (error.status === 429 && body?.code === UsageLimitErrorCodes.answerInProgress);
  return refused && body ? { code: body.code, message: body.message } : null;
}

/** The threshold message a stream's response carries, if any. */
export function usageNoticeOf(headers: Headers): string | null {
  const raw = headers.get(UsageNoticeHeader);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Shows the response's threshold message as a warning notice. */
export function showUsageNotice(response: Response): void {
  const notice = usageNoticeOf(response.headers);
  if (notice) enqueueSnackbar(notice, { variant: 'warning' });
}
