// The admin routes of docs/product.md §2. An area a user may not open sends them back to /admin; unknown paths too.
import { Suspense, type ReactElement } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { adminAreaPages } from '../../../app/router/admin-pages';
import { Navigate, Route, Routes } from 'react-router';
import { canOpenAdminArea, type AdminAreaKey } from '../admin-nav';
import { AdminIndexPage } from './admin-index-page';
import { AdminPlaceholderPage, type AdminPageKind } from './admin-placeholder-page';

const areas: Array<{ base: string; area: AdminAreaKey; pages: Array<[path: string, kind: AdminPageKind]> }> = [
  { base: 'dashboard', area: 'dashboard', pages: [['', 'list']] },
  {
    base: 'gptsystem',
    area: 'agents',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':gptSystemId/edit/:addDataSource?', 'edit'],
      [':gptSystemId/publish', 'publish'],
      [':gptSystemId/ux', 'ux'],
      ['configstate/:gptSystemConfigurationStateId/edit', 'configState'],
    ],
  },
  {
    base: 'datasource',
    area: 'fileLibraries',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':id/edit', 'edit'],
      [':dataSourceType/:endpointsType/new', 'new'],
      [':dataSourceType/:endpointsType/:dataSourceId/edit', 'edit'],
    ],
  },
  { base: 'moderation', area: 'moderation', pages: [['', 'list']] },
  {
    base: 'guidelines',
    area: 'guidelines',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':guidelinesDocumentId/edit', 'edit'],
      ['templates', 'templates'],
      ['template/new', 'newTemplate'],
      ['template/:id/edit', 'editTemplate'],
    ],
  },
  {
    base: 'user',
    area: 'users',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      ['cards', 'cards'],
      [':id/profile', 'profile'],
      ['account', 'account'],
      [':userId/edit', 'edit'],
    ],
  },
  {
    base: 'brand',
    area: 'brands',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':brandKey/edit', 'edit'],
    ],
  },
  { base: 'audit', area: 'audit', pages: [['', 'list']] },
  {
    base: 'chatAccessPolicy',
    area: 'chatAccessPolicies',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':id/edit', 'edit'],
    ],
  },
  {
    base: 'userRole',
    area: 'userRoles',
    pages: [
      ['', 'list'],
      ['new', 'new'],
      [':id/edit', 'edit'],
    ],
  },
  { base: 'instanceSettings', area: 'instanceSettings', pages: [[':tab', 'tab']] },
];

interface AdminRoutesProps {
  actions: readonly string[];
  showInstanceSettings: boolean;
}

export function AdminRoutes({ actions, showInstanceSettings }: AdminRoutesProps) {
  const guard = (area: AdminAreaKey, element: ReactElement) =>
    canOpenAdminArea(area, actions, showInstanceSettings) ? element : <Navigate to="/admin" replace />;
  return (
    <Routes>
      <Route index element={<AdminIndexPage actions={actions} showInstanceSettings={showInstanceSettings} />} />
      {areas.map(({ base, area, pages }) => {
        const Pages = adminAreaPages[area];
        if (Pages)
          return (
            <Route
              key={base}
              path={`${base}/*`}
              element={guard(
                area,
                <Suspense fallback={<LinearProgress />}>
                  <Pages />
                </Suspense>,
              )}
            />
          );
        return (
          <Route key={base} path={base}>
            {pages.map(([path, kind]) =>
              path === '' ? (
                <Route key="index" index element={guard(area, <AdminPlaceholderPage area={area} kind={kind} />)} />
              ) : (
                <Route key={path} path={path} element={guard(area, <AdminPlaceholderPage area={area} kind={kind} />)} />
              ),
            )}
            {base === 'instanceSettings' && <Route index element={<Navigate to="apiKeys" replace />} />}
          </Route>
        );
      })}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}
