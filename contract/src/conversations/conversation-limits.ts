// Limits of conversations, zod-free so that the web's fields use the numbers the server's schemas check.
export const MaxQuestionLength = 32000;
export const MaxTitleLength = 200;
export const MaxFeedbackCommentLength = 2000;
/** A new conversation's title is its first question, cut to this length, until a generated one replaces it. */
export const InitialTitleLength = 100;
