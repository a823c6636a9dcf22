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
