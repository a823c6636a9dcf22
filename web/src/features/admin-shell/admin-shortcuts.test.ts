import { describe, expect, it } from 'vitest';
import { visibleShortcuts } from './admin-shortcuts';

describe('visibleShortcuts', () => {
  it('shows a shortcut only to holders of an action allowing it', () => {
    expect(visibleShortcuts(['GptSystemsRead'])).toEqual([]);
    expect(visibleShortcuts(['ConfigurationAuditLogRead']).map((s) => s.key)).toEqual(['recentChanges']);
    expect(visibleShortcuts(['UserRolePermissionsCreate', 'BrandsCreate']).map((s) => s.key)).toEqual(['newUser', 'newBrand', 'myAccount']);
  });
});
