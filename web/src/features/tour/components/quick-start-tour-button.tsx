// The header's "Quick start tour" button (itself the tour's last target). Shown while the
// ShowQuickStartTour flag is on; the tour's code downloads on the first click.
import TourOutlined from '@mui/icons-material/TourOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '../../../components/tooltip';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { useFeatureFlag } from '../../../app/hooks/use-instance';
import { useAppDispatch } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';

const QuickStartTour = lazy(() => import('./quick-start-tour'));

export function QuickStartTourButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const enabled = useFeatureFlag('ShowQuickStartTour');
  const [requested, setRequested] = useState(false);
  if (!enabled) return null;
  const start = () => {
    setRequested(true);
    dispatch(uiActions.setTour({ run: true, stepIndex: 0 }));
  };
  return (
    <>
      <Tooltip title={t('common.quickStartTour')}>
        <IconButton data-tour="quick-start-tour" aria-label={t('common.quickStartTour')} onClick={start}>
          <TourOutlined />
        </IconButton>
      </Tooltip>
      {requested && (
        <Suspense fallback={null}>
          <QuickStartTour />
        </Suspense>
      )}
    </>
  );
}
