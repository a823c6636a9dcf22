// A colour: the browser's colour picker next to the hex value, kept in sync; a bad hex shows an error.
import { isHexColour } from '@atrium/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

/** <input type=color> wants #rrggbb: expand #rgb and drop an alpha part. */
const toPickerValue = (hex: string) => {
  if (!isHexColour(hex)) return '#000000';
  if (hex.length === 4) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return hex.slice(0, 7).toLowerCase();
};

interface BrandColourFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
}

export function BrandColourField({ name, label, value, onChange, disabled, error }: BrandColourFieldProps) {
  const { t } = useTranslation();
  // the text may be half-typed; only valid colours go up to the form
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // a new value from above (picker, reset): show it
    setShown(value);
    setText(value);
  }
  const invalid = !isHexColour(text);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        name={`${name}-picker`}
        aria-label={t('adminBrands.colours.pick', { name: label })}
        value={toPickerValue(value)}
        disabled={disabled}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={{
          width: 44,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          cursor: 'pointer',
          flexShrink: 0,
        }}
      />
      <TextField
        size="small"
        fullWidth
        name={name}
        label={label}
        value={text}
        disabled={disabled}
        error={invalid || !!error}
        helperText={invalid ? t('adminBrands.invalidColour') : error}
        onChange={(e) => {
          setText(e.target.value);
          if (isHexColour(e.target.value)) onChange(e.target.value);
        }}
        slotProps={{ htmlInput: { spellCheck: false, 'data-testid': `colour-${name}` } }}
      />
    </Stack>
  );
}
