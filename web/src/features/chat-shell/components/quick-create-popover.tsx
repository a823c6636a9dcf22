// The Create a Personal Agent popover of the Agents tab (docs/product.md §4 quick create), loaded on first opening.
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import { QuickCreatePopoverWidth } from '@atrium/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';

const QuickCreateForm = lazy(() => import('./quick-create-form'));

export default function QuickCreatePopover({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { width: QuickCreatePopoverWidth, maxWidth: 'calc(100vw - 32px)' }, 'aria-label': t('chat.createPersonalAgent') } }}
    >
      <Suspense fallback={<LinearProgress />}>
        <QuickCreateForm onClose={onClose} />
      </Suspense>
    </Popover>
  );
}
