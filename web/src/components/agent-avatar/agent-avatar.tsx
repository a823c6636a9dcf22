// An agent's avatar everywhere it appears (sidebar, Discover, chat header, admin): the uploaded image
// when it loads (fetched with the bearer token), else its identicon.
import Avatar from '@mui/material/Avatar';
import { useTranslation } from '../../app/i18n/i18n';
import { useAvatarSrc } from './use-avatar-src';

export function AgentAvatar({ gptSystemId, name, avatarUrl, size = 24 }: { gptSystemId: string; name: string; avatarUrl?: string | null; size?: number }) {
  const { t } = useTranslation();
  const src = useAvatarSrc(gptSystemId, avatarUrl);
  return <Avatar src={src} alt={t('chat.agentAvatar', { name })} variant="rounded" sx={{ width: size, height: size, bgcolor: 'action.hover' }} />;
}
