// The admin routes of docs/product.md §2. Each area with pages (app/router/admin-pages.tsx) draws its own
// sub-routes under its base path; an area a user may not open sends them back to /admin, and so do unknown
// paths and areas whose screens have not arrived yet.
import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { adminAreaPages } from '../../../app/router/admin-pages';
import { Navigate, Route, Routes } from 'react-router';
import { canOpenAdminArea, type AdminAreaKey } from '../admin-nav';
import { AdminIndexPage } from './admin-index-page';

/** The path under /admin of each area (docs/product.md §2; /admin/models for connections). */
const areaBases: Record<AdminAreaKey, string> = {
  dashboard: 'dashboard',
  agents: 'gptsystem',
  fileLibraries: 'datasource',
  moderation: 'moderation',
  performanceTests: 'performanceTests',
  connections: 'models',
  guidelines: 'guidelines',
  users: 'user',
  brands: 'brand',
  audit: 'audit',
  chatAccessPolicies: 'chatAccessPolicy',
  userRoles: 'userRole',
  instanceSettings: 'instanceSettings',
};

interface AdminRoutesProps {
  actions: readonly string[];
  showInstanceSettings: boolean;
}

export function AdminRoutes({ actions, showInstanceSettings }: AdminRoutesProps) {
  return (
    <Routes>
      <Route index element={<AdminIndexPage actions={actions} showInstanceSettings={showInstanceSettings} />} />
      {(Object.keys(areaBases) as AdminAreaKey[]).map((area) => {
        const Pages = adminAreaPages[area];
        if (!Pages) return null;
        return (
          <Route
            key={area}
            path={`${areaBases[area]}/*`}
            element={
              canOpenAdminArea(area, actions, showInstanceSettings) ? (
                <Suspense fallback={<LinearProgress />}>
                  <Pages />
                </Suspense>
              ) : (
                <Navigate to="/admin" replace />
              )
            }
          />
        );
      })}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}
