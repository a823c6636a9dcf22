import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule, { readTableOwners } from './own-tables-only.js';

RuleTester.describe = describe;
RuleTester.it = it;

const schemaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'own-tables-'));
fs.writeFileSync(
  path.join(schemaDir, 'people.ts'),
  [
    '// People. @owner: users',
    "export const users = pgTable('users', {});",
    '/** Sessions. @owner: auth */',
    "export const sessions = pgTable('sessions', {});",
    '// Links. @owner: users, user-roles',
    "export const links = pgTable('links', {});",
  ].join('\n'),
);

describe('readTableOwners', () => {
  it('reads the file owner and per-table owners', () => {
    expect(Object.fromEntries(readTableOwners(schemaDir))).toEqual({ users: ['users'], sessions: ['auth'], links: ['users', 'user-roles'] });
  });
});

const tester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module', parser: (await import('typescript-eslint')).parser },
});
const options = [{ schemaDir }];
tester.run('own-tables-only', rule as never, {
  valid: [
    { filename: '/repo/server/src/modules/users/users.repository.ts', code: "import { users, links } from '../../db/schema/index.js';", options },
    { filename: '/repo/server/src/modules/auth/auth.repository.ts', code: "import type { users } from '../../db/schema/index.js';", options },
    { filename: '/repo/server/src/modules/auth/auth.repository.ts', code: "import { type users, sessions } from '../../db/schema/index.js';", options },
    { filename: '/repo/server/src/platform/audit.ts', code: "import { users } from '../db/schema/index.js';", options },
  ],
  invalid: [
    {
      filename: '/repo/server/src/modules/auth/auth.repository.ts',
      code: "import { users, sessions } from '../../db/schema/index.js';",
      options,
      errors: [{ messageId: 'foreign' }],
    },
    {
      filename: '/repo/server/src/modules/user-roles/user-roles.repository.ts',
      code: "import { sessions } from '../../db/schema/people.js';",
      options,
      errors: [{ messageId: 'foreign' }],
    },
  ],
});
