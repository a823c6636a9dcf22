// The first-run checklist of the /admin index: connect a model, set the brand, choose how people sign in,
// create the first agent (GET /admin/firstRun, the steps this user may do). Each open step links to where
// it is done; the checklist is gone once every step is.
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FirstRunStep } from '@atrium/contract';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../app/i18n/i18n';
import { useGetFirstRunQuery } from '../api/first-run.api';

/** Where each step is done. */
export const firstRunPaths: Record<FirstRunStep, string> = {
  connectModel: '/admin/models',
  setBrand: '/admin/brand',
  signIn: '/admin/user/new',
  firstAgent: '/admin/gptsystem/new',
};

export function FirstRunChecklist({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const { data } = useGetFirstRunQuery(undefined, { skip: !allowed });
  const steps = data?.steps ?? [];
  const done = steps.filter((s) => s.done).length;
  // nothing to show while loading, on a failure (the checklist is a help, not the page) or once complete
  if (steps.length === 0 || done === steps.length) return null;
  const titleId = 'first-run-title';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }} data-testid="first-run">
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('firstRun.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('firstRun.progress', { done, total: steps.length })}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={(done / steps.length) * 100} sx={{ mb: 2, borderRadius: 1 }} aria-hidden />
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {steps.map(({ key, done: isDone }) => (
          <Stack
            component="li"
            key={key}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { sm: 'center' } }}
            data-testid={`first-run-${key}`}
          >
            <Stack direction="row" spacing={1.5} sx={{ flexGrow: 1, minWidth: 0, alignItems: 'flex-start' }}>
              {isDone ? <CheckCircle color="success" aria-label={t('firstRun.done')} /> : <RadioButtonUnchecked color="disabled" />}
              <Box>
                <Typography sx={{ fontWeight: 600, ...(isDone ? { color: 'text.secondary' } : {}) }}>{t(`firstRun.steps.${key}.title`)}</Typography>
                {!isDone && (
                  <Typography variant="body2" color="text.secondary">
                    {t(`firstRun.steps.${key}.text`)}
                  </Typography>
                )}
              </Box>
            </Stack>
            {!isDone && (
              <Button
                component={RouterLink}
                to={firstRunPaths[key]}
                variant={key === 'connectModel' ? 'contained' : 'outlined'}
                size="small"
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' }, ml: { xs: 4.5, sm: 0 } }}
              >
                {t(`firstRun.steps.${key}.action`)}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
