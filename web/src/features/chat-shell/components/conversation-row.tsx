// One conversation in the sidebar: its title as a link to /chat/{gptSystemId}/{conversationId}, the
// verified badge for System agents, the options button, and the inline rename input (docs/product.md §2, §5).
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { ConversationListItem } from '@atrium/contract';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '../../../components/tooltip';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { RenameMaxLength } from '../utils/conversation-title';

export const RowHeight = 38;

interface ConversationRowProps {
  conversation: ConversationListItem;
  selected: boolean;
  renaming: boolean;
  onNavigate: () => void;
  onOpenMenu: (anchor: HTMLElement, conversation: ConversationListItem) => void;
  onRename: (title: string) => void;
  onCancelRename: () => void;
}

export function ConversationRow({ conversation, selected, renaming, onNavigate, onOpenMenu, onRename, onCancelRename }: ConversationRowProps) {
  const { t } = useTranslation();
  const verified = conversation.gptSystem?.gptSystemType === 'System';
  const href = `/chat/${conversation.gptSystemId ?? ''}/${conversation.conversationId}`;

  if (renaming) return <RenameInput initial={conversation.title} onSave={onRename} onCancel={onCancelRename} label={t('chat.renameLabel')} />;

  return (
    <Box sx={{ height: RowHeight, display: 'flex', alignItems: 'center', '&:hover .row-options, & .row-options:focus-visible': { opacity: 1 } }}>
      <ListItemButton
        component={RouterLink}
        to={href}
        selected={selected}
        onClick={onNavigate}
        aria-current={selected ? 'page' : undefined}
        sx={{ height: 34, borderRadius: 1, pl: 1.25, pr: 4.5, minWidth: 0, gap: 0.75 }}
      >
        <Typography variant="body2" noWrap sx={{ flexGrow: 1, minWidth: 0 }} title={conversation.title}>
          {conversation.title}
        </Typography>
        {verified && (
          <Tooltip title={t('chat.verifiedAgent')}>
            <VerifiedIcon role="img" aria-label={t('chat.verifiedAgent')} aria-hidden={false} color="primary" sx={{ fontSize: 15, flexShrink: 0 }} />
          </Tooltip>
        )}
      </ListItemButton>
      <IconButton
        className="row-options"
        data-tour="conversation-popover"
        size="small"
        aria-label={t('chat.conversationOptions', { title: conversation.title })}
        aria-haspopup="menu"
        onClick={(e: MouseEvent<HTMLElement>) => onOpenMenu(e.currentTarget, conversation)}
        sx={{ ml: -4.25, opacity: selected ? 1 : { xs: 1, md: 0.35 } }}
      >
        <MoreHorizIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function RenameInput({ initial, label, onSave, onCancel }: { initial: string; label: string; onSave: (title: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ClickAwayListener onClickAway={onCancel}>
      <Box sx={{ height: RowHeight, display: 'flex', alignItems: 'center' }}>
        <InputBase
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value.slice(0, RenameMaxLength))}
          onFocus={(e) => e.target.select()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSave(value);
            } else if (e.key === 'Escape') onCancel();
          }}
          inputProps={{ 'aria-label': label, maxLength: RenameMaxLength }}
          sx={{
            width: '100%',
            height: 34,
            px: 1.25,
            borderRadius: 1,
            border: 1,
            borderColor: 'primary.main',
            typography: 'body2',
            bgcolor: 'background.paper',
          }}
        />
      </Box>
    </ClickAwayListener>
  );
}
