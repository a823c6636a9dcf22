// The visitor's recent conversations with the endpoint, on the full page only (the popup reopens the latest and offers
// New conversation, nothing more): a short list in the side menu, and a menu behind a button in the phone's bar. Not
// the signed-in chat's conversation lists (docs/product.md §2: public chat skips them): no search, rename or delete,
// only the few conversations this browser had, to go back to one. And the conversation's download as a text file.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { PublicEndpointDetails } from '@atrium/contract';
import { useId, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useFormatDateTime } from '../../../components/date-time';
import Tooltip from '../../../components/tooltip';

type VisitorConversationItem = PublicEndpointDetails['conversations'][number];

/** how many of the visitor's conversations are offered: the recent ones, not an archive */
export const RecentConversationsShown = 8;

interface ListProps {
  conversations: readonly VisitorConversationItem[];
  currentId: string | null;
  onOpen: (conversationId: string) => void;
}

export function RecentConversations({ conversations, currentId, onOpen }: ListProps) {
  const { t } = useTranslation();
  const when = useFormatDateTime();
  const headingId = useId();
  if (conversations.length === 0) return null;
  return (
    <List
      dense
      disablePadding
      aria-labelledby={headingId}
      subheader={
        <ListSubheader id={headingId} disableSticky disableGutters sx={{ bgcolor: 'transparent', lineHeight: 2, color: 'text.secondary' }}>
          {t('publicChat.recentConversations')}
        </ListSubheader>
      }
      sx={{ minHeight: 0, overflowY: 'auto', mx: -1 }}
    >
      {conversations.slice(0, RecentConversationsShown).map((c) => (
        <ListItemButton
          key={c.conversationId}
          selected={c.conversationId === currentId}
          aria-current={c.conversationId === currentId ? 'page' : undefined}
          onClick={() => onOpen(c.conversationId)}
          sx={{ borderRadius: 1, px: 1 }}
        >
          <ListItemText
            primary={c.title || t('publicChat.untitled')}
            secondary={when(c.lastModifiedAt)}
            slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The phone's bar: the same recent conversations behind a button. */
export function RecentConversationsButton({ conversations, currentId, onOpen }: ListProps) {
  const { t } = useTranslation();
  const when = useFormatDateTime();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (conversations.length === 0) return null;
  const label = t('publicChat.recentConversations');
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} onClick={(e) => setAnchor(e.currentTarget)}>
          <HistoryRounded />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(320px, calc(100vw - 32px))' } } }}
      >
        {conversations.slice(0, RecentConversationsShown).map((c) => (
          <MenuItem
            key={c.conversationId}
            selected={c.conversationId === currentId}
            onClick={() => {
              setAnchor(null);
              onOpen(c.conversationId);
            }}
          >
            <ListItemText primary={c.title || t('publicChat.untitled')} secondary={when(c.lastModifiedAt)} slotProps={{ primary: { noWrap: true } }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Downloads the open conversation as a text file; absent until there is one. */
export function ExportButton({ onExport, compact }: { onExport: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t('publicChat.export');
  if (compact)
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={onExport}>
          <DownloadOutlined />
        </IconButton>
      </Tooltip>
    );
  return (
    <Button variant="text" startIcon={<DownloadOutlined />} onClick={onExport} fullWidth sx={{ justifyContent: 'flex-start' }}>
      {label}
    </Button>
  );
}
