// Paths of the instance's public settings and favicons, exported as InstanceRoutes (see ../routes.ts).

export const instanceSettings = '/InstanceSettings';
export const buildInfo = '/InstanceSettings/buildInfo';
export const features = '/features/List';
export const health = '/health';
/** readiness: the database, Redis and blob storage each answer (a load balancer's or an orchestrator's probe) */
export const ready = '/health/ready';
/** the favicons an administrator uploaded */
export const customFavicons = '/InstanceSettings/favicons/custom';
export const favicon = '/InstanceSettings/favicons/:fileName';
