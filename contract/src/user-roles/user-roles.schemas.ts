// Wire shapes of the admin user roles API: roles with their actions, entity configuration (the
// scopes of the …Specific actions), the users of a role and the list of actions.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';
import { UserActions } from '../permissions.js';
import { UserActionAreas, UserRoleDescriptionMaxLength, UserRoleNameMaxLength } from './user-actions.js';

const Action = z.enum(UserActions);

export const EntityConfigurationSchema = z.object({
  gptSystemIds: z.array(z.string().uuid()),
  dataSourceIds: z.array(z.string().uuid()),
});
export type EntityConfiguration = z.infer<typeof EntityConfigurationSchema>;

export const UserRoleSchema = z.object({
  userRoleId: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  isBuiltIn: z.boolean(),
  /** 'Administrator' | 'User' for the built-in roles */
  builtInKey: z.string().nullable(),
  userActions: z.array(Action),
  entityConfiguration: EntityConfigurationSchema,
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type UserRole = z.infer<typeof UserRoleSchema>;
export const UserRoleListSchema = listOf(UserRoleSchema);
export type UserRoleList = z.infer<typeof UserRoleListSchema>;

/** GET /admin/userRoles: ordered by name; `name` filters by a case-insensitive substring. */
export const UserRoleListQuerySchema = PageQuerySchema.extend({ name: z.string().trim().max(UserRoleNameMaxLength).optional() });
export type UserRoleListQuery = z.infer<typeof UserRoleListQuerySchema>;

export const UserRoleParamsSchema = z.object({ userRoleId: z.string().uuid() });

const Name = z.string().trim().min(1, 'Name is required').max(UserRoleNameMaxLength, `Name exceeds the maximum limit of ${UserRoleNameMaxLength} characters`);
const Description = z.string().trim().max(UserRoleDescriptionMaxLength, `Description exceeds the maximum limit of ${UserRoleDescriptionMaxLength} characters`);
const Actions = z.array(Action).max(UserActions.length * 2);

export const UserRoleCreateSchema = z.object({
  name: Name,
  description: Description.default(''),
  userActions: Actions.default([]),
});
export type UserRoleCreate = z.input<typeof UserRoleCreateSchema>;

export const UserRoleUpdateSchema = z.object({
  name: Name.optional(),
  description: Description.optional(),
  userActions: Actions.optional(),
});
export type UserRoleUpdate = z.infer<typeof UserRoleUpdateSchema>;

/** PUT /admin/userRoles/{id}/EntityConfiguration */
export const EntityConfigurationUpdateSchema = z.object({
  gptSystemIds: z.array(z.string().uuid()).max(1000),
  dataSourceIds: z.array(z.string().uuid()).max(1000).default([]),
});
export type EntityConfigurationUpdate = z.input<typeof EntityConfigurationUpdateSchema>;

const AgentRef = z.object({ gptSystemId: z.string().uuid(), name: z.string() });

/**
 * GET /admin/userRoles/{id}/EntityConfiguration: the ids with the names of the agents they point at,
 * and the System agents that may be chosen (for the picker).
 */
export const EntityConfigurationDetailsSchema = EntityConfigurationSchema.extend({
  userRoleId: z.string().uuid(),
  gptSystems: z.array(AgentRef),
  availableGptSystems: z.array(AgentRef),
});
export type EntityConfigurationDetails = z.infer<typeof EntityConfigurationDetailsSchema>;

export const UserActionDescriptionSchema = z.object({
  userAction: Action,
  area: z.enum(UserActionAreas),
  description: z.string(),
  /** scoped by the role's entity configuration */
  isSpecific: z.boolean(),
});
export type UserActionDescription = z.infer<typeof UserActionDescriptionSchema>;
export const UserActionListSchema = z.object({ items: z.array(UserActionDescriptionSchema), continuationToken: z.null() });
export type UserActionList = z.infer<typeof UserActionListSchema>;
