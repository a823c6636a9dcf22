// The login layout of docs/product.md §2/§3: background colour, splash image on or off, alignment of the box.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { LoginAlignments } from '@atrium/contract';
import { useId } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { BrandColourField } from './brand-colour-field';
import type { BrandFormValues } from './brand-edit-page';

interface Props {
  values: BrandFormValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<BrandFormValues>) => void;
}

export function BrandLoginSection({ values, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const alignId = useId();
  return (
    <Stack spacing={2}>
      <BrandColourField
        name="loginBackground"
        label={t('adminBrands.fields.loginBackground')}
        value={values.loginBackground}
        disabled={disabled}
        error={errors['loginBackground.main']}
        onChange={(loginBackground) => onChange({ loginBackground })}
      />
      <FormControlLabel
        control={<Switch checked={values.useLoginBackgroundImg} disabled={disabled} onChange={(e) => onChange({ useLoginBackgroundImg: e.target.checked })} />}
        label={t('adminBrands.fields.useLoginBackgroundImg')}
      />
      <FormControl>
        <FormLabel id={alignId} sx={{ mb: 1 }}>
          {t('adminBrands.fields.loginAlignment')}
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby={alignId}
          value={values.loginAlignment}
          disabled={disabled}
          onChange={(_e, v: BrandFormValues['loginAlignment'] | null) => v && onChange({ loginAlignment: v })}
        >
          {LoginAlignments.map((a) => (
            <ToggleButton key={a} value={a}>
              {t(`adminBrands.fields.${a}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </FormControl>
    </Stack>
  );
}
