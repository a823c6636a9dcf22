// Paths of Admin performanceTests (docs/performance-tests.md), exported as PerformanceTestRoutes (see ../routes.ts).

export const runs = '/admin/performanceTests';
export const count = '/admin/performanceTests/count';
/** the cost and size of a run before it is started */
export const estimate = '/admin/performanceTests/estimate';
/** two runs side by side, with the differences of the second from the first */
export const compare = '/admin/performanceTests/compare';
export const run = '/admin/performanceTests/:performanceTestId';
export const cancel = '/admin/performanceTests/:performanceTestId/cancel';
