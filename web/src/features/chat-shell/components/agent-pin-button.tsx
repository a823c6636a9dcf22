// The pin toggle of an agent (Recent, Pinned and the Discover page).
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';

interface AgentPinButtonProps {
  name: string;
  pinned: boolean;
  busy: boolean;
  onToggle: () => void;
}

export function AgentPinButton({ name, pinned, busy, onToggle }: AgentPinButtonProps) {
  const { t } = useTranslation();
  const label = pinned ? t('chat.unpinAgent', { name }) : t('chat.pinAgent', { name });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={pinned}
          aria-busy={busy}
          disabled={busy}
          onClick={onToggle}
          color={pinned ? 'primary' : 'default'}
        >
          {busy ? <CircularProgress size={16} /> : pinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
