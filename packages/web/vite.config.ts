import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server of local development (`npm start` serves both on one origin in production).
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } };

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The domain package is consumed as TypeScript source: no prebuild step before `vite` or vitest.
    alias: { '@cloudbox/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)) },
  },
  build: {
    // The manifest lets scripts/login-js-size.mjs measure what /login downloads.
    manifest: true,
    rolldownOptions: {
      // The domain package builds (and checks) its zod schemas at module level. Declaring its
      // modules free of side effects, and zod's builders and domain's `checked` pure, lets the
      // bundler drop the schemas the console never parses with, and zod with them (~35 KB
      // gzipped off every page). A schema the console does use is kept as usual.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/domain/src/'),
        manualPureFunctions: ['z', 'checked'],
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
