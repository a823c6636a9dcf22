// What the user does in a conversation: ask, edit a question into a branch, regenerate, move
// between branches, give feedback, export and copy.
import type { Conversation, FeedbackType, Segment } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/state/hooks';
import { exportConversation } from '../api/export-conversation';
import { useGiveSegmentFeedbackMutation, useRemoveSegmentFeedbackMutation } from '../api/segment-feedback.api';
import { useSelectLeafSegmentMutation } from '../api/select-branch.api';
import { copyText } from '../utils/copy-text';
import { branchAsText, siblingIds } from '../utils/segment-tree';
import { abortChatStream, askChat, type AskRequest } from './chat-stream.thunks';

export function useConversationActions(gptSystemId: string, agentName: string, conversation: Conversation | undefined, branch: Segment[]) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [giveFeedback] = useGiveSegmentFeedbackMutation();
  const [removeFeedback] = useRemoveSegmentFeedbackMutation();
  const [selectLeaf] = useSelectLeafSegmentMutation();
  const conversationId = conversation?.conversationId ?? null;

  const ask = async (request: AskRequest) => {
    const createdId = await dispatch(askChat(request));
    // After the first answer of a new conversation its address becomes the conversation's: the same page,
    // where the reader stays (app/router/route-progress.tsx).
    if (request.kind === 'new' && createdId) navigate(`/chat/${gptSystemId}/${createdId}`, { state: { samePage: true } });
  };

  const copy = async (text: string) => {
    if (await copyText(text)) enqueueSnackbar(t('conversation.copied'), { variant: 'success' });
    else enqueueSnackbar(t('conversation.copyFailed'), { variant: 'error' });
  };

  return {
    send: (question: string) =>
      void ask(
        conversationId
          ? { kind: 'followUp', conversationId, question, parentSegmentId: branch.at(-1)?.conversationSegmentId ?? null, withUploads: true }
          : { kind: 'new', gptSystemId, question, withUploads: true },
      ),
    stop: () => dispatch(abortChatStream()),
    /** A new branch beside the edited question: same parent, new question. */
    edit: (segment: Segment, question: string) =>
      conversationId && void ask({ kind: 'followUp', conversationId, question, parentSegmentId: segment.lineage.parentSegmentId }),
    regenerate: (segment: Segment) =>
      conversationId &&
      void ask({
        kind: 'regenerate',
        conversationId,
        segmentId: segment.conversationSegmentId,
        question: segment.question,
        parentSegmentId: segment.lineage.parentSegmentId,
      }),
    moveBranch: (segment: Segment, delta: -1 | 1) => {
      if (!conversation) return;
      const ids = siblingIds(conversation, segment);
      const target = ids[ids.indexOf(segment.conversationSegmentId) + delta];
      if (target) void selectLeaf({ conversationId: conversation.conversationId, segmentId: target });
    },
    feedback: async (segment: Segment, feedbackType: FeedbackType, comment: string | null) => {
      if (!conversationId) return;
      const args = { conversationId, segmentId: segment.conversationSegmentId };
      const result = comment === null ? await removeFeedback(args) : await giveFeedback({ ...args, feedbackType, comment: comment || undefined });
      if (result.error) enqueueSnackbar(t('conversation.feedbackFailed'), { variant: 'error' });
      else if (comment !== null) enqueueSnackbar(t('conversation.feedbackSaved'), { variant: 'success' });
    },
    copyAnswer: (segment: { answer: string }) => void copy(segment.answer),
    copyConversation: () => conversation && void copy(branchAsText(conversation.title, branch, t('conversation.you'), agentName)),
    exportTxt: async () => {
      if (!conversation) return;
      if (!(await exportConversation(conversation.conversationId, conversation.title))) enqueueSnackbar(t('conversation.exportFailed'), { variant: 'error' });
    },
  };
}
