// The account menu itself (docs/product.md §2 Account menu): loaded the first time the account button is pressed.
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Logout from '@mui/icons-material/Logout';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { canSeeAdmin } from '@atrium/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useNavigate } from 'react-router';
import { signOut } from '../../../app/auth/session.thunks';
import { useFeatureFlag, useInstanceSettings } from '../../../app/hooks/use-instance';
import { useResolvedActions } from '../../../app/hooks/use-resolved-actions';
import { useAppDispatch } from '../../../app/state/hooks';
import { uiActions, type RightPanel } from '../../../app/state/ui.slice';

interface AccountMenuPopupProps {
  anchor: HTMLElement | null;
  name: string;
  email: string;
  onClose: () => void;
}

export function AccountMenuPopup({ anchor, name, email, onClose: close }: AccountMenuPopupProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { actions } = useResolvedActions();
  const showReleaseNotes = useFeatureFlag('ShowReleaseNotes');
  const releaseNotesUrl = useInstanceSettings().settings?.releaseNotesUrl ?? null;

  const go = (path: string) => () => {
    close();
    void navigate(path);
  };
  const open = (panel: RightPanel) => () => {
    close();
    dispatch(uiActions.openPanel(panel));
  };
  const logout = async () => {
    close();
    await dispatch(signOut());
    void navigate('/auth/jwt/login', { replace: true });
  };
  const item = (label: string, icon: ReactNode, onClick: () => void) => (
    <MenuItem onClick={onClick} aria-label={label}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 260, mt: 1 } }, list: { 'aria-label': t('account.menu') } }}
    >
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle2" noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {email}
        </Typography>
      </Box>
      <Divider />
      {item(t('account.chat'), <ChatBubbleOutline fontSize="small" />, go('/chat'))}
      {canSeeAdmin(actions) && item(t('account.admin'), <AdminPanelSettingsOutlined fontSize="small" />, go('/admin'))}
      {item(t('account.settings'), <SettingsOutlined fontSize="small" />, open('settings'))}
      {item(t('account.about'), <InfoOutlined fontSize="small" />, open('about'))}
      {showReleaseNotes && releaseNotesUrl && (
        <MenuItem component="a" href={releaseNotesUrl} target="_blank" rel="noopener noreferrer" onClick={close}>
          <ListItemIcon>
            <NewReleasesOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('account.releaseNotes')}</ListItemText>
        </MenuItem>
      )}
      <Divider />
      {item(t('account.logout'), <Logout fontSize="small" />, () => void logout())}
    </Menu>
  );
}
