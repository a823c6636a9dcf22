import type { ObjectAction } from '@atrium/contract';

/** Whether the server presented this action on the object (its currentUserActions): buttons follow the server's answer. */
export const can = (object: { currentUserActions?: readonly ObjectAction[] } | null | undefined, action: ObjectAction): boolean =>
  !!object?.currentUserActions?.includes(action);
