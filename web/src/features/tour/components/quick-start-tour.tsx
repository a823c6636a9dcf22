// The quick-start tour (docs/product.md §2, §4, §9) drawn by react-joyride in controlled mode: the run flag and
// the step live in the ui slice, so the header button starts it and the rules of tour-logic.ts move
// it. Loaded only when someone asks for the tour. Each step's target is picked and brought into view by
// tour-targets.ts (not by the library's scrolling), and the lists it scrolled go back when the step ends.
import '../tour.texts';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n/i18n';
import { Joyride, type EventData, type Step } from 'react-joyride';
import { useAppDispatch, useAppSelector } from '../../../app/state/hooks';
import { uiActions } from '../../../app/state/ui.slice';
import { nextTourState, tourButtonState, type TourTransition } from '../tour-logic';
import { TourConstants, TourSteps, type TourStepDef } from '../tour-steps';
import { pickTarget, reveal } from '../tour-targets';
import { TourButtonsContext, TourTooltip, type TourButtonPress } from './tour-tooltip';

export default function QuickStartTour() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const tour = useAppSelector((s) => s.ui.tour);
  // events can arrive back to back before a render: the rules see the state they themselves set
  const latest = useRef(tour);
  useEffect(() => {
    latest.current = tour;
  }, [tour]);
  // docs/product.md §9 enter delay: the first tooltip waits a second, so the page it points at has settled
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setEntered(true), TourConstants.enterDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const restartTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(restartTimer.current ?? undefined), []);

  // The element the current step points at, picked when the step begins (so that it stays the same
  // row while the list scrolls), and how to put back the lists that were scrolled to show it.
  const chosen = useRef<{ index: number; element: HTMLElement } | null>(null);
  const putBack = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      putBack.current?.();
      putBack.current = null;
      chosen.current = null;
    },
    [tour.stepIndex, tour.run],
  );

  const steps = useMemo<Step[]>(() => {
    const targetOf = (def: TourStepDef, index: number) => () => {
      const picked = chosen.current;
      return picked?.index === index && picked.element.isConnected ? picked.element : pickTarget(def.target);
    };
    const bringIntoView = (def: TourStepDef, index: number) => async () => {
      const element = pickTarget(def.target);
      if (!element) return; // the library reports the missing target and the rules move on
      chosen.current = { index, element };
      const restore = await reveal(element, TourConstants.scrollDuration, TourConstants.spotlightPadding);
      // the step may have ended while the list was still scrolling
      if (latest.current.run && latest.current.stepIndex === index) putBack.current = restore;
      else restore();
    };
    return TourSteps.map((def, i) => ({
      id: def.id,
      target: def.placement === 'center' ? def.target : targetOf(def, i),
      placement: def.placement,
      title: t(`tour.steps.${def.id}.title`),
      content: t(`tour.steps.${def.id}.content`),
      // Restart is hidden on the first step
      buttons: i === 0 ? ['back', 'close', 'primary'] : ['back', 'close', 'primary', 'skip'],
      skipScroll: true,
      ...(def.placement === 'center' ? {} : { before: bringIntoView(def, i) }),
    }));
  }, [t]);

  const apply = ({ state, restartAfterMs }: TourTransition) => {
    const before = latest.current;
    if (state.run !== before.run || state.stepIndex !== before.stepIndex) {
      latest.current = state;
      dispatch(uiActions.setTour(state));
    }
    if (restartAfterMs !== undefined) {
      clearTimeout(restartTimer.current ?? undefined);
      restartTimer.current = setTimeout(() => {
        latest.current = { run: true, stepIndex: 0 };
        dispatch(uiActions.setTour(latest.current));
      }, restartAfterMs);
    }
  };
  const onEvent = (data: EventData) =>
    apply(
      nextTourState(latest.current, {
        type: data.type,
        action: data.action,
        index: data.index,
        status: data.status,
        size: data.size,
        lifecycle: data.lifecycle,
      }),
    );
  const shown = (index: number) => {
    const def = TourSteps[index];
    return !!def && (def.placement === 'center' || pickTarget(def.target) !== null);
  };
  const press: TourButtonPress = (button, index, size) => apply(tourButtonState(latest.current, button, index, size, shown));

  return (
    <TourButtonsContext.Provider value={press}>
      <Joyride
        steps={steps}
        run={tour.run && entered}
        stepIndex={tour.stepIndex}
        continuous
        onEvent={onEvent}
        tooltipComponent={TourTooltip}
        locale={{
          back: t('tour.back'),
          close: t('tour.close'),
          last: t('tour.last'),
          next: t('tour.next'),
          nextWithProgress: t('tour.nextWithProgress'),
          open: t('tour.open'),
          skip: t('tour.skip'),
        }}
        options={{
          zIndex: TourConstants.zIndex,
          width: TourConstants.width,
          scrollDuration: TourConstants.scrollDuration,
          // bringing a target into view takes up to scrollDuration per scrolling box: no spinner for that
          loaderDelay: TourConstants.loaderDelayMs,
          offset: TourConstants.offset,
          spotlightPadding: TourConstants.spotlightPadding,
          overlayClickAction: false,
          showProgress: true,
          skipBeacon: true,
          primaryColor: theme.palette.primary.main,
          arrowColor: theme.palette.background.paper,
          backgroundColor: theme.palette.background.paper,
          textColor: theme.palette.text.primary,
        }}
      />
    </TourButtonsContext.Provider>
  );
}
