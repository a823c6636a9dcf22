// Guidelines constants without zod, for the browser bundle as well as the server.

/** A document's and a section's title, and a document's description. */
export const GuidelinesTitleMaxLength = 200;
export const GuidelinesDescriptionMaxLength = 500;

export const GuidelinesErrorCodes = {
  /** a chat call to an agent whose guidelines document the caller has not accepted (in its current version) */
  consentRequired: 'guidelines_consent_required',
  /** a consent naming a content version that is no longer the document's: read it again */
  versionChanged: 'guidelines_version_changed',
} as const;
