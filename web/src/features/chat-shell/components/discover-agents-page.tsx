// Discover Intelligent Agents (/chat/agents): every agent available to the user, searchable by name
// and description, with a pin toggle; choosing one starts a new chat with it.
import SearchIcon from '@mui/icons-material/Search';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import { useGetAgentsQuery } from '../api/get-agents.api';
import { usePinAgent } from '../hooks/use-pin-agent';
import { AgentAvatar } from '../../../components/agent-avatar/agent-avatar';
import { AgentPinButton } from './agent-pin-button';
import { PageHeader } from './page-header';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } };

export default function DiscoverAgentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('chat.discoverTitle'));
  const { data, isLoading, isError } = useGetAgentsQuery('available');
  const pin = usePinAgent({ unpinNotice: false });
  const [search, setSearch] = useState('');
  const agents = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const all = data?.items ?? [];
    return needle ? all.filter((a) => `${a.name}\n${a.description}`.toLocaleLowerCase().includes(needle)) : all;
  }, [data, search]);

  return (
    <>
      <PageHeader title={t('chat.discoverTitle')} />
      <TextField
        size="small"
        fullWidth
        placeholder={t('chat.searchAgents')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ mb: 3, maxWidth: 480 }}
        slotProps={{
          htmlInput: { 'aria-label': t('chat.searchAgents'), maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {isLoading ? (
        <Box sx={grid}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
      ) : isError || agents.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState icon={<TravelExploreOutlined />} text={isError ? t('chat.agentsError') : search.trim() ? t('chat.noAgentsMatch') : t('chat.noAgents')} />
        </Paper>
      ) : (
        <Box component="ul" aria-label={t('chat.discoverTitle')} sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
          {agents.map((agent) => (
            <Card component="li" key={agent.gptSystemId} variant="outlined" sx={{ position: 'relative', display: 'flex' }}>
              <CardActionArea
                component={RouterLink}
                to={`/chat/${agent.gptSystemId}`}
                aria-label={t('chat.startChatWith', { name: agent.name })}
                sx={{ p: 2, pr: 6, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 1.5 }}
              >
                <AgentAvatar gptSystemId={agent.gptSystemId} name={agent.name} avatarUrl={agent.avatarUrl} size={44} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle1" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {agent.name}
                    {agent.gptSystemType === 'System' && <VerifiedIcon titleAccess={t('chat.verifiedAgent')} color="primary" sx={{ fontSize: 16 }} />}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {agent.description}
                  </Typography>
                </Box>
              </CardActionArea>
              <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
                <AgentPinButton name={agent.name} pinned={agent.isPinned} busy={pin.isBusy(agent.gptSystemId)} onToggle={() => void pin.toggle(agent)} />
              </Box>
            </Card>
          ))}
        </Box>
      )}
    </>
  );
}
