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

/**
 * Which actions allow what, one table per area: the server's route declarations (requireArea) and the
 * web's buttons (mayAct) both read it, so that what the web offers is what the server allows. An area's
 * read list opens its admin page; holders of create or write may read too.
 */
export const AreaActions = {
  /** agents in the admin area; `editDraft` saves a configuration state (creators edit their new agent's draft) */
  agents: {
    read: ['GptSystemsRead', 'GptSystemsCreate', 'GptSystemsWrite', 'GptSystemsReadSpecific', 'GptSystemsWriteSpecific'],
    create: ['GptSystemsCreate', 'GptSystemsWrite'],
    write: ['GptSystemsWrite', 'GptSystemsWriteSpecific'],
    editDraft: ['GptSystemsCreate', 'GptSystemsWrite', 'GptSystemsWriteSpecific'],
  },
  dataSources: {
    read: ['DataSourcesRead', 'DataSourcesCreate', 'DataSourcesWrite', 'DataSourcesReadSpecific', 'DataSourcesWriteSpecific'],
    create: ['DataSourcesCreate', 'DataSourcesWrite'],
    write: ['DataSourcesWrite', 'DataSourcesWriteSpecific'],
    /** change a library's files and settings: creators may fill the libraries they made (the knowledge module checks which) */
    editLibrary: ['DataSourcesCreate', 'DataSourcesWrite', 'DataSourcesWriteSpecific'],
  },
  brands: { read: ['BrandsRead', 'BrandsCreate', 'BrandsWrite'], create: ['BrandsCreate'], write: ['BrandsWrite'] },
  guidelines: {
    read: ['GuidelinesDocumentsRead', 'GuidelinesDocumentsCreate', 'GuidelinesDocumentsWrite'],
    create: ['GuidelinesDocumentsCreate', 'GuidelinesDocumentsWrite'],
    write: ['GuidelinesDocumentsWrite'],
  },
  chatAccessPolicies: {
    read: ['ChatAccessPoliciesRead', 'ChatAccessPoliciesCreate', 'ChatAccessPoliciesWrite'],
    create: ['ChatAccessPoliciesCreate', 'ChatAccessPoliciesWrite'],
    write: ['ChatAccessPoliciesWrite'],
  },
  userRoles: {
    read: ['UserRolesRead', 'UserRolesCreate', 'UserRolesWrite'],
    create: ['UserRolesCreate', 'UserRolesWrite'],
    write: ['UserRolesWrite'],
    /** the roles' list and details: the users area reads them too, to give and remove roles */
    list: ['UserRolesRead', 'UserRolesCreate', 'UserRolesWrite', 'UserRolePermissionsRead', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
  },
  users: {
    read: ['UserRead', 'UserRolePermissionsRead', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
    create: ['UserRolePermissionsCreate', 'UserRolePermissionsWrite'],
    write: ['UserRolePermissionsWrite'],
  },
  audit: { read: ['ConfigurationAuditLogRead'] },
  instanceSettings: { read: ['InstanceSettingsRead', 'InstanceSettingsWrite'], write: ['InstanceSettingsWrite'] },
  connections: {
    read: ['ConnectionsRead', 'ConnectionsWrite'],
    write: ['ConnectionsWrite'],
    /** the deployments an agent may answer with, for the agents' editors (in the admin area only: everybody holds GptSystemsRead) */
    listDeployments: ['GptSystemsRead', 'GptSystemsWrite', 'ConnectionsRead'],
  },
  analytics: { read: ['AnalyticsRead', 'AnalyticsCreate', 'AnalyticsWrite'], create: ['AnalyticsCreate', 'AnalyticsWrite'], write: ['AnalyticsWrite'] },
  moderation: { read: ['ModerationReportsRead', 'ModerationReportsWrite'], write: ['ModerationReportsWrite'] },
  performanceTests: { read: ['PerformanceTestsRun'], run: ['PerformanceTestsRun'] },
  /** the /admin index's first-run checklist: for those who may do one of its steps (each step is shown only to them) */
  firstRun: {
    read: ['ConnectionsWrite', 'BrandsCreate', 'BrandsWrite', 'UserRolePermissionsCreate', 'UserRolePermissionsWrite', 'GptSystemsCreate', 'GptSystemsWrite'],
  },
} as const satisfies Record<string, { read: readonly UserAction[] } & Record<string, readonly UserAction[]>>;

export type AccessArea = keyof typeof AreaActions;
/** what can be done in an area: read, create, write, or one of its own (agents' editDraft) */
export type AreaOperation<A extends AccessArea> = keyof (typeof AreaActions)[A] & string;

/** The actions that allow an operation in an area. */
export const actionsFor = <A extends AccessArea>(area: A, operation: AreaOperation<A>): readonly UserAction[] =>
  (AreaActions[area] as Record<string, readonly UserAction[]>)[operation] ?? [];

/** Whether someone holding these actions may do this in the area (…Specific actions also need the object in scope). */
export const mayAct = <A extends AccessArea>(actions: readonly string[], area: A, operation: AreaOperation<A>): boolean =>
  actionsFor(area, operation).some((a) => actions.includes(a));

/** Areas whose objects can be changed (what currentUserActions presents). */
export type WritableArea = { [A in AccessArea]: 'write' extends AreaOperation<A> ? A : never }[AccessArea];

/** Whether someone holding these actions may change the area's objects. */
export const mayWrite = (actions: readonly string[], area: WritableArea): boolean =>
  (AreaActions[area] as { write: readonly UserAction[] }).write.some((a) => actions.includes(a));

/** An operation in an area, as a value (what a shortcut or a menu item needs). */
export type AreaPermission = { [A in AccessArea]: { area: A; operation: AreaOperation<A> } }[AccessArea];

export const mayDo = (actions: readonly string[], permission: AreaPermission): boolean =>
  (AreaActions[permission.area] as Record<string, readonly UserAction[]>)[permission.operation]!.some((a) => actions.includes(a));

export type AdminNavKey =
  | 'dashboard'
  | 'agents'
  | 'fileLibraries'
  | 'connections'
  | 'brands'
  | 'guidelines'
  | 'chatAccessPolicies'
  | 'userRoles'
  | 'users'
  | 'audit'
  | 'instanceSettings';

/** docs/product.md §2 Admin sidebar: an item is shown if the user may read its area. */
export const AdminNavActions: Record<AdminNavKey, readonly UserAction[]> = {
  dashboard: AreaActions.analytics.read,
  agents: AreaActions.agents.read,
  fileLibraries: AreaActions.dataSources.read,
  connections: AreaActions.connections.read,
  brands: AreaActions.brands.read,
  guidelines: AreaActions.guidelines.read,
  chatAccessPolicies: AreaActions.chatAccessPolicies.read,
  userRoles: AreaActions.userRoles.read,
  users: AreaActions.users.read,
  audit: AreaActions.audit.read,
  instanceSettings: AreaActions.instanceSettings.read,
};
