// Paths of Admin FileLibraries (docs/product.md §7), exported as AdminFileLibraryRoutes (see ../routes.ts). Only
// administration calls them. Graph indexes come with later steps of the knowledge work
// (docs/knowledge.md).

export const libraries = '/admin/fileLibraries';
export const detailsForCreate = '/admin/fileLibraries/detailsForCreate';
export const fileUploadConfiguration = '/admin/fileLibraries/FileUploadConfiguration';
export const storageContainers = '/admin/fileLibraries/storageContainers';
export const library = '/admin/fileLibraries/:dataSourceId';
export const files = '/admin/fileLibraries/:dataSourceId/files';
export const file = '/admin/fileLibraries/:dataSourceId/files/:fileId';
export const fileDownload = '/admin/fileLibraries/:dataSourceId/files/:fileId/Download';
export const fileExtraction = '/admin/fileLibraries/:dataSourceId/files/:fileId/extraction';
/** the images found in the file (docs/knowledge.md "Figures"), and one of them by its index */
export const fileFigures = '/admin/fileLibraries/:dataSourceId/files/:fileId/figures';
export const fileFigure = '/admin/fileLibraries/:dataSourceId/files/:fileId/figures/:index';
export const fileChunk = '/admin/fileLibraries/:dataSourceId/files/:fileId/chunks/:index';
export const fileLatestLog = '/admin/fileLibraries/:dataSourceId/files/:fileId/logs/latest';
export const fileReprocess = '/admin/fileLibraries/:dataSourceId/files/:fileId/Reprocess';
/** stops a Queued or Processing file: it ends in Error ("Cancelled by …"); Reprocess starts it again */
export const fileCancel = '/admin/fileLibraries/:dataSourceId/files/:fileId/Cancel';
/** "Try a question": the passages an agent linked to this library would receive */
export const search = '/admin/fileLibraries/:dataSourceId/search';
/** the full-text index: POST builds or enables it, DELETE drops it */
export const textIndex = '/admin/fileLibraries/:dataSourceId/textIndex';
export const textIndexFilters = '/admin/fileLibraries/:dataSourceId/textIndex/filters';
export const textIndexDefinition = '/admin/fileLibraries/:dataSourceId/textIndex/indexDefinition';
