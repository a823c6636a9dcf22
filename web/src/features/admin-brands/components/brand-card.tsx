// One brand on the list: logo on its login background, name, key, colours, agents, default marker, actions.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminBrand } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { Link as RouterLink } from 'react-router';
import { brandFileUrl } from '../../../app/api/brand.api';
import { BrandLogo } from '../../../components/brand-logo';
import { BrandSwatches } from './brand-swatches';
import { can } from '../../../app/hooks/can';

interface BrandCardProps {
  brand: AdminBrand;
  onDelete: (brand: AdminBrand) => void;
  onMakeDefault: (brand: AdminBrand) => void;
}

export function BrandCard({ brand, onDelete, onMakeDefault }: BrandCardProps) {
  const { t } = useTranslation();
  // the public file route serves the shipped logo when the brand has none of its own
  const logo = brandFileUrl(brand, brand.logoFileName ?? 'logo.svg');
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={`brand-card-${brand.brandKey}`}>
      <Box sx={{ height: 112, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: brand.loginBackground.main, p: 2 }}>
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 2, px: 2, py: 1, maxWidth: '90%' }}>
          <BrandLogo src={logo} alt={t('adminBrands.logoOf', { name: brand.name })} height={40} />
        </Box>
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, minWidth: 0 }}>
          <Typography variant="h6" component="h2" noWrap sx={{ minWidth: 0 }}>
            {brand.name}
          </Typography>
          {brand.isDefault && <Chip size="small" color="primary" label={t('adminBrands.default')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', mb: 1.5 }}>
          {brand.brandKey}
        </Typography>
        <BrandSwatches theme={brand.theme} label={t('adminBrands.coloursOf', { name: brand.name })} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('adminBrands.agents', { count: brand.agentCount })}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button
          component={RouterLink}
          to={`/admin/brand/${encodeURIComponent(brand.brandKey)}/edit`}
          size="small"
          aria-label={`${t('adminBrands.edit')} ${brand.name}`}
        >
          {t('adminBrands.edit')}
        </Button>
        {can(brand, 'Edit') && !brand.isDefault && (
          <Button size="small" onClick={() => onMakeDefault(brand)} aria-label={`${t('adminBrands.makeDefault')}: ${brand.name}`}>
            {t('adminBrands.makeDefault')}
          </Button>
        )}
        {can(brand, 'Delete') && (
          <Button size="small" color="error" onClick={() => onDelete(brand)} aria-label={`${t('adminBrands.delete')} ${brand.name}`}>
            {t('adminBrands.delete')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
