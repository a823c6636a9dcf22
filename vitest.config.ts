import path from 'node:path';
import { defineConfig } from 'vitest/config';

const contractSource = { '@atrium/contract': path.resolve(import.meta.dirname, 'contract/src/index.ts') };

const serverProject = (name: string, env: Record<string, string>) => ({
  resolve: { alias: contractSource },
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    // the embedded database's and the document extraction's worker threads run from their TypeScript sources in tests
    setupFiles: ['./src/test/pglite-worker-source.ts', './src/test/extraction-worker-source.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tooling', root: './eslint', include: ['*.test.ts'], environment: 'node' } },
      serverProject('server', { TEST_DB: 'pglite' }),
      // The same integration tests again on PostgreSQL when the CI (or you) provide one.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB: 'postgres' })] : []),
      './web/vite.config.ts',
      {
        resolve: { alias: contractSource },
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['specs/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // a browser test that fails is run once more; one that passes only then is named in npm test's closing
          // lines as flaky (scripts/test.mjs), so a race in a page or a spec is seen, not hidden
          retry: 1,
          // a page under a busy machine (the whole suite, a build beside it) can take more than poll's default second
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
