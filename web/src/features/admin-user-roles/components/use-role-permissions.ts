// What the signed-in admin may do with roles, from the server's resolved actions.
import { useMayAct } from '../../../app/hooks/use-resolved-actions';

export function useRolePermissions() {
  return { canCreate: useMayAct('userRoles', 'create'), canWrite: useMayAct('userRoles', 'write') };
}
