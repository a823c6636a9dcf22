// The admin navigation: sections and items the user's resolved actions allow; icons only when minimised. Moderation
// shows how many reports are open (the overview's moderation counter).
import '../admin-shell-texts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '../../../components/tooltip';
import { useTranslation } from '../../../app/i18n/i18n';
import { NavLink } from 'react-router';
import { builtAdminAreas } from '../../../app/router/admin-pages';
import { canOpenAdminArea, visibleAdminNav } from '../admin-nav';
import { useGetAdminOverviewQuery } from '../api/admin-overview.api';
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
  const moderates = builtAdminAreas.has('moderation') && canOpenAdminArea('moderation', actions, showInstanceSettings);
  // new reports come in while a moderator works elsewhere in the admin area: asked again every minute
  const { data: overview } = useGetAdminOverviewQuery(undefined, { skip: !moderates, pollingInterval: 60_000 });
  const openReports = overview?.items.find((i) => i.key === 'moderation')?.count ?? 0;
  const link = (to: string, label: string, icon: React.ReactNode, end = false, count = 0) => (
    <Tooltip key={to} title={mini ? label : ''} placement="right">
      <ListItemButton
        component={NavLink}
        to={to}
        end={end}
        onClick={onNavigate}
        aria-label={count > 0 ? `${label}, ${t('admin.openReports', { count })}` : label}
        sx={{
          borderRadius: 2,
          mb: 0.5,
          minHeight: 44,
          justifyContent: mini ? 'center' : 'flex-start',
          px: mini ? 1 : 1.5,
          '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
        }}
      >
        <ListItemIcon sx={{ minWidth: mini ? 0 : 38, color: 'inherit' }}>
          {mini && count > 0 ? (
            <Badge badgeContent={count} color="warning" max={99}>
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </ListItemIcon>
        {!mini && <ListItemText primary={label} slotProps={{ primary: { fontSize: 14, fontWeight: 500 } }} />}
        {!mini && count > 0 && <Chip size="small" color="warning" label={count > 99 ? '99+' : count} sx={{ height: 20, fontSize: 12, fontWeight: 600 }} />}
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
            return link(item.path, t(`admin.${item.key}`), <Icon fontSize="small" />, false, item.key === 'moderation' ? openReports : 0);
          })}
        </List>
      ))}
      <List>{link('/chat', t('admin.backToChat'), <ArrowBack fontSize="small" />, true)}</List>
    </Box>
  );
}
