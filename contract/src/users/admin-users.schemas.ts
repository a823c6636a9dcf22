// Wire shapes of the admin users API: people, their status and roles; creating local users.
import { z } from 'zod';
import { ObjectActions } from '../common/object-actions.js';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';
import { DisplayNameMaxLength, EmailMaxLength, EmailPattern, PasswordMaxLength, PasswordMinLength } from './admin-users.constants.js';

export const UserStatuses = ['Active', 'Inactive'] as const;

export const AdminUserRoleRefSchema = z.object({
  userRoleId: z.string().uuid(),
  name: z.string(),
  isBuiltIn: z.boolean(),
});
export type AdminUserRoleRef = z.infer<typeof AdminUserRoleRefSchema>;

export const AdminUserSchema = z.object({
  userId: z.string().uuid(),
  emailAddress: z.string(),
  displayName: z.string(),
  identityProvider: z.string(),
  disabled: z.boolean(),
  /** docs/product.md §3 status colours: Active, or Inactive when disabled */
  status: z.enum(UserStatuses),
  hasPassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userRoles: z.array(AdminUserRoleRefSchema),
  /** what the caller may do with it (always present in the admin API's answers) */
  currentUserActions: z.array(z.enum(ObjectActions)).optional(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = listOf(AdminUserSchema);
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** GET /admin/users: emailAddress filters by a case-insensitive substring; ordered by email. */
export const AdminUserListQuerySchema = PageQuerySchema.extend({
  emailAddress: z.string().trim().max(EmailMaxLength).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const AdminUserParamsSchema = z.object({ userId: z.string().uuid() });
export const AdminUserRoleParamsSchema = z.object({ userId: z.string().uuid(), userRoleId: z.string().uuid() });

const DisplayName = z
  .string()
  .trim()
  .min(1, 'Display name is required')
  .max(DisplayNameMaxLength, `Display name exceeds the maximum limit of ${DisplayNameMaxLength} characters`);

/** POST /admin/users: a local user who signs in with email and password. */
export const AdminUserCreateSchema = z.object({
  emailAddress: z
    .string()
    .trim()
    .toLowerCase()
    .max(EmailMaxLength)
    .pipe(z.email({ pattern: EmailPattern, message: 'Enter a valid email address' })),
  displayName: DisplayName,
  password: z
    .string()
    .min(PasswordMinLength, `Password must be at least ${PasswordMinLength} characters`)
    .max(PasswordMaxLength, `Password exceeds the maximum limit of ${PasswordMaxLength} characters`),
  /** roles besides the built-in User role, which every new user gets */
  userRoleIds: z.array(z.string().uuid()).max(100).optional(),
});
export type AdminUserCreate = z.infer<typeof AdminUserCreateSchema>;

/** PUT /admin/users/{userId}: rename, disable or enable. */
export const AdminUserUpdateSchema = z.object({
  displayName: DisplayName.optional(),
  disabled: z.boolean().optional(),
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;
