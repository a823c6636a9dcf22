// The Agents tab: View all Agents, Create a Personal Agent (when the instance allows it) and the
// Recent / Pinned lists.
import AddIcon from '@mui/icons-material/Add';
import AppsIcon from '@mui/icons-material/Apps';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { AgentList } from './agent-list';
import { LazyMount } from '../../../components/lazy-mount';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';

// the popover, its form and jdenticon load when it first opens, not with the chat route
const QuickCreatePopover = lazy(() => import('./quick-create-popover'));

export function AgentTabs({ allowPersonalAgents, onNavigate }: { allowPersonalAgents: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.ui.sidebarTabs.agents);
  const setList = (agents: 'recent' | 'pinned') => dispatch(uiActions.selectSidebarTabs({ agents }));
  const [createAnchor, setCreateAnchor] = useState<HTMLElement | null>(null);

  return (
    <Stack spacing={1.5} sx={{ px: 2, pt: 1.5, pb: 2, minHeight: 0, flexGrow: 1, overflowY: 'auto' }}>
      <Button
        variant="contained"
        startIcon={<AppsIcon />}
        fullWidth
        onClick={() => {
          onNavigate();
          void navigate('/chat/agents');
        }}
      >
        {t('chat.viewAllAgents')}
      </Button>
      {allowPersonalAgents && (
        <>
          {/* one line in the 280 px sidebar: less padding than MUI's, and no wrapping */}
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            fullWidth
            onClick={(e) => setCreateAnchor(e.currentTarget)}
            sx={{ whiteSpace: 'nowrap', px: 1, '& .MuiButton-startIcon': { mr: 0.75 } }}
          >
            {t('chat.createPersonalAgent')}
          </Button>
          <LazyMount open={createAnchor !== null}>
            <QuickCreatePopover anchor={createAnchor} onClose={() => setCreateAnchor(null)} />
          </LazyMount>
        </>
      )}
      <Tabs value={list} onChange={(_e, v: 'recent' | 'pinned') => setList(v)} variant="fullWidth" aria-label={t('chat.tabAgents')}>
        <Tab value="recent" label={t('chat.tabRecent')} />
        <Tab value="pinned" label={t('chat.tabPinned')} />
      </Tabs>
      <div role="tabpanel" aria-label={list === 'recent' ? t('chat.tabRecent') : t('chat.tabPinned')}>
        <AgentList key={list} kind={list} onNavigate={onNavigate} />
      </div>
    </Stack>
  );
}
