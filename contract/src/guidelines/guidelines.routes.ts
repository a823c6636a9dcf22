// Paths of Admin guidelinesDocuments (docs/product.md §7), exported as GuidelinesRoutes (see ../routes.ts).

export const documents = '/admin/guidelinesDocuments';
export const document = '/admin/guidelinesDocuments/:guidelinesDocumentId';
export const sections = '/admin/guidelinesDocuments/:guidelinesDocumentId/sections';
export const section = '/admin/guidelinesDocuments/:guidelinesDocumentId/sections/:documentSectionId';
export const reorderSections = '/admin/guidelinesDocuments/:guidelinesDocumentId/reorderSections';
/** the agents a document can be attached to, for the admin picker */
export const options = '/admin/guidelinesDocuments/options';
/** the document an agent shows, from the agent's side (GptSystemsWrite or a …WriteSpecific scope to change) */
export const agentGuidelines = '/admin/gptSystems/:gptSystemId/guidelinesDocument';
