// Shortcuts of the /admin index: the most common admin tasks, each shown only to holders of an action
// that allows it (the server refuses anyone else anyway).
import type { UserAction } from '@atrium/contract';
import type texts from './admin-shell.texts.json';

export interface AdminShortcut {
  /** names its label, adminOverview.shortcut.<key> */
  key: keyof (typeof texts)['adminOverview']['shortcut'];
  path: string;
  anyOf: readonly UserAction[];
}

export const adminShortcuts: AdminShortcut[] = [
  { key: 'newUser', path: '/admin/user/new', anyOf: ['UserRolePermissionsCreate', 'UserRolePermissionsWrite'] },
  { key: 'newRole', path: '/admin/userRole/new', anyOf: ['UserRolesCreate', 'UserRolesWrite'] },
  { key: 'newAgent', path: '/admin/gptsystem/new', anyOf: ['GptSystemsCreate'] },
  { key: 'newBrand', path: '/admin/brand/new', anyOf: ['BrandsCreate'] },
  { key: 'newPolicy', path: '/admin/chatAccessPolicy/new', anyOf: ['ChatAccessPoliciesCreate'] },
  { key: 'newGuidelines', path: '/admin/guidelines/new', anyOf: ['GuidelinesDocumentsCreate'] },
  { key: 'recentChanges', path: '/admin/audit', anyOf: ['ConfigurationAuditLogRead'] },
  { key: 'myAccount', path: '/admin/user/account', anyOf: ['UserRead', 'UserRolePermissionsRead', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'] },
];

export const visibleShortcuts = (actions: readonly string[]): AdminShortcut[] => adminShortcuts.filter((s) => s.anyOf.some((a) => actions.includes(a)));
