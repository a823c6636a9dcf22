// Guidelines constants without zod, for the browser bundle as well as the server.

export const GuidelinesErrorCodes = {
  /** a chat call to an agent whose guidelines document the caller has not accepted (in its current version) */
  consentRequired: 'guidelines_consent_required',
  /** a consent naming a content version that is no longer the document's: read it again */
  versionChanged: 'guidelines_version_changed',
} as const;

export const GuidelinesRoutes = {
  documents: '/admin/guidelinesDocuments',
  document: (id: string) => `/admin/guidelinesDocuments/${encodeURIComponent(id)}`,
  sections: (id: string) => `/admin/guidelinesDocuments/${encodeURIComponent(id)}/sections`,
  section: (id: string, sectionId: string) => `/admin/guidelinesDocuments/${encodeURIComponent(id)}/sections/${encodeURIComponent(sectionId)}`,
  reorderSections: (id: string) => `/admin/guidelinesDocuments/${encodeURIComponent(id)}/reorderSections`,
  /** the agents a document can be attached to, for the admin picker */
  options: '/admin/guidelinesDocuments/options',
  userDocument: (id: string) => `/guidelinesDocuments/${encodeURIComponent(id)}`,
  consent: (id: string) => `/guidelinesDocuments/${encodeURIComponent(id)}/consent`,
  /** the document an agent shows, from the agent's side (GptSystemsWrite or a …WriteSpecific scope to change) */
  agentGuidelines: (gptSystemId: string) => `/admin/gptSystems/${encodeURIComponent(gptSystemId)}/guidelinesDocument`,
} as const;
