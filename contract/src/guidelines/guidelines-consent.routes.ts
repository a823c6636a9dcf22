// Paths of a guidelines document as the chat shows it, and the consent to it; exported as GuidelinesConsentRoutes
// (see ../routes.ts).

export const document = '/guidelinesDocuments/:guidelinesDocumentId';
export const consent = '/guidelinesDocuments/:guidelinesDocumentId/consent';
