// Moderation report constants without zod, for the browser's report dialog as well as the server's validation.

/** the reasons a person may choose in the report dialog */
export const PersonModerationReasons = ['Inappropriate', 'Harmful', 'Inaccurate', 'PersonalData', 'Other'] as const;
/** Why an answer was reported; Automatic is the server's own (an agent's automatic moderation), never a person's choice. */
export const ModerationReasons = [...PersonModerationReasons, 'Automatic'] as const;
export type ModerationReason = (typeof ModerationReasons)[number];

export const ModerationReportStatuses = ['Open', 'Resolved'] as const;
export type ModerationReportStatus = (typeof ModerationReportStatuses)[number];

export const ModerationCommentMaxLength = 2000;

/** what a question an agent's automatic moderation flags is answered with when the agent sets no message of its own */
export const DefaultModerationRefusal = 'I can’t help with that request.';
