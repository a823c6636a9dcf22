import type { UserAction } from '@atrium/contract';
import { useGetCurrentUserQuery } from '../api/current-user.api';
import { selectIsAuthenticated } from '../state/selectors';
import { useAppSelector } from '../state/hooks';

const none: readonly UserAction[] = [];

/** The actions the server resolved for the signed-in user; the UI never reasons about role names. */
export function useResolvedActions() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const { data, isLoading, isFetching, isError } = useGetCurrentUserQuery(undefined, { skip: !authenticated });
  return {
    user: data,
    actions: data?.resolvedActions ?? none,
    isLoading: authenticated && (isLoading || (isFetching && !data)),
    isError,
  };
}
