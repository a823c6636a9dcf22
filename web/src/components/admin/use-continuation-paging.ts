// Page-by-page navigation over a keyset-paged list ({items, continuationToken}): the server only
// knows "the page after this token", so the tokens of the pages already seen are kept to go back.
import { useCallback, useState } from 'react';

export interface ContinuationPaging {
  /** the token to request the current page with (undefined for the first page) */
  token: string | undefined;
  /** 1-based */
  page: number;
  hasPrevious: boolean;
  /** go to the page after the current one; pass the current page's continuationToken */
  next: (continuationToken: string) => void;
  previous: () => void;
  /** back to the first page, e.g. when a filter changes */
  reset: () => void;
}

/**
 * `resetKey`: when it changes (a filter, a search text), paging starts again at the first page.
 * Usage: `const paging = useContinuationPaging(email); useListQuery({ emailAddress: email, continuationToken: paging.token })`.
 */
export function useContinuationPaging(resetKey = ''): ContinuationPaging {
  const [state, setState] = useState<{ key: string; tokens: Array<string | undefined> }>({ key: resetKey, tokens: [undefined] });
  // A changed key restarts at page 1 during render, so no request for a stale token is ever made.
  const tokens = state.key === resetKey ? state.tokens : [undefined];
  if (state.key !== resetKey) setState({ key: resetKey, tokens });
  const next = useCallback((continuationToken: string) => setState((s) => ({ ...s, tokens: [...s.tokens, continuationToken] })), []);
  const previous = useCallback(() => setState((s) => ({ ...s, tokens: s.tokens.length > 1 ? s.tokens.slice(0, -1) : s.tokens })), []);
  const reset = useCallback(() => setState((s) => ({ ...s, tokens: [undefined] })), []);
  return { token: tokens[tokens.length - 1], page: tokens.length, hasPrevious: tokens.length > 1, next, previous, reset };
}
