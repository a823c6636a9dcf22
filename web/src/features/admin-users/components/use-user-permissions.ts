// What the signed-in admin may do in the users area, from the server's resolved actions.
import { mayAct } from '@atrium/contract';
import { useResolvedActions } from '../../../app/hooks/use-resolved-actions';

export function useUserPermissions() {
  const { actions, user } = useResolvedActions();
  return {
    me: user,
    canCreate: mayAct(actions, 'users', 'create'),
    canWrite: mayAct(actions, 'users', 'write'),
    // giving a role is a create in the users area (POST …/userRoles)
    canAddRoles: mayAct(actions, 'users', 'create'),
  };
}
