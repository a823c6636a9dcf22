// The login screen, drawn on the brand's splash background (docs/product.md §2 General).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../app/i18n/i18n';
import { brandFileUrl } from '../../../app/api/brand.api';
import { useCurrentBrand } from '../../../app/hooks/use-current-brand';
import { useImageLoads } from '../../../app/hooks/use-image-loads';
import { useInstanceSettings } from '../../../app/hooks/use-instance';
import { usePageTitle } from '../../../app/hooks/use-page-title';
import { BrandLogo } from '../../../components/brand-logo';
import { useSsoSignIn } from '../hooks/use-sso-sign-in';
import { LocalSignInForm } from './local-sign-in-form';
import { SsoSignInButton } from './sso-sign-in-button';

const justify = { Left: 'flex-start', Center: 'center', Right: 'flex-end' } as const;

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.pageTitle'));
  const { settings, isLoading, isError, refetch } = useInstanceSettings();
  const { brand } = useCurrentBrand();
  const sso = useSsoSignIn();
  const background = brand?.loginBackground.main ?? '#eef2ff';
  // without an uploaded splash the brand's file route serves the shipped one
  const splash = brand?.useLoginBackgroundImg ? brandFileUrl(brand, brand.splashScreenBackgroundFileName ?? 'splashScreenBackground.svg') : null;
  // a splash that fails to load leaves the brand's background colour and the soft gradient (docs/product.md §8)
  const image = useImageLoads(splash) === 'loaded' ? splash : null;
  const localEnabled = settings?.localSignInEnabled ?? false;

  return (
    <Box
      component="main"
      data-login-alignment={brand?.loginAlignment ?? 'Center'}
      data-splash={image ? 'image' : 'colour'}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: { xs: 'center', md: justify[brand?.loginAlignment ?? 'Center'] },
        p: { xs: 2, sm: 4, md: 8 },
        bgcolor: background,
        backgroundImage: image
          ? `url("${image}")`
          : `radial-gradient(circle at 15% 20%, rgba(255,255,255,0.7) 0, transparent 45%), radial-gradient(circle at 85% 85%, rgba(255,255,255,0.45) 0, transparent 40%)`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 24px 48px -12px rgba(15, 23, 42, 0.18)',
        }}
      >
        <Stack spacing={3}>
          <BrandLogo
            src={brand ? brandFileUrl(brand, brand.logoFileName) : null}
            alt={t('common.logoAlt', { name: brand?.name ?? settings?.name ?? '' })}
            height={44}
            sx={{ alignSelf: 'flex-start' }}
          />
          <Box>
            <Typography variant="h5" component="h1">
              {settings ? t('auth.heading', { name: settings.name }) : <Skeleton width="70%" />}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {settings?.organizationName && settings.organizationName !== settings.name ? settings.organizationName : t('auth.subheading')}
            </Typography>
          </Box>
          {isLoading && <Skeleton variant="rounded" height={180} />}
          {isError && (
            <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('auth.retry')}</Button>}>
              {t('auth.settingsFailed')}
            </Alert>
          )}
          {sso.error && <Alert severity="error">{sso.error}</Alert>}
          {localEnabled && <LocalSignInForm />}
          {localEnabled && sso.enabled && (
            <Divider>
              <Typography variant="body2" color="text.secondary">
                {t('auth.or')}
              </Typography>
            </Divider>
          )}
          {sso.enabled && <SsoSignInButton pending={sso.pending} onClick={() => void sso.start()} />}
          {settings && !localEnabled && !sso.enabled && <Alert severity="warning">{t('auth.noMethod')}</Alert>}
        </Stack>
      </Paper>
    </Box>
  );
}
