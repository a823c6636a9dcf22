// Which admin areas have their own pages. Each entry is a lazily loaded component that draws its
// area's sub-routes (relative <Routes>) under /admin/<base>/*; areas not listed are neither linked nor routed.
// Features own their pages; this file (in app/) is the one place that wires them into the admin shell.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AdminAreaKey } from '../../features/admin-shell/admin-nav';

// Keep one line per area so parallel work adds lines without touching others.
export const adminAreaPages: Partial<Record<AdminAreaKey, LazyExoticComponent<ComponentType>>> = {
  chatAccessPolicies: lazy(() => import('../../features/admin-access-policies/components/access-policies-routes')),
  guidelines: lazy(() => import('../../features/admin-guidelines/components/guidelines-routes')),
  brands: lazy(() => import('../../features/admin-brands/components/brands-routes')),
  instanceSettings: lazy(() => import('../../features/admin-instance-settings/components/instance-settings-routes')),
  users: lazy(() => import('../../features/admin-users/components/users-routes')),
  userRoles: lazy(() => import('../../features/admin-user-roles/components/user-roles-routes')),
  audit: lazy(() => import('../../features/admin-audit/components/audit-routes')),
  agents: lazy(() => import('../../features/admin-agents/components/agents-routes')),
  connections: lazy(() => import('../../features/admin-models/components/models-routes')),
  fileLibraries: lazy(() => import('../../features/admin-knowledge/components/knowledge-routes')),
  dashboard: lazy(() => import('../../features/admin-analytics/components/dashboard-routes')),
  moderation: lazy(() => import('../../features/admin-moderation/components/moderation-routes')),
  performanceTests: lazy(() => import('../../features/admin-performance-tests/components/performance-tests-routes')),
  // e.g. (with `import { lazy } from 'react'`) users: lazy(() => import('../../features/admin-users/components/users-routes')),
};

/** The areas with pages: only these are linked from the sidebar and the /admin index. */
export const builtAdminAreas: ReadonlySet<AdminAreaKey> = new Set(Object.keys(adminAreaPages) as AdminAreaKey[]);
