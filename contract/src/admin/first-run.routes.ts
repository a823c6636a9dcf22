// Paths of the first-run checklist on the /admin index, exported as FirstRunRoutes (see ../routes.ts).

/** GET: which first-run steps are done, only those the caller may do */
export const firstRun = '/admin/firstRun';
