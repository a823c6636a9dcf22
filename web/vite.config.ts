/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@atrium/contract': path.resolve(import.meta.dirname, '../contract/src/browser.ts') },
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
