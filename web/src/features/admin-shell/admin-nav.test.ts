import { UserActions } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { adminNavSections, visibleAdminNav, type AdminAreaKey } from './admin-nav';

const everyArea = new Set<AdminAreaKey>(adminNavSections.flatMap((s) => s.items.map((i) => i.key)));

const keys = (actions: readonly string[], showInstanceSettings = true, built: ReadonlySet<AdminAreaKey> = everyArea) =>
  visibleAdminNav(actions, showInstanceSettings, built).flatMap((s) => s.items.map((i) => i.key));

describe('admin sidebar', () => {
  it('shows every item to a holder of every action', () => {
    expect(keys(UserActions)).toEqual([
      'dashboard',
      'agents',
      'fileLibraries',
      'moderation',
      'performanceTests',
      'connections',
      'brands',
      'guidelines',
      'chatAccessPolicies',
      'userRoles',
      'users',
      'audit',
      'instanceSettings',
    ]);
  });

  it('links only the areas that have pages', () => {
    const built = new Set<AdminAreaKey>(['agents', 'connections', 'brands']);
    expect(keys(UserActions, true, built)).toEqual(['agents', 'connections', 'brands']);
    expect(visibleAdminNav(['AnalyticsRead', 'DataSourcesRead'], true, built)).toEqual([]);
  });

  it('shows an item for any one of its actions and drops empty sections', () => {
    expect(visibleAdminNav(['BrandsWrite', 'GptSystemsReadSpecific'], true, everyArea).map((s) => [s.key, s.items.map((i) => i.key)])).toEqual([
      ['manageAgents', ['agents']],
      ['administration', ['brands']],
    ]);
    expect(keys(['ConfigurationAuditLogRead'])).toEqual(['audit']);
    expect(keys(['ConnectionsRead'])).toEqual(['connections']);
    expect(keys(['ModerationReportsRead'])).toEqual(['moderation']);
    expect(keys(['PerformanceTestsRun'])).toEqual(['performanceTests']);
  });

  it('hides Instance Settings unless the instance shows that page', () => {
    expect(keys(['InstanceSettingsRead'], false)).toEqual([]);
    expect(keys(['InstanceSettingsRead'], true)).toEqual(['instanceSettings']);
  });
});
