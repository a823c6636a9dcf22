// Paths of the user conversations API (docs/wire-protocol.md), exported as ConversationRoutes (see ../routes.ts).
// One export per path, so that the browser bundle keeps only the paths it calls.

export const conversations = '/userConversations';
export const archived = '/userConversations/archived';
/** POST: a new conversation's first question (streamed) */
export const byGptSystem = '/userConversations/byGptSystemId/:gptSystemId';
export const conversation = '/userConversations/:conversationId';
/** POST: a follow-up question (streamed) */
export const segments = '/userConversations/:conversationId/segments';
/** POST: the answer again (streamed) */
export const regenerate = '/userConversations/:conversationId/segments/:segmentId/regenerate';
export const archive = '/userConversations/:conversationId/archive';
export const unArchive = '/userConversations/:conversationId/unArchive';
/** PUT with the conversation's id in the body (older clients) */
export const updateTitle = '/userConversations/updateTitle';
export const conversationTitle = '/userConversations/:conversationId/updateTitle';
export const selectedLeaf = '/userConversations/:conversationId/updateSelectedLeafSegmentId';
/** GET: the selected branch as a text file */
export const exportText = '/userConversations/:conversationId/export';
export const feedback = '/userConversations/:conversationId/segments/:segmentId/feedback';
export const removeSegmentFeedback = '/userConversations/:conversationId/segments/:segmentId/removeFeedback';
/** DELETE with the segment's id in the body or query (older clients) */
export const removeFeedback = '/userConversations/:conversationId/removeFeedback';
export const citations = '/userConversations/:conversationId/citations';
export const executionDetails = '/userConversations/:conversationId/segments/:segmentId/executionDetails';
export const traceLogs = '/userConversations/:conversationId/traceLogs';
/**
 * GET: an answer's events again (resumable answers), after the last one the client saw (`Last-Event-ID` header or
 * `lastEventId` query: the count of events it read), then the rest as they come; each event carries its number (`id:`)
 */
export const segmentStream = '/userConversations/:conversationId/segments/:segmentId/stream';
/** POST: stops the answer being written, on whichever server process writes it */
export const stopSegment = '/userConversations/:conversationId/segments/:segmentId/stop';
