import { z } from 'zod';
import { UserActions } from '../permissions.js';

export const UserActionSchema = z.enum(UserActions);

export const DirectoryGroupSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
});
export type DirectoryGroup = z.infer<typeof DirectoryGroupSchema>;

export const ResolvedRoleSchema = z.object({
  userRoleId: z.string().uuid(),
  name: z.string(),
  isBuiltIn: z.boolean(),
  userActions: z.array(UserActionSchema),
});

/** GET /CurrentUser/UserRolesWithResolvedActions */
export const UserRolesWithResolvedActionsSchema = z.object({
  userId: z.string().uuid(),
  displayName: z.string(),
  emailAddress: z.string(),
  identityProvider: z.string(),
  userRoles: z.array(ResolvedRoleSchema),
  resolvedActions: z.array(UserActionSchema),
  directoryGroups: z.array(DirectoryGroupSchema),
});
export type UserRolesWithResolvedActions = z.infer<typeof UserRolesWithResolvedActionsSchema>;
