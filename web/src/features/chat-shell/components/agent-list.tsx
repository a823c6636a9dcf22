// The Recent or Pinned agents of the sidebar: rows of 38 px that open a new chat, with a pin toggle.
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useGetAgentsQuery } from '../api/get-agents.api';
import { useChatRoute } from '../hooks/use-chat-route';
import { usePinAgent } from '../hooks/use-pin-agent';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { AgentPinButton } from './agent-pin-button';
import { RowHeight } from './conversation-row';

export function AgentList({ kind, onNavigate }: { kind: 'recent' | 'pinned'; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { gptSystemId: currentId } = useChatRoute();
  const { data, isLoading, isError } = useGetAgentsQuery(kind);
  const pin = usePinAgent({ unpinNotice: kind === 'recent' });

  if (isLoading) return <Skeleton height={RowHeight} />;
  if (isError) return <EmptyState dense text={t('chat.agentsError')} />;
  const agents = data?.items ?? [];
  if (agents.length === 0) return <EmptyState dense text={t(kind === 'recent' ? 'chat.emptyRecent' : 'chat.emptyPinned')} />;

  return (
    <Box component="ul" aria-label={t(kind === 'recent' ? 'chat.tabRecent' : 'chat.tabPinned')} sx={{ listStyle: 'none', m: 0, p: 0, mx: -1 }}>
      {agents.map((agent) => (
        <Box component="li" key={agent.gptSystemId} sx={{ height: RowHeight, display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <ListItemButton
            component={RouterLink}
            to={`/chat/${agent.gptSystemId}`}
            onClick={onNavigate}
            selected={agent.gptSystemId === currentId}
            aria-label={t('chat.startChatWith', { name: agent.name })}
            sx={{ height: 34, borderRadius: 1, px: 1, gap: 1, minWidth: 0 }}
          >
            <AgentAvatar gptSystemId={agent.gptSystemId} name={agent.name} avatarUrl={agent.avatarUrl} />
            <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
              {agent.name}
            </Typography>
            {agent.gptSystemType === 'System' && <VerifiedIcon titleAccess={t('chat.verifiedAgent')} color="primary" sx={{ fontSize: 15 }} />}
          </ListItemButton>
          <AgentPinButton name={agent.name} pinned={agent.isPinned} busy={pin.isBusy(agent.gptSystemId)} onToggle={() => void pin.toggle(agent)} />
        </Box>
      ))}
    </Box>
  );
}
