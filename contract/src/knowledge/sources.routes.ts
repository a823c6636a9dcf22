// Paths of the documents citations open, exported as KnowledgeSourceRoutes: anyone who may chat with an agent that
// answers from the file's library (and administrators who may read the library) may read them.

export const sourceFile = '/knowledge/files/:fileId';
export const sourceFileDownload = '/knowledge/files/:fileId/Download';
