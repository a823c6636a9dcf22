// The talking avatar of the chat (docs/speech.md, "Avatar"): a button in the conversation's header, shown only when the
// server offers the avatar (an Azure AI Speech deployment), that opens a small floating panel with the avatar's video.
// Connected, the avatar speaks each answer that finishes after it came; the panel has Speak the last answer, Stop
// speaking and Disconnect. Loaded after the chat's first screen (the chat route's budget).
import CallEndOutlined from '@mui/icons-material/CallEndOutlined';
import Close from '@mui/icons-material/Close';
import FaceOutlined from '@mui/icons-material/FaceOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Segment } from '@atrium/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { avatarOptions, AvatarError, connectAvatar, hasWebRtc, type AvatarConnection } from './avatar-connection';
import './speech-avatar-texts';

type AvatarState = { kind: 'closed' } | { kind: 'connecting' } | { kind: 'connected'; playing: boolean } | { kind: 'error'; message: string };

// asked once per page: whether the server offers the avatar (an administrator adding one is seen after a reload)
let available: Promise<boolean> | null = null;
const isAvailable = () =>
  (available ??= avatarOptions().then(
    (o) => !!o?.available,
    () => false,
  ));

interface SpeechAvatarProps {
  conversationId: string;
  /** the newest segment of the branch on screen: its answer, once finished, is spoken when it changes while connected */
  last: Segment | undefined;
}

export default function SpeechAvatar({ conversationId, last }: SpeechAvatarProps) {
  const { t } = useTranslation();
  const latestAnswerId = last?.status === 'Success' ? last.conversationSegmentId : null;
  const [offered, setOffered] = useState(false);
  const [state, setState] = useState<AvatarState>({ kind: 'closed' });
  const [notice, setNotice] = useState<string | null>(null);
  const connection = useRef<AvatarConnection | null>(null);
  // each open or close starts a new attempt: a connect that ends after its panel was closed is let go
  const attempt = useRef(0);
  const video = useRef<HTMLVideoElement | null>(null);
  // the answer last spoken (or on screen when the avatar came): a later one is spoken
  const heard = useRef<string | null>(latestAnswerId);

  useEffect(() => {
    let live = true;
    void isAvailable().then((yes) => live && setOffered(yes && hasWebRtc()));
    return () => {
      live = false;
    };
  }, []);

  const close = useCallback(() => {
    attempt.current++;
    connection.current?.close();
    connection.current = null;
    setNotice(null);
    setState({ kind: 'closed' });
  }, []);

  // another conversation (or leaving the chat) closes this one's avatar
  useEffect(() => close, [conversationId, close]);

  const open = async () => {
    connection.current?.close();
    connection.current = null;
    const mine = ++attempt.current;
    setNotice(null);
    setState({ kind: 'connecting' });
    heard.current = latestAnswerId;
    try {
      const c = await connectAvatar(conversationId, t('speechAvatar.failed'), () => {
        if (connection.current !== c) return;
        connection.current.close();
        connection.current = null;
        setState({ kind: 'error', message: t('speechAvatar.lost') });
      });
      if (attempt.current !== mine) return c.close();
      connection.current = c;
      setState({ kind: 'connected', playing: false });
    } catch (error) {
      if (attempt.current === mine) setState({ kind: 'error', message: error instanceof AvatarError ? error.message : t('speechAvatar.failed') });
    }
  };

  // the stream goes into the video element once it is on screen
  const connected = state.kind === 'connected';
  useEffect(() => {
    if (connected && video.current && connection.current) video.current.srcObject = connection.current.stream;
  }, [connected]);

  const speak = useCallback(
    (segmentId: string) => {
      heard.current = segmentId;
      setNotice(null);
      connection.current?.speak(segmentId).catch((e: unknown) => setNotice(e instanceof AvatarError ? e.message : t('speechAvatar.speakFailed')));
    },
    [t],
  );

  useEffect(() => {
    if (connected && latestAnswerId && latestAnswerId !== heard.current) speak(latestAnswerId);
  }, [connected, latestAnswerId, speak]);

  if (!offered) return null;
  const label = t('speechAvatar.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-pressed={state.kind !== 'closed'} onClick={() => (state.kind === 'closed' ? void open() : close())}>
          <FaceOutlined color={state.kind === 'connected' ? 'primary' : undefined} />
        </IconButton>
      </Tooltip>
      {state.kind !== 'closed' && (
        <Paper
          elevation={8}
          role="region"
          aria-label={t('speechAvatar.title')}
          sx={{
            position: 'fixed',
            zIndex: (theme) => theme.zIndex.speedDial,
            // a picture in the picture, clear of the input: a phone's top under the app bar; wider screens' top right
            // corner under the conversation's header
            top: { xs: 64, sm: 168 },
            left: { xs: 8, sm: 'auto' },
            right: { xs: 8, sm: 24 },
            width: { sm: 340 },
            p: 1.5,
          }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
              {t('speechAvatar.title')}
            </Typography>
            <Tooltip title={t('speechAvatar.close')}>
              <IconButton size="small" aria-label={t('speechAvatar.close')} onClick={close}>
                <Close fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
          {state.kind === 'error' ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void open()}>
                  {t('speechAvatar.retry')}
                </Button>
              }
            >
              {state.message}
            </Alert>
          ) : (
            <>
              <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
                {connected && (
                  <video
                    ref={video}
                    autoPlay
                    playsInline
                    aria-label={t('speechAvatar.title')}
                    onPlaying={() => setState((s) => (s.kind === 'connected' ? { kind: 'connected', playing: true } : s))}
                    style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                )}
                {(state.kind === 'connecting' || (connected && !state.playing)) && (
                  <Stack
                    role="status"
                    spacing={1}
                    sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', color: 'common.white' }}
                  >
                    <CircularProgress size={28} color="inherit" />
                    <Typography variant="caption">{state.kind === 'connecting' ? t('speechAvatar.connecting') : t('speechAvatar.starting')}</Typography>
                  </Stack>
                )}
              </Box>
              {notice && (
                <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setNotice(null)}>
                  {notice}
                </Alert>
              )}
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {t('speechAvatar.hint')}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  startIcon={<ReplayOutlined />}
                  disabled={!connected || !latestAnswerId}
                  onClick={() => latestAnswerId && speak(latestAnswerId)}
                >
                  {t('speechAvatar.speakLast')}
                </Button>
                <Button
                  size="small"
                  startIcon={<StopCircleOutlined />}
                  disabled={!connected}
                  onClick={() =>
                    connection.current?.stopSpeaking().catch((e: unknown) => setNotice(e instanceof AvatarError ? e.message : t('speechAvatar.failed')))
                  }
                >
                  {t('speechAvatar.stopSpeaking')}
                </Button>
                <Button size="small" color="error" startIcon={<CallEndOutlined />} disabled={state.kind === 'connecting'} onClick={close}>
                  {t('speechAvatar.disconnect')}
                </Button>
              </Stack>
            </>
          )}
        </Paper>
      )}
    </>
  );
}
