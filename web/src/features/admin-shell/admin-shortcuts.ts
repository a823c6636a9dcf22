// Shortcuts of the /admin index: the most common admin tasks, each shown only to holders of an action
// that allows it (the server refuses anyone else anyway).
import { mayDo, type AreaPermission } from '@atrium/contract';
import type texts from './admin-shell.texts.json';

export interface AdminShortcut {
  /** names its label, adminOverview.shortcut.<key> */
  key: keyof (typeof texts)['adminOverview']['shortcut'];
  path: string;
  /** shown to those who may do this (the contract's table, as the server's routes declare it) */
  may: AreaPermission;
}

export const adminShortcuts: AdminShortcut[] = [
  { key: 'newUser', path: '/admin/user/new', may: { area: 'users', operation: 'create' } },
  { key: 'newRole', path: '/admin/userRole/new', may: { area: 'userRoles', operation: 'create' } },
  { key: 'newAgent', path: '/admin/gptsystem/new', may: { area: 'agents', operation: 'create' } },
  { key: 'newBrand', path: '/admin/brand/new', may: { area: 'brands', operation: 'create' } },
  { key: 'newPolicy', path: '/admin/chatAccessPolicy/new', may: { area: 'chatAccessPolicies', operation: 'create' } },
  { key: 'newGuidelines', path: '/admin/guidelines/new', may: { area: 'guidelines', operation: 'create' } },
  { key: 'recentChanges', path: '/admin/audit', may: { area: 'audit', operation: 'read' } },
  { key: 'myAccount', path: '/admin/user/account', may: { area: 'users', operation: 'read' } },
];

export const visibleShortcuts = (actions: readonly string[]): AdminShortcut[] => adminShortcuts.filter((s) => mayDo(actions, s.may));
