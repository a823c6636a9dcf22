import { mayAct, type AccessArea, type AreaOperation, type UserAction } from '@atrium/contract';
import { useGetCurrentUserQuery } from '../api/current-user.api';
import { selectIsAuthenticated } from '../state/selectors';
import { useAppSelector } from '../state/hooks';

const none: readonly UserAction[] = [];

/** The actions the server resolved for the signed-in user; the UI never reasons about role names. */
export function useResolvedActions() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  const { data, isError } = useGetCurrentUserQuery(undefined, { skip: !authenticated });
  return {
    user: data,
    actions: data?.resolvedActions ?? none,
    // Before the first answer the query is merely uninitialised; deciding then would send admins away.
    isLoading: authenticated && !data && !isError,
    isError,
  };
}

/** Whether the signed-in user may do this in an area: the contract's table, the one the server's routes declare. */
export function useMayAct<A extends AccessArea>(area: A, operation: AreaOperation<A>): boolean {
  return mayAct(useResolvedActions().actions, area, operation);
}
