import { describe, expect, it } from 'vitest';
import { AdminNavActions, AreaActions, mayAct, mayDo, UserActions } from './permissions.js';

describe('the areas table', () => {
  it('names only known actions, and whoever may create or write an area may read it', () => {
    for (const [area, operations] of Object.entries(AreaActions)) {
      const read = new Set<string>(operations.read);
      for (const [operation, actions] of Object.entries(operations)) {
        for (const action of actions) expect(UserActions, `${area}.${operation}`).toContain(action);
        if (operation === 'create' || operation === 'write')
          for (const action of actions) expect(read.has(action), `${area}.${operation}: ${action}`).toBe(true);
      }
    }
  });

  it('answers what an area allows', () => {
    expect(mayAct(['BrandsWrite'], 'brands', 'write')).toBe(true);
    expect(mayAct(['BrandsWrite'], 'brands', 'create')).toBe(false);
    expect(mayAct(['GptSystemsWriteSpecific'], 'agents', 'editDraft')).toBe(true);
    expect(mayDo(['UserRolePermissionsRead'], { area: 'userRoles', operation: 'list' })).toBe(true);
    expect(mayDo(['UserRolePermissionsRead'], { area: 'userRoles', operation: 'read' })).toBe(false);
  });

  it('opens an admin page to those who may read its area', () => {
    expect(AdminNavActions.brands).toBe(AreaActions.brands.read);
    expect(AdminNavActions.dashboard).toBe(AreaActions.analytics.read);
  });
});
