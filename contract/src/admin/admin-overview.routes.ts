// Paths of the admin overview, exported as AdminOverviewRoutes (see ../routes.ts).

export const overview = '/admin/overview';
