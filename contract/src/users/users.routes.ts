// Paths of the signed-in person, exported as UserRoutes (see ../routes.ts).

export const userRolesWithResolvedActions = '/CurrentUser/UserRolesWithResolvedActions';
