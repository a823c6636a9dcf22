// The admin sidebar of docs/product.md §2: sections, items, paths, and which resolved actions show each item.
// An item is linked only once its area has pages (app/router/admin-pages.tsx): an area joins the sidebar and the
// /admin index when its screens do, never as an empty promise.
import { AdminNavActions, AreaActions, type AdminNavKey, type UserAction } from '@atrium/contract';

export type AdminAreaKey = AdminNavKey | 'moderation' | 'performanceTests';

export interface AdminNavItem {
  key: AdminAreaKey;
  path: string;
}

export interface AdminNavSection {
  key: 'manageAgents' | 'administration';
  items: AdminNavItem[];
}

export const adminNavSections: AdminNavSection[] = [
  {
    key: 'manageAgents',
    items: [
      { key: 'dashboard', path: '/admin/dashboard' },
      { key: 'agents', path: '/admin/gptsystem' },
      { key: 'fileLibraries', path: '/admin/datasource' },
      { key: 'moderation', path: '/admin/moderation' },
      { key: 'performanceTests', path: '/admin/performanceTests' },
    ],
  },
  {
    key: 'administration',
    items: [
      // model provider connections and their deployments (docs/product.md §7 "Admin Connections")
      { key: 'connections', path: '/admin/models' },
      { key: 'brands', path: '/admin/brand' },
      { key: 'guidelines', path: '/admin/guidelines' },
      { key: 'chatAccessPolicies', path: '/admin/chatAccessPolicy' },
      { key: 'userRoles', path: '/admin/userRole' },
      { key: 'users', path: '/admin/user' },
      { key: 'audit', path: '/admin/audit' },
      { key: 'instanceSettings', path: '/admin/instanceSettings' },
    ],
  },
];

const areaActions: Record<AdminAreaKey, readonly UserAction[]> = {
  ...AdminNavActions,
  moderation: AreaActions.moderation.read,
  performanceTests: AreaActions.performanceTests.read,
};

/** An area is open to a user holding at least one of its actions; Instance Settings also needs the setting. */
export function canOpenAdminArea(area: AdminAreaKey, actions: readonly string[], showInstanceSettings: boolean): boolean {
  if (area === 'instanceSettings' && !showInstanceSettings) return false;
  return areaActions[area].some((action) => actions.includes(action));
}

/** The sidebar (and /admin index) for this user: the areas that have pages and that they may open. */
export function visibleAdminNav(actions: readonly string[], showInstanceSettings: boolean, built: ReadonlySet<AdminAreaKey>): AdminNavSection[] {
  return adminNavSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => built.has(item.key) && canOpenAdminArea(item.key, actions, showInstanceSettings)),
    }))
    .filter((section) => section.items.length > 0);
}
