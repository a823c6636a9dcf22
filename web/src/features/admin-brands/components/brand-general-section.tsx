// Key (new brands only) and name.
import { BrandKeyMaxLength, BrandNameMaxLength } from '@atrium/contract';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../app/i18n/i18n';
import type { BrandFormValues } from './brand-edit-page';

interface Props {
  isNew: boolean;
  values: BrandFormValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<BrandFormValues>) => void;
}

export function BrandGeneralSection({ isNew, values, errors, disabled, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {isNew && (
        <TextField
          label={t('adminBrands.fields.brandKey')}
          name="brandKey"
          required
          value={values.brandKey}
          disabled={disabled}
          error={!!errors.brandKey}
          helperText={errors.brandKey ?? t('adminBrands.fields.brandKeyHelp')}
          onChange={(e) => onChange({ brandKey: e.target.value.toLowerCase().replace(/\s+/g, '-') })}
          slotProps={{ htmlInput: { maxLength: BrandKeyMaxLength, spellCheck: false } }}
        />
      )}
      <TextField
        label={t('adminBrands.fields.name')}
        name="name"
        required
        value={values.name}
        disabled={disabled}
        error={!!errors.name}
        helperText={errors.name}
        onChange={(e) => onChange({ name: e.target.value })}
        slotProps={{ htmlInput: { maxLength: BrandNameMaxLength } }}
      />
    </Stack>
  );
}
