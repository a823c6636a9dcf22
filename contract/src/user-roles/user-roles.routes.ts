// Paths of Admin userRoles (docs/product.md §7), exported as UserRoleRoutes (see ../routes.ts).

export const userRoles = '/admin/userRoles';
export const userRole = '/admin/userRoles/:userRoleId';
export const users = '/admin/userRoles/:userRoleId/users';
export const entityConfiguration = '/admin/userRoles/:userRoleId/EntityConfiguration';
export const userActions = '/admin/userRoles/userActions';
