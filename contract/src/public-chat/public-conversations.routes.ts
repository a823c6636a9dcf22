// Paths of the visitor API (docs/public-chat.md, docs/wire-protocol.md), exported as PublicConversationRoutes (see
// ../routes.ts). No token: a visitor is known by the session identifier the client sends. Each call has the
// product's path (/public-conversations/…) and the older clients' (/publicConversations/…).

/** POST: a new conversation's first question (streamed); body as a new user conversation's, with session */
export const create = '/public-conversations/:endpointName';
export const createByEndpoint = '/publicConversations/byGptPublicEndpoint/:endpointName';
/** GET: the endpoint's agent, starter prompts and, with a session identifier, the visitor's conversations */
export const details = '/public-conversations/:endpointName/details';
export const detailsByEndpoint = '/publicConversations/byGptPublicEndpoint/:endpointName/details';
export const promptsForConversation = '/public-conversations/:endpointName/promptsForConversation';
export const promptsForConversationByEndpoint = '/publicConversations/byGptPublicEndpoint/:endpointName/promptsForConversation';
/** GET: a conversation the session started */
export const conversation = '/public-conversations/:conversationId';
export const conversationOlder = '/publicConversations/:conversationId';
/** POST: a follow-up question (streamed) */
export const segments = '/public-conversations/:conversationId/segments';
export const segmentsOlder = '/publicConversations/:conversationId/segments';
export const exportText = '/public-conversations/:conversationId/export';
export const exportTextOlder = '/publicConversations/:conversationId/export';
export const citations = '/public-conversations/:conversationId/citations';
export const citationsOlder = '/publicConversations/:conversationId/citations';
export const feedback = '/public-conversations/:conversationId/segments/:segmentId/feedback';
export const feedbackOlder = '/publicConversations/:conversationId/segments/:segmentId/feedback';
export const removeFeedback = '/public-conversations/:conversationId/segments/:segmentId/removeFeedback';
export const removeFeedbackOlder = '/publicConversations/:conversationId/segments/:segmentId/removeFeedback';
export const selectedLeaf = '/public-conversations/:conversationId/updateSelectedLeafSegmentId';
export const selectedLeafOlder = '/publicConversations/:conversationId/updateSelectedLeafSegmentId';
/** POST: a visitor's vision image (multipart field `file`), for a question's visionImageIds; GET: it (or its thumbnail) in base64 */
export const visionImages = '/public-conversations/:endpointName/visionImages';
export const visionImagesByEndpoint = '/publicConversations/byGptPublicEndpoint/:endpointName/visionImages';
export const visionImageBase64 = '/public-conversations/:endpointName/visionImages/:visionImageId/:blobFileName/base64';
export const visionImageBase64ByEndpoint = '/publicConversations/byGptPublicEndpoint/:endpointName/visionImages/:visionImageId/:blobFileName/base64';
