// /admin: shortcuts to the areas this user may manage.
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { visibleAdminNav } from '../admin-nav';
import { adminIcons } from './admin-icons';

export function AdminIndexPage({ actions, showInstanceSettings }: { actions: readonly string[]; showInstanceSettings: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t('admin.pageTitle'));
  const sections = visibleAdminNav(actions, showInstanceSettings);
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
