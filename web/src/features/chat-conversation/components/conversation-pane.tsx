// The main pane of the chat page: the agent's header, the selected branch of the conversation (or the
// introduction when empty), the answer being streamed, and the input. The page follows the answer as it
// grows (use-follow-output.ts); an agent or conversation that cannot be used says so (chat-availability.ts).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FeedbackType, Segment } from '@atrium/contract';
import { skipToken } from '@reduxjs/toolkit/query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
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
import { useFollowOutput } from '../hooks/use-follow-output';
import { useAnswerResume } from '../hooks/use-answer-resume';
import { chatAvailability } from '../utils/chat-availability';
import { hasSegment, selectedBranch, siblingIds } from '../utils/segment-tree';
import { AgentIntro } from './agent-intro';
import { AnswerCard } from './answer-card';
import { ChatInput } from './chat-input';
import { ConversationActions } from './conversation-actions';

// opened by few visits: loaded on first opening
// shown only when something is wrong, once the reader scrolls up, while code runs, or to administrators under
// an offline answer: not in the first load (bench/README.md, the chat route's initial JavaScript)
const ChatUnavailable = lazy(() => import('./chat-unavailable').then((m) => ({ default: m.ChatUnavailable })));
const JumpToLatest = lazy(() => import('./jump-to-latest').then((m) => ({ default: m.JumpToLatest })));
const CodeInterpreterOutput = lazy(() => import('./code-interpreter-output').then((m) => ({ default: m.CodeInterpreterOutput })));
const ConnectModelLink = lazy(() => import('./connect-model-link').then((m) => ({ default: m.ConnectModelLink })));
const SegmentFeedbackDialog = lazy(() => import('./segment-feedback-dialog').then((m) => ({ default: m.SegmentFeedbackDialog })));
// the speaker button of each answer (docs/speech.md)
const ReadAloudButton = lazy(() => import('../read-aloud/read-aloud-button'));
// the talking avatar (docs/speech.md, "Avatar"): shown only when the server offers it
const SpeechAvatar = lazy(() => import('../speech-avatar/speech-avatar'));
const ReportAnswerDialog = lazy(() => import('./report-answer-dialog').then((m) => ({ default: m.ReportAnswerDialog })));
const ExecutionDetailsDrawer = lazy(() => import('./execution-details-drawer').then((m) => ({ default: m.ExecutionDetailsDrawer })));
import { QuestionBubble } from './question-bubble';
import '../chat-notices-texts';

