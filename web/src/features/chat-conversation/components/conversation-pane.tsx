// The main pane of the chat page: the agent's header, the selected branch of the conversation (or the
// introduction when empty), the answer being streamed, and the input.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeedbackType, Segment } from '@atrium/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { LazyMount } from '../../../components/lazy-mount';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { chatActions } from '../../../app/state/chat.slice';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { useGetDetailsForConversationQuery, useGetPromptsForConversationQuery } from '../api/get-agent-details.api';
import { useGetConversationQuery } from '../api/get-conversation.api';
import { useConversationActions } from '../hooks/use-conversation-actions';
import { useConversationSwitch } from '../hooks/use-conversation-switch';
import { useGuidelinesConsent } from '../hooks/use-guidelines-consent';
import { hasSegment, selectedBranch, siblingIds } from '../utils/segment-tree';
import { AgentIntro } from './agent-intro';
import { AnswerCard } from './answer-card';
import { ChatInput } from './chat-input';
import { ConversationActions } from './conversation-actions';
import { CodeInterpreterOutput } from './code-interpreter-output';

// opened by few visits: loaded on first opening
const SegmentFeedbackDialog = lazy(() => import('./segment-feedback-dialog').then((m) => ({ default: m.SegmentFeedbackDialog })));
const ExecutionDetailsDrawer = lazy(() => import('./execution-details-drawer').then((m) => ({ default: m.ExecutionDetailsDrawer })));
import { QuestionBubble } from './question-bubble';

/**
 * `gptSystemId` is '' while /chat still waits for the list that names its first agent: the pane, and so
 * the input (which holds a question until the agent is ready), is there already, and stays mounted with
 * what was typed when the agent arrives.
 */
