// The chat sidebar of docs/product.md §2: tabs Chats and Agents; icons only when minimised.
import AddIcon from '@mui/icons-material/Add';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';
import { useNewChat } from '../hooks/use-new-chat';
import { AgentTabs } from './agent-tabs';
import { ConversationTabs } from './conversation-tabs';

interface ChatSidebarProps {
  mini: boolean;
  onNavigate: () => void;
  allowPersonalAgents: boolean;
}

type SidebarTab = 'chats' | 'agents';

export function ChatSidebar({ mini, onNavigate, allowPersonalAgents }: ChatSidebarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tab = useAppSelector((s) => s.ui.sidebarTabs.main);
  const setTab = (main: SidebarTab) => dispatch(uiActions.selectSidebarTabs({ main }));
  const newChat = useNewChat(onNavigate);

  if (mini) {
    const expandTo = (next: SidebarTab) => () => {
      setTab(next);
      dispatch(uiActions.toggleNavMini());
    };
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
        <Tooltip title={t('chat.newChat')} placement="right">
          <IconButton aria-label={t('chat.newChat')} onClick={newChat} color="primary" sx={{ bgcolor: 'action.selected' }}>
            <AddIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('chat.tabChats')} placement="right">
          <IconButton aria-label={t('chat.tabChats')} onClick={expandTo('chats')}>
            <ChatBubbleOutline />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('chat.tabAgents')} placement="right">
          <IconButton aria-label={t('chat.tabAgents')} onClick={expandTo('agents')}>
            <SmartToyOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 }}>
      <Tabs
        value={tab}
        onChange={(_e, v: SidebarTab) => setTab(v)}
        variant="fullWidth"
        aria-label={t('chat.sidebar')}
        sx={{ mx: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="chats" label={t('chat.tabChats')} icon={<ChatBubbleOutline fontSize="small" />} iconPosition="start" />
        <Tab value="agents" label={t('chat.tabAgents')} icon={<SmartToyOutlined fontSize="small" />} iconPosition="start" />
      </Tabs>
      {tab === 'chats' ? (
        <ConversationTabs onNewChat={newChat} onNavigate={onNavigate} />
      ) : (
        <AgentTabs allowPersonalAgents={allowPersonalAgents} onNavigate={onNavigate} />
      )}
    </Box>
  );
}
