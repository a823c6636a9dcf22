// Paths of the files the code interpreter produced, exported as CodeInterpreterRoutes (see ../routes.ts).

/** GET: one produced file, to the conversation's owner only (an attachment download) */
export const file = '/userConversations/:conversationId/codeInterpreterFiles/:segmentId/:fileId/:fileName';

/** GET: the files the code interpreter made in a conversation, to its owner only */
export const openAIFiles = '/userConversations/:conversationId/openAIFiles';

/** GET: the same for an administrator's preview conversation of a configuration state */
export const previewOpenAIFiles = '/admin/gptSystems/configurationStates/:configStateId/conversations/:conversationId/openAIFiles';