export function ConversationPane({ gptSystemId, conversationId }: { gptSystemId: string; conversationId: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useConversationSwitch(gptSystemId, conversationId);
  const details = useGetDetailsForConversationQuery(gptSystemId || skipToken);
  const prompts = useGetPromptsForConversationQuery(gptSystemId || skipToken);
  const conversationQuery = useGetConversationQuery(conversationId ?? '', { skip: !conversationId });
  const conversation = conversationId ? conversationQuery.data : undefined;
  const chat = useAppSelector((s) => s.chat);
  const streamed = chat.streamedSegment;
  const streaming = chat.streamStatus === 'Streaming';
  const agentName = details.data?.gptSystem.name ?? '';
  usePageTitle(conversation?.title ?? (agentName || t('chat.pageTitle')));

  const fullBranch = useMemo(() => selectedBranch(conversation), [conversation]);
  const streamedLoaded = hasSegment(conversation, streamed?.conversationSegmentId ?? null);
  const showStreamed = !!streamed && !streamedLoaded;
  // The streamed answer takes the place after its parent (a follow-up, an edit or a regeneration).
  const branch = useMemo(() => {
    if (!showStreamed || !streamed) return fullBranch;
    const cut = streamed.parentSegmentId === null ? 0 : fullBranch.findIndex((s) => s.conversationSegmentId === streamed.parentSegmentId) + 1;
    return fullBranch.slice(0, cut);
  }, [fullBranch, showStreamed, streamed]);

  // the app wears the agent's brand while its chat is on screen (docs/product.md §3 currentBrandKey)
  const agentBrandKey = details.data?.brandKey ?? null;
  useEffect(() => {
    dispatch(chatActions.brandChosen(agentBrandKey));
  }, [agentBrandKey, dispatch]);
  useEffect(() => () => void dispatch(chatActions.brandChosen(null)), [dispatch]);

  // Once the finished answer is part of the loaded conversation, the temporary segment goes.
  useEffect(() => {
    if (streamedLoaded && chat.streamStatus === 'Complete') dispatch(chatActions.streamReset());
  }, [streamedLoaded, chat.streamStatus, dispatch]);

  // questions wait for consent to the agent's guidelines document, if it has one
  const consent = useGuidelinesConsent(details.data);
  const actions = consent.guardActions(useConversationActions(gptSystemId, agentName, conversation, fullBranch));
  const [feedbackFor, setFeedbackFor] = useState<{ segment: Segment; type: FeedbackType } | null>(null);
  // the drawer belongs to the conversation it was opened in: switching closes it (docs/product.md §4)
  const [detailsFor, setDetailsFor] = useState<{ conversationId: string; segmentId: string } | null>(null);
  const detailsTarget = detailsFor && detailsFor.conversationId === conversationId ? detailsFor : null;

  const bottom = useRef<HTMLDivElement>(null);
  const answerLength = streamed?.answer.length ?? 0;
  useEffect(() => {
    const el = bottom.current;
    if (!el || !showStreamed) return;
    // follow the answer only while the reader stays near the end
    if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 160) el.scrollIntoView({ block: 'end' });
  }, [answerLength, showStreamed]);
  useEffect(() => {
    if (conversation) bottom.current?.scrollIntoView({ block: 'end' });
  }, [conversation?.conversationId]); // eslint-disable-line react-hooks/exhaustive-deps

  const onFeedback = (segment: Segment, type: FeedbackType) => {
    if (segment.feedback?.feedbackType === type) void actions.feedback(segment, type, null);
    else setFeedbackFor({ segment, type });
  };
  const empty = !conversationId && !showStreamed;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: { xs: 'calc(100vh - 120px)', md: 'calc(100vh - 160px)' }, maxWidth: 860, mx: 'auto' }}>
      {!empty && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', pb: 2, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          {details.data ? (
            <AgentAvatar gptSystemId={details.data.gptSystem.gptSystemId} name={agentName} avatarUrl={details.data.gptSystem.avatarUrl} size={32} />
          ) : (
            <Box sx={{ width: 32, height: 32, flexShrink: 0 }} />
          )}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h1" noWrap>
              {conversation?.title ?? streamed?.question ?? agentName}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {[agentName, details.data?.modelDisplayName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {conversation && <ConversationActions onExport={() => void actions.exportTxt()} onCopy={actions.copyConversation} />}
        </Stack>
      )}
      <Box sx={{ flexGrow: 1 }} aria-live="polite">
        {empty && <AgentIntro details={details.data} prompts={prompts.data?.items ?? []} onPick={(prompt) => !streaming && actions.send(prompt)} />}
        {conversationId && conversationQuery.isError && <Alert severity="error">{t('conversation.loadFailed')}</Alert>}
        <Stack spacing={3}>
          {branch.map((segment) => {
            const ids = conversation ? siblingIds(conversation, segment) : [];
            return (
              <Stack key={segment.conversationSegmentId} spacing={1.5}>
                <QuestionBubble
                  question={segment.question}
                  images={segment.visionImages}
                  attachments={segment.attachments}
                  disabled={streaming}
                  siblings={{ index: ids.indexOf(segment.conversationSegmentId), count: ids.length, onMove: (d) => actions.moveBranch(segment, d) }}
                  // a first question's edit is a new root (lineage with a null parent)
                  onEdit={(q) => actions.edit(segment, q)}
                />
                <AnswerCard
                  answer={segment.answer}
                  citations={segment.citations}
                  stopped={segment.status === 'Aborted'}
                  // ended by the server's crash recovery rather than by the person (an execution log says so)
                  interrupted={segment.status === 'Aborted' && segment.executionLogs.some((l) => l.executionLogType === 'Interrupted')}
                  failed={segment.status === 'Failed'}
                  modelName={segment.answeredWithModel?.displayName}
                  feedback={segment.feedback?.feedbackType ?? null}
                  actions={{
                    onCopy: () => actions.copyAnswer(segment),
                    onRegenerate: () => actions.regenerate(segment),
                    onFeedback: (type) => onFeedback(segment, type),
                    onDetails: () => conversationId && setDetailsFor({ conversationId, segmentId: segment.conversationSegmentId }),
                    disabled: streaming,
                  }}
                />
              </Stack>
            );
          })}
          {showStreamed && streamed && (
            <Stack spacing={1.5}>
              <QuestionBubble question={streamed.question} images={streamed.visionImages} attachments={streamed.attachments} />
              <CodeInterpreterOutput text={chat.codeInterpreter.responseText} updating={chat.codeInterpreter.updating && streaming} />
              <AnswerCard
                answer={streamed.answer}
                citations={streamed.citations}
                streaming={streaming}
                statusText={chat.statusText}
                stopped={chat.streamAborted}
                failed={streamed.errors.length > 0}
              />
            </Stack>
          )}
        </Stack>
        <div ref={bottom} />
      </Box>
      {/* A follow-up needs the conversation it continues: sent before it has loaded (a fast typist after the
          first answer, a slow network), it went out as a new conversation. Until then the box holds it. */}
      <ChatInput
        agentName={agentName}
        streaming={streaming}
        ready={!!details.data && (!conversationId || !!conversation)}
        onSend={actions.send}
        onStop={actions.stop}
      />
      {consent.dialog}
      <LazyMount open={feedbackFor !== null}>
        <SegmentFeedbackDialog
          feedbackType={feedbackFor?.type ?? null}
          onClose={() => setFeedbackFor(null)}
          onSubmit={(type, comment) => {
            if (feedbackFor) void actions.feedback(feedbackFor.segment, type, comment);
            setFeedbackFor(null);
          }}
        />
      </LazyMount>
      <LazyMount open={detailsTarget !== null}>
        <ExecutionDetailsDrawer target={detailsTarget} onClose={() => setDetailsFor(null)} />
      </LazyMount>
    </Box>
  );
}
