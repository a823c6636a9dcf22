// The Chats tab: New Chat, title search (300 ms debounce) and the History / Archived lists.
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTranslation } from '../../../app/i18n/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ConversationList } from './conversation-list';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';
import { MaxTitleLength } from '@atrium/contract';

export const SearchDebounceMs = 300;

export function ConversationTabs({ onNewChat, onNavigate }: { onNewChat: () => void; onNavigate: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.ui.sidebarTabs.chats);
  const setList = (chats: 'history' | 'archived') => dispatch(uiActions.selectSidebarTabs({ chats }));
  const search = useAppSelector((s) => s.ui.chatSearch);
  const setSearch = (text: string) => dispatch(uiActions.setChatSearch(text));
  const query = useDebouncedValue(search.trim(), SearchDebounceMs);

  return (
    <Stack spacing={1.5} sx={{ px: 2, pt: 1.5, minHeight: 0, flexGrow: 1 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onNewChat} fullWidth>
        {t('chat.newChat')}
      </Button>
      {/* an OutlinedInput, not a TextField: it has no label, and TextField brings Select into the chat route */}
      <OutlinedInput
        data-tour="search-titles"
        size="small"
        placeholder={t('chat.searchTitles')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        inputProps={{ 'aria-label': t('chat.searchTitles'), maxLength: MaxTitleLength }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
      <Tabs value={list} onChange={(_e, v: 'history' | 'archived') => setList(v)} variant="fullWidth" aria-label={t('chat.tabChats')}>
        <Tab value="history" label={t('chat.tabHistory')} />
        <Tab value="archived" label={t('chat.tabArchived')} />
      </Tabs>
      <Box
        role="tabpanel"
        data-tour="conversation-section"
        aria-label={list === 'history' ? t('chat.tabHistory') : t('chat.tabArchived')}
        sx={{ flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column', mx: -1, pb: 1 }}
      >
        <ConversationList key={list} archived={list === 'archived'} title={query} onNavigate={onNavigate} />
      </Box>
    </Stack>
  );
}
