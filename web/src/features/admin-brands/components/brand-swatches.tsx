// A row of small colour squares: how a brand looks at a glance on its card.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '../../../components/tooltip';
import type { BrandTheme } from '@atrium/contract';
import { useTranslation } from '../../../app/i18n/i18n';

const shown = ['primary', 'secondary', 'menu', 'textPrimary', 'info', 'success', 'warning', 'error'] as const;

export function BrandSwatches({ theme, label }: { theme: BrandTheme; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} role="list" aria-label={label}>
      {shown.map((name) => (
        <Tooltip key={name} title={`${t(`adminBrands.colours.${name}`)} ${theme[name]}`}>
          <Box
            role="listitem"
            aria-label={`${t(`adminBrands.colours.${name}`)} ${theme[name]}`}
            sx={{ width: 20, height: 20, borderRadius: 0.75, bgcolor: theme[name], border: 1, borderColor: 'divider' }}
          />
        </Tooltip>
      ))}
    </Stack>
  );
}
