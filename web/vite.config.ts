/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// The browser build runs on Preact's React compatibility layer, a departure from DESIGN.md's React 19:
// React DOM alone is 62 kB of the chat route's 200 kB budget, Preact 10 with compat about 11 kB, and the
// route is 192 kB with it (250 kB with React DOM). Components are written against the React API and
// must not rely on React DOM's timing: Preact runs effects a frame later and renders state changes
// from events asynchronously (see use-uploads.ts, chat-input.tsx, tour-logic.ts for what that found).
// ATRIUM_PREACT=0 builds on React DOM. The component unit tests always use React DOM (vitest loads MUI
// from node_modules, which would mix runtimes); the end-to-end tests run on the Preact build.
const preact = !process.env.VITEST && process.env.ATRIUM_PREACT !== '0';
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
