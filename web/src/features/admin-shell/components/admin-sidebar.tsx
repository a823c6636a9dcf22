// The admin navigation: sections and items the user's resolved actions allow; icons only when minimised.
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { NavLink } from 'react-router';
import { builtAdminAreas } from '../../../app/router/admin-pages';
import { visibleAdminNav } from '../admin-nav';
import { adminIcons } from './admin-icons';

interface AdminSidebarProps {
  mini: boolean;
  onNavigate: () => void;
  actions: readonly string[];
  showInstanceSettings: boolean;
}

export function AdminSidebar({ mini, onNavigate, actions, showInstanceSettings }: AdminSidebarProps) {
  const { t } = useTranslation();
  const sections = visibleAdminNav(actions, showInstanceSettings, builtAdminAreas);
  const link = (to: string, label: string, icon: React.ReactNode, end = false) => (
    <Tooltip key={to} title={mini ? label : ''} placement="right">
      <ListItemButton
        component={NavLink}
        to={to}
        end={end}
        onClick={onNavigate}
        aria-label={label}
        sx={{
          borderRadius: 2,
          mb: 0.5,
          minHeight: 44,
          justifyContent: mini ? 'center' : 'flex-start',
          px: mini ? 1 : 1.5,
          '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
        }}
      >
        <ListItemIcon sx={{ minWidth: mini ? 0 : 38, color: 'inherit' }}>{icon}</ListItemIcon>
        {!mini && <ListItemText primary={label} slotProps={{ primary: { fontSize: 14, fontWeight: 500 } }} />}
      </ListItemButton>
    </Tooltip>
  );

  return (
    <Box sx={{ overflowY: 'auto', px: mini ? 1 : 2, pb: 2 }}>
      {sections.map((section) => (
        <List
          key={section.key}
          aria-label={t(`admin.${section.key}`)}
          subheader={
            mini ? undefined : (
              <ListSubheader
                disableSticky
                sx={{ bgcolor: 'transparent', px: 1.5, lineHeight: '36px', fontSize: 11, fontWeight: 700, letterSpacing: 1, textTransform: 'uppercase' }}
              >
                {t(`admin.${section.key}`)}
              </ListSubheader>
            )
          }
        >
          {section.items.map((item) => {
            const Icon = adminIcons[item.key];
            return link(item.path, t(`admin.${item.key}`), <Icon fontSize="small" />);
          })}
        </List>
      ))}
      <List>{link('/chat', t('admin.backToChat'), <ArrowBack fontSize="small" />, true)}</List>
    </Box>
  );
}
