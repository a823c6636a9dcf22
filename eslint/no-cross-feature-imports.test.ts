import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
tester.run('no-cross-feature-imports', rule as never, {
  valid: [
    { filename: '/repo/web/src/features/auth/components/login.tsx', code: "import { x } from '../api/generate-token';" },
    { filename: '/repo/web/src/features/auth/components/login.tsx', code: "import { y } from '../../../lib/fetch-client';" },
    { filename: '/repo/web/src/app/router.tsx', code: "import { z } from '../features/auth/components/login';" },
  ],
  invalid: [
    {
      filename: '/repo/web/src/features/auth/components/login.tsx',
      code: "import { b } from '../../brand/api/get-brand';",
      errors: [{ messageId: 'cross' }],
    },
  ],
});
