import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noCrossFeatureImports from './eslint/no-cross-feature-imports.js';
import ownTablesOnly from './eslint/own-tables-only.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'server/src/db/migrations/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in server/src/config.ts only.' }],
    },
  },
  { files: ['server/src/config.ts'], rules: { 'no-restricted-properties': 'off' } },
  {
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/**/*.test-factory.ts'],
    plugins: { atrium: { rules: { 'own-tables-only': ownTablesOnly } } },
    rules: {
      'atrium/own-tables-only': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../platform/access.js',
              importNames: ['requireAny'],
              message: "Declare a route's access with requireArea: the contract's AreaActions table is the one the web reads too.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, atrium: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'atrium/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material/Tooltip', message: 'Use components/tooltip.tsx: it closes on a click.' },
            { name: '@mui/material', importNames: ['Tooltip'], message: 'Use components/tooltip.tsx: it closes on a click.' },
          ],
        },
      ],
    },
  },
  { files: ['web/src/components/tooltip.tsx'], rules: { 'no-restricted-imports': 'off' } },
);
