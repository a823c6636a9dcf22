// The signed-in chat's presentational parts (the question bubble, the answer with its markdown, citations and stop
// state, the message box with its limits) for the public chat, which draws the same conversation for visitors
// without the chat feature's data (features do not import each other; the parts take their data as props).
export { AnswerCard } from '../../features/chat-conversation/components/answer-card';
export { ChatInput } from '../../features/chat-conversation/components/chat-input';
export { QuestionBubble } from '../../features/chat-conversation/components/question-bubble';
export { useSanitizedHtml } from '../../features/chat-conversation/components/markdown/markdown-loader';
export { GuidelinesConsentDialog } from '../../features/chat-conversation/components/guidelines-consent-dialog';
export { SegmentFeedbackDialog } from '../../features/chat-conversation/components/segment-feedback-dialog';
export { copyText } from '../../features/chat-conversation/utils/copy-text';
