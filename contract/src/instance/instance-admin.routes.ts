// Paths of Admin instanceSettings (docs/product.md §7) and of the instance's favicon uploads, exported as
// InstanceAdminRoutes (see ../routes.ts).

/** one of InstanceApiKeyProviders */
export const apiKey = '/admin/instanceSettings/:provider/apiKey';
export const claudeEnabled = '/admin/instanceSettings/claude/enabled';
export const hipaa = '/admin/instanceSettings/hipaa';
export const gptInstanceSettings = '/admin/instanceSettings/gptInstanceSettings';
export const branding = '/admin/instanceSettings/branding';
/** PUT (upload) and DELETE */
export const favicons = '/InstanceSettings/favicons';
/** the same under the admin settings */
export const adminFavicons = '/admin/instanceSettings/favicons';
/** GET, PUT and DELETE (back to the defaults) how long conversations, uploads and trace logs are kept (docs/retention.md) */
export const retention = '/admin/instanceSettings/retention';
/** POST: run the retention sweep now (a job; answers 202 with its id) */
export const retentionRun = '/admin/instanceSettings/retention/run';
