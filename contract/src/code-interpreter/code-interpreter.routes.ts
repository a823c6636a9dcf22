// Paths of the files the code interpreter produced, exported as CodeInterpreterRoutes (see ../routes.ts).

/** GET: one produced file, to the conversation's owner only (an attachment download) */
export const file = '/userConversations/:conversationId/codeInterpreterFiles/:segmentId/:fileId/:fileName';
