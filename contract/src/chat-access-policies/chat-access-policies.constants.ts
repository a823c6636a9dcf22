// Chat access policy constants without zod, for the browser's form as well as the server's validation.

export const ChatAccessPolicyNameMaxLength = 150;
export const ChatAccessPolicyDescriptionMaxLength = 500;
