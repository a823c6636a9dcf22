// Wraps every route: progress bar, error boundary, lazy-page suspense, health and version screens,
// and the right-hand panels the account menu opens.
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { HealthGate } from '../providers/health-gate';
import { VersionWatch } from '../providers/version-watch';
import { useAppSelector } from '../state/hooks';
import { selectIsAuthenticated } from '../state/selectors';
import { PageLoading, RouteProgress } from './route-progress';

// Loaded on first opening: most visits never open them.
const SettingsDrawer = lazy(() => import('../../features/settings/components/settings-drawer'));
const AboutPanel = lazy(() => import('../../features/about/components/about-panel'));

function RightPanels() {
  const panel = useAppSelector((s) => s.ui.rightPanel);
  // Once opened, a panel stays mounted so that it can animate closed (state adjusted during render).
  const [used, setUsed] = useState({ settings: false, about: false });
  if (panel && !used[panel]) setUsed((u) => ({ ...u, [panel]: true }));
  return (
    <Suspense fallback={null}>
      {(used.settings || panel === 'settings') && <SettingsDrawer />}
      {(used.about || panel === 'about') && <AboutPanel />}
    </Suspense>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      <RouteProgress />
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
        {authenticated && <RightPanels />}
      </ErrorBoundary>
      <HealthGate />
      <VersionWatch />
    </>
  );
}
