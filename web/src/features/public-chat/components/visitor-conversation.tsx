// The visitor's chat: the introduction while empty, then the questions and answers (the signed-in chat's bubble and
// answer card: markdown, citation chips when the endpoint shows them, the stopped and failed states, copy and the
// thumbs with the same comment dialog), and the message box with the endpoint's longest question and the stop button.
// The page follows the answer as it grows. Citations show the file, page and excerpt but link nowhere: the sources
// page needs a sign-in a visitor does not have.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { FeedbackType, PublicEndpointDetails } from '@atrium/contract';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { AnswerCard, ChatInput, GuidelinesConsentDialog, QuestionBubble, SegmentFeedbackDialog, copyText } from '../../../app/slots/chat-parts';
import type { VisitorTurn } from '../hooks/visitor-chat.reducer';
import type { useVisitorChat } from '../hooks/use-visitor-chat';
import { VisitorIntro } from './visitor-intro';
import { BotCheckWidget } from './bot-check-widget';
import { VisitorImageButton, type PickedImage } from './visitor-image-button';

interface VisitorConversationProps {
  details: PublicEndpointDetails;
  chat: ReturnType<typeof useVisitorChat>;
  /** the visitor's session (the images' uploads name it) */
  sessionIdentifier: string;
}

export function VisitorConversation({ details, chat, sessionIdentifier }: VisitorConversationProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const end = useRef<HTMLDivElement>(null);
  const last = chat.turns.at(-1);
  // follow the answer while it streams, and a newly sent question
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.turns.length, last?.answer.length, last?.status]);

  // The first question of a conversation waits for consent to the agent's guidelines where the endpoint asks it; the
  // consent goes with that question (nothing about the visitor is stored). Cancel puts the question back in the box.
  const guidelines = details.requireGuidelinesConsent ? (details.guidelines ?? null) : null;
  const [consenting, setConsenting] = useState<{ question: string; settle: (sent: boolean) => void } | null>(null);
  // A new conversation's first question carries the bot check's token where the details ask one (the session has not
  // passed yet). A token is good once: the widget is drawn afresh after each question sent with one.
  const firstQuestion = !chat.conversationId && chat.turns.length === 0;
  const botCheck = firstQuestion ? (details.botCheck ?? null) : null;
  const [botToken, setBotToken] = useState<string | null>(null);
  const [botRound, setBotRound] = useState(0);
  const [botHint, setBotHint] = useState(false);
  // images for the next question: where the deployment reads them, once no bot check is pending (an upload needs the
  // session's pass, which the first question's check gives; the details are read again after it)
  const imagesOn = details.acceptsImages === true && !details.botCheck;
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imagesBusy, setImagesBusy] = useState(false);
  const takeImages = () => {
    const ids = images.map((i) => i.image.visionImageId);
    setImages([]);
    return ids;
  };
  const askFirst = (question: string, guidelinesConsent: boolean) => {
    void chat.ask(question, { guidelinesConsent, botCheckToken: botCheck ? botToken : null, visionImageIds: takeImages() });
    if (botCheck) {
      setBotToken(null);
      setBotRound((r) => r + 1);
    }
  };
  const send = (question: string): boolean | Promise<boolean> => {
    if (chat.streaming || imagesBusy) return false;
    if (botCheck && !botToken) {
      // the question stays in the box (a refused promise puts it back) until the widget has given a token
      setBotHint(true);
      return Promise.resolve(false);
    }
    if (!firstQuestion) {
      void chat.ask(question, { visionImageIds: takeImages() });
      return true;
    }
    if (!guidelines) {
      askFirst(question, false);
      return true;
    }
    return new Promise<boolean>((settle) => setConsenting({ question, settle }));
  };
  const consentDocument = useMemo(
    () =>
      guidelines && {
        guidelinesDocumentId: details.gptSystemId,
        documentTitle: guidelines.documentTitle,
        contentVersion: '',
        sections: [{ documentSectionId: 'guidelines', title: '', content: guidelines.text, sortOrder: 0 }],
        consent: null,
        consentRequired: true,
      },
    [guidelines, details.gptSystemId],
  );

  // a thumb the answer already has takes it back; another asks for an optional comment first (as in the signed-in chat)
  const [feedbackFor, setFeedbackFor] = useState<{ segmentId: string; type: FeedbackType } | null>(null);
  const giveFeedback = async (segmentId: string, type: FeedbackType, comment: string | null) => {
    if (!(await chat.feedback(segmentId, type, comment))) enqueueSnackbar(t('conversation.feedbackFailed'), { variant: 'error' });
    else if (comment !== null) enqueueSnackbar(t('conversation.feedbackSaved'), { variant: 'success' });
  };
  const onFeedback = (turn: VisitorTurn, type: FeedbackType) => {
    if (!turn.segmentId) return;
    if (turn.feedback === type) void giveFeedback(turn.segmentId, type, null);
    else setFeedbackFor({ segmentId: turn.segmentId, type });
  };
  const copy = async (text: string) => {
    if (await copyText(text)) enqueueSnackbar(t('conversation.copied'), { variant: 'success' });
    else enqueueSnackbar(t('conversation.copyFailed'), { variant: 'error' });
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: '100%', maxWidth: 860, width: '100%', mx: 'auto', px: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ flexGrow: 1, pt: 2 }} aria-live="polite">
        {chat.openFailed && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('publicChat.openFailed')}
          </Alert>
        )}
        {chat.opening ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('publicChat.opening')} />
          </Box>
        ) : (
          chat.turns.length === 0 && <VisitorIntro details={details} onPick={send} />
        )}
        <Stack spacing={3}>
          {chat.turns.map((turn, i) => (
            <Stack key={`${i}-${turn.createdAt}`} spacing={1.5}>
              <QuestionBubble question={turn.question} />
              <AnswerCard
                answer={turn.answer}
                citations={details.showCitations ? turn.citations : []}
                streaming={turn.status === 'streaming'}
                statusText={turn.statusText}
                startedAt={turn.createdAt}
                stopped={turn.status === 'stopped'}
                failed={turn.status === 'failed'}
                failureMessage={turn.failure ?? t('publicChat.answerRefused')}
                feedback={turn.feedback}
                sourceLinks={false}
                actions={
                  turn.status === 'streaming' || !turn.segmentId
                    ? undefined
                    : { onCopy: () => void copy(turn.answer), onFeedback: (type) => onFeedback(turn, type), disabled: chat.streaming }
                }
              />
            </Stack>
          ))}
        </Stack>
        <div ref={end} />
      </Box>
      {botCheck && (
        <>
          <BotCheckWidget
            key={botRound}
            provider={botCheck.provider}
            siteKey={botCheck.siteKey}
            scriptUrl={botCheck.scriptUrl}
            onToken={(token) => {
              setBotToken(token);
              if (token) setBotHint(false);
            }}
          />
          {botHint && (
            <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
              {t('publicChat.botCheckFirst')}
            </Alert>
          )}
        </>
      )}
      {imagesOn && (
        <VisitorImageButton
          endpointName={details.endpointName}
          sessionIdentifier={sessionIdentifier}
          images={images}
          onChange={setImages}
          onBusy={setImagesBusy}
          disabled={chat.streaming}
        />
      )}
      <ChatInput agentName={details.name} streaming={chat.streaming} onSend={send} onStop={chat.stop} maxLength={details.maxQuestionLength} tools={false} />
      <SegmentFeedbackDialog
        feedbackType={feedbackFor?.type ?? null}
        onClose={() => setFeedbackFor(null)}
        onSubmit={(type, comment) => {
          if (feedbackFor) void giveFeedback(feedbackFor.segmentId, type, comment);
          setFeedbackFor(null);
        }}
      />
      {consentDocument && (
        <GuidelinesConsentDialog
          document={consenting ? consentDocument : null}
          agentName={details.name}
          busy={false}
          error={null}
          onAccept={() => {
            if (!consenting) return;
            askFirst(consenting.question, true);
            consenting.settle(true);
            setConsenting(null);
          }}
          onCancel={() => {
            consenting?.settle(false);
            setConsenting(null);
          }}
        />
      )}
    </Box>
  );
}
