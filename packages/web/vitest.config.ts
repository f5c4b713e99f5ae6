import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Test files that need modules of their own: ECharts installs chart parts for good, and these
 * check which parts a chart lacks (src/test/chart-parts.ts) or mock ECharts itself.
 */
const OWN_MODULES = [
  'src/components/charts/Chart.test.tsx',
  'src/components/charts/gauge.test.ts',
  'src/components/charts/stacked-area.test.ts',
  'src/layout/AppMain.test.tsx',
  'src/pages/scripts/load/chart.test.ts',
  'src/test/chart-parts.test.ts',
];

const base = mergeConfig(viteConfig, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { environment: 'jsdom', setupFiles: ['src/test/setup.ts'] },
});

/**
 * The console's tests as two projects, also listed by the repository's vitest.config.ts. The
 * rest share a worker's modules: each file importing antd, React and the strings anew took 72 of
 * the 76 s the web tests ran for (in 4 s of tests).
 */
export const webProjects: TestProjectInlineConfiguration[] = [
  mergeConfig(base, { test: { name: 'web', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: OWN_MODULES, isolate: false } }),
  mergeConfig(base, { test: { name: 'web-own-modules', include: OWN_MODULES } }),
];

export default defineConfig({ test: { projects: webProjects } });
