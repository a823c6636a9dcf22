// The theme colours of docs/product.md §3 and the gradient-button switch.
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import type { BrandTheme } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';
import { BrandColourField } from './brand-colour-field';

const colourNames = [
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'error',
  'menu',
  'menuTextPrimary',
  'textPrimary',
  'textSecondary',
  'textDisabled',
] as const;

interface Props {
  theme: BrandTheme;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (theme: BrandTheme) => void;
}

export function BrandColoursSection({ theme, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {colourNames.map((name) => (
        <Grid key={name} size={{ xs: 12, sm: 6 }}>
          <BrandColourField
            name={name}
            label={t(`adminBrands.colours.${name}`)}
            value={theme[name]}
            disabled={disabled}
            error={errors[`theme.${name}`]}
            onChange={(value) => onChange({ ...theme, [name]: value })}
          />
        </Grid>
      ))}
      <Grid size={12}>
        <FormControlLabel
          control={
            <Switch checked={theme.useGradientButtons} disabled={disabled} onChange={(e) => onChange({ ...theme, useGradientButtons: e.target.checked })} />
          }
          label={t('adminBrands.fields.useGradientButtons')}
        />
      </Grid>
    </Grid>
  );
}
