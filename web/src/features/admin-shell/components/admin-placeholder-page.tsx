// An admin page whose screens arrive in later issues: its real title, place in the admin area, and
// what it will hold.
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { hasText, useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink, useParams } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { EmptyState } from '../../../components/empty-state';
import type { AdminAreaKey } from '../admin-nav';
import { adminIcons } from './admin-icons';

export type AdminPageKind =
  'list' | 'new' | 'edit' | 'publish' | 'ux' | 'configState' | 'templates' | 'newTemplate' | 'editTemplate' | 'cards' | 'profile' | 'account' | 'tab';

export function AdminPlaceholderPage({ area, kind }: { area: AdminAreaKey; kind: AdminPageKind }) {
  const { t } = useTranslation();
  const { tab } = useParams();
  // the tab comes from the address: a known one has its name, any other shows as written
  const tabName = (name = 'apiKeys') => (hasText('admin.tabs', name) ? t(`admin.tabs.${name}`) : name);
  const areaName = area === 'moderation' ? t('admin.moderationShort') : t(`admin.${area}`);
  const title =
    area === 'moderation'
      ? t('admin.moderation')
      : kind === 'tab'
        ? t('admin.page.tab', { area: areaName, tab: tabName(tab) })
        : t(`admin.page.${kind}`, { area: areaName });
  usePageTitle(title);
  const Icon = adminIcons[area];
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Breadcrumbs aria-label="breadcrumb">
          <Link component={RouterLink} to="/admin" underline="hover" color="inherit">
            {t('admin.pageTitle')}
          </Link>
          <Typography color="text.primary">{areaName}</Typography>
        </Breadcrumbs>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
      </Stack>
      <Paper variant="outlined">
        <EmptyState
          icon={<Icon />}
          title={t(`admin.descriptions.${area}`)}
          text={t('admin.emptyPage', { area: areaName })}
          action={<Chip size="small" label={t('common.comingNext')} variant="outlined" />}
        />
      </Paper>
    </Stack>
  );
}
