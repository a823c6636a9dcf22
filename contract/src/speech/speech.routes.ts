// Paths of answers read aloud, exported as SpeechRoutes (see ../routes.ts).

/** GET: what reading aloud can use here (a Speech deployment, or the browser's own voice) */
export const options = '/speech/options';
/** GET: one sentence of an answer (`?sentence=`), or the whole answer, as audio (docs/speech.md) */
export const segmentSpeech = '/userConversations/:conversationId/segments/:segmentId/speech';
