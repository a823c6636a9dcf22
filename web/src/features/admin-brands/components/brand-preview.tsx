// Live preview of a brand while it is edited: a small login screen (background, alignment, logo)
// and the themed parts of the app (buttons, menu, text, alerts), drawn with the theme the app builds.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import type { BrandTheme, LoginAlignments } from '@atrium/contract';
import { useMemo } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useAppSelector } from '../../../app/state/hooks';
import { createBrandTheme } from '../../../app/theme/create-brand-theme';
import { BrandLogo } from '../../../components/brand-logo';

interface BrandPreviewProps {
  name: string;
  theme: BrandTheme;
  loginBackground: string;
  loginAlignment: (typeof LoginAlignments)[number];
  splashUrl: string | null;
  logoUrl: string | null;
}

const justify = { Left: 'flex-start', Center: 'center', Right: 'flex-end' } as const;

export function BrandPreview({ name, theme, loginBackground, loginAlignment, splashUrl, logoUrl }: BrandPreviewProps) {
  const { t } = useTranslation();
  const settings = useAppSelector((s) => s.settings);
  const muiTheme = useMemo(() => createBrandTheme({ ...theme, loginBackground: { main: loginBackground } }, settings), [theme, loginBackground, settings]);
  return (
    <ThemeProvider theme={muiTheme}>
      <Stack spacing={2} data-testid="brand-preview">
        <Box
          sx={{
            height: 200,
            borderRadius: 2,
            display: 'flex',
            alignItems: 'center',
            justifyContent: justify[loginAlignment],
            p: 2,
            bgcolor: loginBackground,
            backgroundImage: splashUrl ? `url("${splashUrl}")` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        >
          <Paper sx={{ p: 2, width: 180 }} elevation={3}>
            <BrandLogo src={logoUrl} alt={name} height={24} />
            <Typography variant="subtitle2" sx={{ mt: 1, color: 'text.primary' }} noWrap>
              {t('adminBrands.preview.heading', { name: name || '…' })}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
              {t('adminBrands.preview.text')}
            </Typography>
            <Button size="small" variant="contained" fullWidth sx={{ mt: 1 }} tabIndex={-1}>
              {t('adminBrands.preview.button')}
            </Button>
          </Paper>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="contained" tabIndex={-1}>
            {t('adminBrands.preview.button')}
          </Button>
          <Button variant="contained" color="secondary" tabIndex={-1}>
            {t('adminBrands.preview.secondary')}
          </Button>
          <Button variant="outlined" tabIndex={-1}>
            {t('adminBrands.preview.secondary')}
          </Button>
        </Stack>
        <Box sx={{ bgcolor: theme.menu, color: theme.menuTextPrimary, borderRadius: 1, px: 2, py: 1.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('adminBrands.preview.menu')}
          </Typography>
        </Box>
        <Box>
          <Typography sx={{ color: 'text.primary' }}>{t('adminBrands.colours.textPrimary')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('adminBrands.colours.textSecondary')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.disabled' }}>
            {t('adminBrands.colours.textDisabled')}
          </Typography>
        </Box>
        <Stack spacing={0.5} aria-label={t('adminBrands.preview.alerts')}>
          {(['info', 'success', 'warning', 'error'] as const).map((severity) => (
            <Alert key={severity} severity={severity} variant="filled" sx={{ py: 0 }}>
              {t(`adminBrands.colours.${severity}`)}
            </Alert>
          ))}
        </Stack>
      </Stack>
    </ThemeProvider>
  );
}
