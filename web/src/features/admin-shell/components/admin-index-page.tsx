// /admin: the first-run checklist until its steps are done, the areas this user may manage with their
// counts (GET /admin/overview, only what the user may read), and shortcuts to common tasks.
import '../admin-shell-texts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { useGetAdminOverviewQuery } from '../api/admin-overview.api';
import { mayAct } from '@atrium/contract';
import { builtAdminAreas } from '../../../app/router/admin-pages';
import { visibleAdminNav } from '../admin-nav';
import { visibleShortcuts } from '../admin-shortcuts';
import { adminIcons } from './admin-icons';
import { FirstRunChecklist } from './first-run-checklist';

export function AdminIndexPage({ actions, showInstanceSettings }: { actions: readonly string[]; showInstanceSettings: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.pageTitle'));
  const sections = visibleAdminNav(actions, showInstanceSettings, builtAdminAreas);
  const shortcuts = visibleShortcuts(actions);
  // the sidebar keeps the overview subscribed: each visit of the index asks again
  const { data: overview } = useGetAdminOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const counts = new Map((overview?.items ?? []).map((i) => [i.key, i]));
  return (
    <Stack spacing={4}>
      <div>
        <Typography variant="h4" component="h1">
          {t('admin.indexTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('admin.indexText')}
        </Typography>
      </div>
      <FirstRunChecklist allowed={mayAct(actions, 'firstRun', 'read')} />
      {shortcuts.length > 0 && (
        <Stack spacing={1.5} component="section" aria-label={t('adminOverview.shortcuts')}>
          <Typography variant="overline" color="text.secondary">
            {t('adminOverview.shortcuts')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {shortcuts.map((s) => (
              <Button key={s.key} component={RouterLink} to={s.path} variant="outlined" size="small">
                {t(`adminOverview.shortcut.${s.key}`)}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
      {sections.map((section) => (
        <Stack key={section.key} spacing={1.5} component="section" aria-label={t(`admin.${section.key}`)}>
          <Typography variant="overline" color="text.secondary">
            {t(`admin.${section.key}`)}
          </Typography>
          <Grid container spacing={2}>
            {section.items.map((item) => {
              const Icon = adminIcons[item.key];
              return (
                <Grid key={item.key} size={{ xs: 12, sm: 6, lg: 4 }}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={item.path} sx={{ height: '100%' }}>
                      <CardContent>
                        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                          <Icon color="primary" />
                          <div>
                            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                              {t(`admin.${item.key}`)}
                            </Typography>
                            <Typography variant="body2" color="text.secondary">
                              {t(`admin.descriptions.${item.key}`)}
                            </Typography>
                            {counts.has(item.key) && (
                              <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid={`admin-count-${item.key}`}>
                                {[
                                  t(`adminOverview.counts.${item.key}`, {
                                    count: counts.get(item.key)!.count,
                                    defaultValue: String(counts.get(item.key)!.count),
                                  }),
                                  ...Object.entries(counts.get(item.key)!.detail ?? {}).map(([k, n]) =>
                                    t(`adminOverview.detail.${k}`, { count: n, defaultValue: `${k}: ${n}` }),
                                  ),
                                ].join(' · ')}
                              </Typography>
                            )}
                          </div>
                        </Stack>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              );
            })}
          </Grid>
        </Stack>
      ))}
    </Stack>
  );
}
