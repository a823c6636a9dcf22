// The Create a Personal Agent popover of the Agents tab (docs/product.md §4 quick create), loaded on first opening.
// It opens over the page, so it wears the page's theme rather than the sidebar's (which may be dark), and
// stays inside the window: at most the window's width and height less the popover's 16 px margins,
// scrolling inside when its form grows (the issues the server reports).
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { QuickCreatePopoverWidth } from '@atrium/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { pageThemeOf } from '../../../app/theme/menu-theme';

const QuickCreateForm = lazy(() => import('./quick-create-form'));

/** MUI Popover's default distance from the window's edges */
const Margin = 16;

export default function QuickCreatePopover({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <ThemeProvider theme={pageThemeOf(theme)}>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        marginThreshold={Margin}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            sx: { width: QuickCreatePopoverWidth, maxWidth: `calc(100vw - ${2 * Margin}px)`, maxHeight: `calc(100dvh - ${2 * Margin}px)`, overflowY: 'auto' },
            'aria-label': t('chat.createPersonalAgent'),
          },
        }}
      >
        <Suspense fallback={<LinearProgress />}>
          <QuickCreateForm onClose={onClose} />
        </Suspense>
      </Popover>
    </ThemeProvider>
  );
}
