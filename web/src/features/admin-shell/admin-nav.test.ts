import { UserActions } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { visibleAdminNav } from './admin-nav';

const keys = (actions: readonly string[], showInstanceSettings = true) =>
  visibleAdminNav(actions, showInstanceSettings).flatMap((s) => s.items.map((i) => i.key));

describe('admin sidebar', () => {
  it('shows every item to a holder of every action', () => {
    expect(keys(UserActions)).toEqual([
      'dashboard',
      'agents',
      'fileLibraries',
      'brands',
      'guidelines',
      'chatAccessPolicies',
      'userRoles',
      'users',
      'audit',
      'instanceSettings',
    ]);
  });

  it('shows an item for any one of its actions and drops empty sections', () => {
    expect(visibleAdminNav(['BrandsWrite', 'GptSystemsReadSpecific'], true).map((s) => [s.key, s.items.map((i) => i.key)])).toEqual([
      ['manageAgents', ['agents']],
      ['administration', ['brands']],
    ]);
    expect(keys(['ConfigurationAuditLogRead'])).toEqual(['audit']);
  });

  it('hides Instance Settings unless the instance shows that page', () => {
    expect(keys(['InstanceSettingsRead'], false)).toEqual([]);
    expect(keys(['InstanceSettingsRead'], true)).toEqual(['instanceSettings']);
  });
});
