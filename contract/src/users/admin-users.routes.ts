// Paths of Admin users (docs/product.md §7), exported as AdminUserRoutes (see ../routes.ts).

export const users = '/admin/users';
export const user = '/admin/users/:userId';
/** POST adds the role, DELETE removes it */
export const userRole = '/admin/users/:userId/userRoles/:userRoleId';
