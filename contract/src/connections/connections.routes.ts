// Paths of Admin Connections (docs/product.md §7): model provider connections, their deployments, and the
// deployments agents may use; exported as ConnectionRoutes (see ../routes.ts).

export const connections = '/admin/connections';
export const connection = '/admin/connections/:connectionId';
export const providers = '/admin/connections/Providers';
export const provider = '/admin/connections/Providers/:type';
export const deployments = '/admin/connections/:connectionId/deployments';
export const deployment = '/admin/connections/:connectionId/deployments/:deploymentId';
export const gptSystemDeployments = '/admin/gptSystems/deployments';
/** GET (administrators, ConnectionsRead): what the model provider said when an answer failed, by the reference people were given */
export const providerError = '/admin/providerErrors/:reference';
/** POST (ConnectionsWrite): "Test connection" with settings not saved yet; answers the server's models */
export const connectionTest = '/admin/connections/test';
/** POST (ConnectionsRead): "Test connection" of a saved connection, with its stored settings */
export const savedConnectionTest = '/admin/connections/:connectionId/test';
