/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The app runs on Preact's React compatibility layer in the browser: React DOM alone is 62 kB of the
// chat route's 200 kB budget (DESIGN.md), Preact 10 with compat about 11 kB. Every end-to-end test runs
// this build. The component unit tests keep React DOM (vitest's jsdom loads MUI from node_modules,
// which would otherwise mix two runtimes); ATRIUM_REACT_DOM=1 builds with React DOM to compare.
const preact = !process.env.VITEST && process.env.ATRIUM_REACT_DOM !== '1';
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@atrium/contract', replacement: path.resolve(import.meta.dirname, '../contract/src/browser.ts') },
      ...(preact
        ? [
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ]
        : []),
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bundle-size.mjs reads the manifest to report the chat route's initial JavaScript
    manifest: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // The OIDC silent-renew page is a second entry so that its script is a same-origin file (CSP script-src 'self').
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        silentRenew: path.resolve(import.meta.dirname, 'silent-renew.html'),
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