/** What the server said went wrong with a failed answer (turn-settle.ts logs it as the segment's Error entry). */
const failureOf = (segment: Segment) => segment.executionLogs.findLast((l) => l.isError && l.executionLogType === 'Error')?.message ?? null;

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
  useAnswerResume(conversationId, fullBranch, chat.streamStatus === 'Idle');
  const streamedLoaded = hasSegment(conversation, streamed?.conversationSegmentId ?? null);
  const showStreamed = !!streamed && !streamedLoaded;
  // The streamed answer takes the place after its parent (a follow-up, an edit or a regeneration).
  const branch = useMemo(() => {
    if (!showStreamed || !streamed) return fullBranch;
    const cut = streamed.parentSegmentId === null ? 0 : fullBranch.findIndex((s) => s.conversationSegmentId === streamed.parentSegmentId) + 1;
    return fullBranch.slice(0, cut);
  }, [fullBranch, showStreamed, streamed]);
  // the header names the model that answered the branch on screen (its latest answer; branches answered
  // before the agent changed model differ), else the one the agent answers with now
  const answeredBy = branch.findLast((s) => s.answeredWithModel)?.answeredWithModel?.displayName ?? details.data?.modelDisplayName;

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
  const [reportFor, setReportFor] = useState<{ gptSystemId: string; conversationId: string; conversationSegmentId: string } | null>(null);

  // Sending a question goes to the end and follows the answer; another conversation opens at its end. The
  // stream's own new conversation getting its address is no switch: a reader who scrolled up stays put.
  const content = useRef<HTMLDivElement>(null);
  const { follow, awayFromEnd } = useFollowOutput(content, conversationId, conversationId !== null && conversationId === chat.currentConversationId);
  const send = (question: string) => {
    follow();
    return actions.send(question);
  };

  // an agent the person can no longer use, a deleted or missing conversation (current data: not a previous address's)
  const availability = chatAvailability({
    gptSystemId,
    conversationId,
    details: { data: details.currentData, error: details.error },
    conversation: { data: conversationQuery.currentData, error: conversationId ? conversationQuery.error : undefined },
  });

  const onFeedback = (segment: Segment, type: FeedbackType) => {
    if (segment.feedback?.feedbackType === type) void actions.feedback(segment, type, null);
    else setFeedbackFor({ segment, type });
  };
  const empty = !conversationId && !showStreamed;

  if (availability.page) {
    const retry = () => {
      if (gptSystemId) void details.refetch();
      if (conversationId) void conversationQuery.refetch();
    };
    return (
      <Suspense fallback={null}>
        <ChatUnavailable notice={availability.page} onRetry={retry} />
      </Suspense>
    );
  }

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
              {[agentName, answeredBy].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {conversation && (
            <Suspense fallback={null}>
              <SpeechAvatar conversationId={conversation.conversationId} last={fullBranch.at(-1)} />
            </Suspense>
          )}
          {conversation && <ConversationActions onExport={() => void actions.exportTxt()} onCopy={actions.copyConversation} />}
        </Stack>
      )}
      <Box ref={content} sx={{ flexGrow: 1 }} aria-live="polite">
        {empty && <AgentIntro details={details.data} prompts={prompts.data?.items ?? []} onPick={(prompt) => !streaming && send(prompt)} />}
        <Stack spacing={3}>
          {branch.map((segment) => {
            const ids = conversation ? siblingIds(conversation, segment) : [];
            // the answer just given keeps its code output open; any other shows the one kept with it, collapsed
            const liveCode = segment.conversationSegmentId === chat.currentConversationSegmentId && chat.codeInterpreter.responseText;
            return (
              <Stack key={segment.conversationSegmentId} spacing={1.5}>
                <QuestionBubble
                  question={segment.question}
                  images={segment.visionImages}
                  attachments={segment.attachments}
                  disabled={streaming}
                  siblings={{ index: ids.indexOf(segment.conversationSegmentId), count: ids.length, onMove: (d) => actions.moveBranch(segment, d) }}
                  // a first question's edit is a new root (lineage with a null parent)
                  onEdit={(q) => {
                    follow();
                    actions.edit(segment, q);
                  }}
                />
                {(liveCode || segment.codeInterpreterOutput) && (
                  <Suspense fallback={null}>
                    <CodeInterpreterOutput text={liveCode || segment.codeInterpreterOutput!} updating={false} collapsed={!liveCode} />
                  </Suspense>
                )}
                <AnswerCard
                  answer={segment.answer}
                  citations={segment.citations}
                  stopped={segment.status === 'Aborted'}
                  // ended by the server's crash recovery rather than by the person (an execution log says so)
                  interrupted={segment.status === 'Aborted' && segment.executionLogs.some((l) => l.executionLogType === 'Interrupted')}
                  failed={segment.status === 'Failed'}
                  failureMessage={segment.status === 'Failed' ? failureOf(segment) : null}
                  modelName={segment.answeredWithModel?.displayName}
                  feedback={segment.feedback?.feedbackType ?? null}
                  readAloud={
                    conversationId && (
                      <Suspense fallback={null}>
                        <ReadAloudButton conversationId={conversationId} segmentId={segment.conversationSegmentId} answer={segment.answer} />
                      </Suspense>
                    )
                  }
                  actions={{
                    onCopy: () => actions.copyAnswer(segment),
                    onRegenerate: () => {
                      follow();
                      actions.regenerate(segment);
                    },
                    onFeedback: (type) => onFeedback(segment, type),
                    onReport: () =>
                      conversation?.gptSystem &&
                      setReportFor({
                        gptSystemId: conversation.gptSystem.gptSystemId,
                        conversationId: conversation.conversationId,
                        conversationSegmentId: segment.conversationSegmentId,
                      }),
                    onDetails: () => conversationId && setDetailsFor({ conversationId, segmentId: segment.conversationSegmentId }),
                    disabled: streaming,
                  }}
                />
                {segment.answeredWithModel?.category === 'Offline' && (
                  <Suspense fallback={null}>
                    <ConnectModelLink />
                  </Suspense>
                )}
              </Stack>
            );
          })}
          {showStreamed && streamed && (
            <Stack spacing={1.5}>
              <QuestionBubble question={streamed.question} images={streamed.visionImages} attachments={streamed.attachments} />
              {chat.codeInterpreter.responseText !== '' && (
                <Suspense fallback={null}>
                  <CodeInterpreterOutput text={chat.codeInterpreter.responseText} updating={chat.codeInterpreter.updating && streaming} />
                </Suspense>
              )}
              <AnswerCard
                answer={streamed.answer}
                citations={streamed.citations}
                streaming={streaming}
                statusText={chat.statusText}
                startedAt={streamed.createdAt}
                stopped={chat.streamAborted}
                failed={streamed.errors.length > 0}
                failureMessage={streamed.errors[0]?.message}
                readAloud={
                  chat.currentConversationId &&
                  streamed.conversationSegmentId && (
                    <Suspense fallback={null}>
                      <ReadAloudButton
                        conversationId={chat.currentConversationId}
                        segmentId={streamed.conversationSegmentId}
                        answer={streamed.answer}
                        streaming={streaming}
                      />
                    </Suspense>
                  )
                }
              />
            </Stack>
          )}
        </Stack>
      </Box>
      {/* A follow-up needs the conversation it continues: sent before it has loaded (a fast typist after the
          first answer, a slow network), it went out as a new conversation. Until then the box holds it. */}
      <ChatInput
        agentName={agentName}
        streaming={streaming}
        ready={!!details.data && (!conversationId || !!conversation)}
        onSend={send}
        onStop={actions.stop}
        blocked={availability.inputBlocked && t(`chatNotices.${availability.inputBlocked}`)}
        above={
          <LazyMount open={awayFromEnd && !empty}>
            <JumpToLatest show={awayFromEnd && !empty} onClick={follow} />
          </LazyMount>
        }
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
      <LazyMount open={reportFor !== null}>
        <ReportAnswerDialog target={reportFor} onClose={() => setReportFor(null)} />
      </LazyMount>
      <LazyMount open={detailsTarget !== null}>
        <ExecutionDetailsDrawer target={detailsTarget} onClose={() => setDetailsFor(null)} />
      </LazyMount>
    </Box>
  );
}
