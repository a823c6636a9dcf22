// The named actions of docs/product.md §6 (and the admin sidebar of §2). Roles grant actions; routes declare them.
export const UserActions = [
  'AnalyticsRead',
  'AnalyticsCreate',
  'AnalyticsWrite',
  'GptSystemsRead',
  'GptSystemsCreate',
  'GptSystemsWrite',
  'GptSystemsReadSpecific',
  'GptSystemsWriteSpecific',
  'DataSourcesRead',
  'DataSourcesCreate',
  'DataSourcesWrite',
  'DataSourcesReadSpecific',
  'DataSourcesWriteSpecific',
  'BrandsRead',
  'BrandsCreate',
  'BrandsWrite',
  'GuidelinesDocumentsRead',
  'GuidelinesDocumentsCreate',
  'GuidelinesDocumentsWrite',
  'ChatAccessPoliciesRead',
  'ChatAccessPoliciesCreate',
  'ChatAccessPoliciesWrite',
  'UserRolesRead',
  'UserRolesCreate',
  'UserRolesWrite',
  'UserRead',
  'UserRolePermissionsRead',
  'UserRolePermissionsCreate',
  'UserRolePermissionsWrite',
  'ConfigurationAuditLogRead',
  'InstanceSettingsRead',
  'InstanceSettingsWrite',
  'ConnectionsRead',
  'ConnectionsWrite',
  'ModerationReportsRead',
  'ModerationReportsWrite',
  'PerformanceTestsRun',
] as const;

export type UserAction = (typeof UserActions)[number];

export const isUserAction = (value: string): value is UserAction => (UserActions as readonly string[]).includes(value);

/** What a signed-in person gets by default: the right to use the agents they may see. */
export const DefaultUserActions: readonly UserAction[] = ['GptSystemsRead'];

/** Built-in roles; their keys never change even when an administrator renames them. */
export const BuiltInRoleKeys = ['Administrator', 'User'] as const;
export type BuiltInRoleKey = (typeof BuiltInRoleKeys)[number];

/** docs/product.md §6: the admin link is shown when the user holds any action other than GptSystemsRead. */
export const canSeeAdmin = (actions: readonly string[]): boolean => actions.some((a) => a !== 'GptSystemsRead');

export type AdminNavKey =
  'dashboard' | 'agents' | 'fileLibraries' | 'brands' | 'guidelines' | 'chatAccessPolicies' | 'userRoles' | 'users' | 'audit' | 'instanceSettings';

/** docs/product.md §2 Admin sidebar: an item is shown if the user holds at least one of its actions. */
export const AdminNavActions: Record<AdminNavKey, readonly UserAction[]> = {
  dashboard: ['AnalyticsRead', 'AnalyticsCreate', 'AnalyticsWrite'],
  agents: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite', 'GptSystemsReadSpecific', 'GptSystemsWriteSpecific'],
  fileLibraries: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'DataSourcesReadSpecific', 'DataSourcesWriteSpecific'],
  brands: ['BrandsRead', 'BrandsCreate', 'BrandsWrite'],
  guidelines: ['GuidelinesDocumentsRead', 'GuidelinesDocumentsCreate', 'GuidelinesDocumentsWrite'],
  chatAccessPolicies: ['ChatAccessPoliciesRead', 'ChatAccessPoliciesCreate', 'ChatAccessPoliciesWrite'],
  userRoles: ['UserRolesRead', 'UserRolesCreate', 'UserRolesWrite'],
  users: ['UserRead', 'UserRolePermissionsRead', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
  audit: ['ConfigurationAuditLogRead'],
  instanceSettings: ['InstanceSettingsRead'],
};
