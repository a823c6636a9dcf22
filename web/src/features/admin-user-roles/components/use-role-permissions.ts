// What the signed-in admin may do with roles, from the server's resolved actions.
import { useResolvedActions } from '../../../app/hooks/use-resolved-actions';

export function useRolePermissions() {
  const { actions } = useResolvedActions();
  return {
    canCreate: actions.includes('UserRolesCreate') || actions.includes('UserRolesWrite'),
    canWrite: actions.includes('UserRolesWrite'),
  };
}
