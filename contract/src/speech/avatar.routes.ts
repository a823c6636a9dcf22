// Paths of the talking avatar of a conversation (docs/speech.md, "Avatar"), exported as AvatarRoutes (see ../routes.ts).

/** GET: whether the talking avatar can be used here (an Azure AI Speech deployment) */
export const options = '/speech/avatar';
/** GET: the ICE servers (Azure's TURN relay) the browser's RTCPeerConnection uses */
export const iceServers = '/userConversations/:conversationId/textToSpeechVideo/iceServers';
/** POST {localSdp}: opens the avatar of the conversation with the browser's WebRTC offer; answers {remoteSdp} */
export const connect = '/userConversations/:conversationId/textToSpeechVideo/connect';
/** POST {segmentId, sentence?}: the avatar speaks (a sentence of) an answer of the person's conversation */
export const speak = '/userConversations/:conversationId/textToSpeechVideo/speak';
/** POST: the avatar stops speaking (and forgets what it was still to say) */
export const stopSpeaking = '/userConversations/:conversationId/textToSpeechVideo/stopSpeaking';
/** POST: closes the avatar of the conversation */
export const disconnect = '/userConversations/:conversationId/textToSpeechVideo/disconnect';
