// What each action of permissions.ts allows, and the area it belongs to: the role editor groups its
// checklist by area and GET /admin/userRoles/userActions serves these. Zod-free for the browser.
import type { UserAction } from '../permissions.js';

export const UserActionAreas = [
  'Analytics',
  'Agents',
  'DataSources',
  'Brands',
  'Guidelines',
  'ChatAccessPolicies',
  'UserRoles',
  'Users',
  'Audit',
  'InstanceSettings',
  'Connections',
  'Moderation',
  'PerformanceTests',
] as const;
export type UserActionArea = (typeof UserActionAreas)[number];

export const UserActionInfo: Record<UserAction, { area: UserActionArea; description: string }> = {
  AnalyticsRead: { area: 'Analytics', description: 'View the analytics dashboard and export it.' },
  AnalyticsCreate: { area: 'Analytics', description: 'Create analytics reports.' },
  AnalyticsWrite: { area: 'Analytics', description: 'Change analytics reports.' },
  GptSystemsRead: { area: 'Agents', description: 'Chat with the agents one may use; with any other action, see all agents in the admin area.' },
  GptSystemsCreate: { area: 'Agents', description: 'Create System agents.' },
  GptSystemsWrite: { area: 'Agents', description: 'Change, publish and delete every agent.' },
  GptSystemsReadSpecific: { area: 'Agents', description: 'See the agents chosen in the role\u2019s entity configuration.' },
  GptSystemsWriteSpecific: { area: 'Agents', description: 'Change and publish the agents chosen in the role\u2019s entity configuration.' },
  DataSourcesRead: { area: 'DataSources', description: 'See every file library and data source.' },
  DataSourcesCreate: { area: 'DataSources', description: 'Create file libraries and data sources.' },
  DataSourcesWrite: { area: 'DataSources', description: 'Change and delete every file library and data source.' },
  DataSourcesReadSpecific: { area: 'DataSources', description: 'See the data sources chosen in the role\u2019s entity configuration.' },
  DataSourcesWriteSpecific: { area: 'DataSources', description: 'Change the data sources chosen in the role\u2019s entity configuration.' },
  BrandsRead: { area: 'Brands', description: 'See brands.' },
  BrandsCreate: { area: 'Brands', description: 'Create brands.' },
  BrandsWrite: { area: 'Brands', description: 'Change and delete brands and the instance defaults.' },
  GuidelinesDocumentsRead: { area: 'Guidelines', description: 'See guidelines documents and templates.' },
  GuidelinesDocumentsCreate: { area: 'Guidelines', description: 'Create guidelines documents and templates.' },
  GuidelinesDocumentsWrite: { area: 'Guidelines', description: 'Change and delete guidelines documents and their sections.' },
  ChatAccessPoliciesRead: { area: 'ChatAccessPolicies', description: 'See chat access policies.' },
  ChatAccessPoliciesCreate: { area: 'ChatAccessPolicies', description: 'Create chat access policies.' },
  ChatAccessPoliciesWrite: { area: 'ChatAccessPolicies', description: 'Change and delete chat access policies.' },
  UserRolesRead: { area: 'UserRoles', description: 'See user roles, their actions and their users.' },
  UserRolesCreate: { area: 'UserRoles', description: 'Create user roles.' },
  UserRolesWrite: { area: 'UserRoles', description: 'Change and delete user roles and their entity configuration.' },
  UserRead: { area: 'Users', description: 'See users and the roles they hold.' },
  UserRolePermissionsRead: { area: 'Users', description: 'See users and their role assignments.' },
  UserRolePermissionsCreate: { area: 'Users', description: 'Create local users and give users roles.' },
  UserRolePermissionsWrite: { area: 'Users', description: 'Change, disable and enable users; give and remove roles.' },
  ConfigurationAuditLogRead: { area: 'Audit', description: 'Read the configuration audit log.' },
  InstanceSettingsRead: { area: 'InstanceSettings', description: 'See the instance settings (never the keys themselves).' },
  InstanceSettingsWrite: { area: 'InstanceSettings', description: 'Change instance settings, search and model keys, and HIPAA mode.' },
  ConnectionsRead: { area: 'Connections', description: 'See model provider connections and deployments.' },
  ConnectionsWrite: { area: 'Connections', description: 'Create, change and delete connections and deployments.' },
  ModerationReportsRead: { area: 'Moderation', description: 'See moderation reports.' },
  ModerationReportsWrite: { area: 'Moderation', description: 'Resolve and delete moderation reports.' },
  PerformanceTestsRun: { area: 'PerformanceTests', description: 'Run performance tests.' },
};

export const UserRoleNameMaxLength = 100;
export const UserRoleDescriptionMaxLength = 500;
