// An agent's avatar: the uploaded image when it loads, else its identicon.
import Avatar from '@mui/material/Avatar';
import { useTranslation } from 'react-i18next';
import { useAvatarSrc } from '../hooks/use-avatar-src';

export function AgentAvatar({ gptSystemId, name, avatarUrl, size = 24 }: { gptSystemId: string; name: string; avatarUrl?: string | null; size?: number }) {
  const { t } = useTranslation();
  const src = useAvatarSrc(gptSystemId, avatarUrl);
  return <Avatar src={src} alt={t('chat.agentAvatar', { name })} variant="rounded" sx={{ width: size, height: size, bgcolor: 'action.hover' }} />;
}
