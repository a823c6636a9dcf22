// The speaker button of an answer (play / stop), and, when the person reads answers as they stream (Settings), the
// hand-over of the streaming answer's text to the player. Loaded after the chat's first screen (the chat route's
// budget), the player and its audio on first use.
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import IconButton from '@mui/material/IconButton';
import { useEffect, useSyncExternalStore } from 'react';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppSelector } from '../../../app/state/hooks';
import { readAloudState, subscribeReadAloud } from './read-aloud-store';
import '../read-aloud-texts';

const player = () => import('./read-aloud-player');

interface ReadAloudButtonProps {
  conversationId: string;
  segmentId: string;
  answer: string;
  streaming?: boolean;
}

export default function ReadAloudButton({ conversationId, segmentId, answer, streaming = false }: ReadAloudButtonProps) {
  const { t } = useTranslation();
  const auto = useAppSelector((s) => s.settings.readAloud);
  const voice = useAppSelector((s) => s.settings.readAloudVoice);
  const key = `${conversationId}/${segmentId}`;
  const reading = useSyncExternalStore(subscribeReadAloud, () => readAloudState.reading === key);
  const target = { conversationId, segmentId };

  // while it streams, each new piece; once it has ended (the saved answer replaces the streamed one), its end
  useEffect(() => {
    if (!auto || !answer || (!streaming && readAloudState.following !== key)) return;
    void player().then((p) => p.follow({ conversationId, segmentId }, answer, !streaming, voice));
  }, [auto, answer, streaming, key, conversationId, segmentId, voice]);

  if (streaming && !reading) return null;
  const label = reading ? t('readAloud.stop') : t('readAloud.play');
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} aria-pressed={reading} onClick={() => void player().then((p) => p.toggle(target, answer, voice))}>
        {reading ? <StopCircleOutlined fontSize="small" color="primary" /> : <VolumeUpOutlined fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
