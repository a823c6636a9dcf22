// Paths of the older Admin dataSources calls (docs/product.md §7), exported as AdminDataSourceRoutes (see
// ../routes.ts). They reach the same file libraries as AdminFileLibraryRoutes in the older shape: uploaded files
// with default endpoints (the instance's default embedding deployment) or explicit ones (a chosen embedding
// deployment). External search indexes, storage containers to sync and graph indexes come later (docs/knowledge.md).

export const dataSources = '/admin/dataSources';
export const withDefaultEndpoints = '/admin/dataSources/WithDefaultEndpoints';
export const withDefaultEndpointsOne = '/admin/dataSources/WithDefaultEndpoints/:dataSourceId';
export const withExplicitEndpoints = '/admin/dataSources/WithExplicitEndpoints';
export const withExplicitEndpointsOne = '/admin/dataSources/WithExplicitEndpoints/:dataSourceId';
/** GET lists the files, POST uploads (multipart, field file), DELETE ?fileName= removes the files of that name */
export const uploadedFiles = '/admin/dataSources/:dataSourceId/uploadedFiles';
/** the original of the file named by base64FileName (its name, base64 encoded: url-safe or standard) */
export const uploadedFile = '/admin/dataSources/:dataSourceId/uploadedFiles/:base64FileName';
