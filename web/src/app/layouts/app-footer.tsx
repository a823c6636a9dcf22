// docs/product.md §2: "Powered by" with a logo; hidden on mobile or when the ShowFooter flag is off.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/i18n';
import { BrandLogo } from '../../components/brand-logo';
import { useFeatureFlag } from '../hooks/use-instance';

export function AppFooter() {
  const { t } = useTranslation();
  const show = useFeatureFlag('ShowFooter');
  if (!show) return null;
  return (
    <Box
      component="footer"
      sx={{ display: { xs: 'none', sm: 'flex' }, alignItems: 'center', justifyContent: 'center', gap: 1, py: 1.5, color: 'text.secondary' }}
    >
      <Typography variant="caption">{t('common.poweredBy')}</Typography>
      <BrandLogo src={null} alt="Atrium" height={18} />
    </Box>
  );
}
