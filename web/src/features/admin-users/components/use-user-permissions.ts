// What the signed-in admin may do in the users area, from the server's resolved actions.
import { useResolvedActions } from '../../../app/hooks/use-resolved-actions';

export function useUserPermissions() {
  const { actions, user } = useResolvedActions();
  return {
    me: user,
    canCreate: actions.includes('UserRolePermissionsCreate') || actions.includes('UserRolePermissionsWrite'),
    canWrite: actions.includes('UserRolePermissionsWrite'),
    canAddRoles: actions.includes('UserRolePermissionsCreate') || actions.includes('UserRolePermissionsWrite'),
  };
}
