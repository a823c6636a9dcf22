// The conversation menu: Archive or Unarchive as fitting, Rename, Delete (docs/product.md §2).
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import type { ConversationListItem } from '@atrium/contract';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from '../../../app/i18n/i18n';

interface ConversationMenuProps {
  anchor: HTMLElement | null;
  conversation: ConversationListItem | null;
  onClose: () => void;
  onArchive: (archived: boolean) => void;
  onRename: () => void;
  onDelete: () => void;
}

export function ConversationMenu({ anchor, conversation, onClose, onArchive, onRename, onDelete }: ConversationMenuProps) {
  const { t } = useTranslation();
  const archived = conversation?.archived ?? false;
  const pick = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Menu anchorEl={anchor} open={anchor !== null && conversation !== null} onClose={onClose} slotProps={{ list: { dense: true } }}>
      <MenuItem onClick={pick(() => onArchive(!archived))}>
        <ListItemIcon>{archived ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}</ListItemIcon>
        {archived ? t('chat.unarchive') : t('chat.archive')}
      </MenuItem>
      <MenuItem onClick={pick(onRename)}>
        <ListItemIcon>
          <EditOutlined fontSize="small" />
        </ListItemIcon>
        {t('chat.rename')}
      </MenuItem>
      <MenuItem onClick={pick(onDelete)} sx={{ color: 'error.main' }}>
        <ListItemIcon sx={{ color: 'inherit' }}>
          <DeleteOutline fontSize="small" />
        </ListItemIcon>
        {t('chat.delete')}
      </MenuItem>
    </Menu>
  );
}
