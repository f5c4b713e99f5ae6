import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files that need modules of their own: ECharts installs chart parts for good, and a file
 * that checks which parts a chart lacks (`missingParts`, src/test/chart-parts.ts) or mocks a module
 * must not meet what another file installed or imported. Found by what they call, so a new such
 * file is never shared by mistake.
 */
const OWN_MODULES = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bmissingParts\(|\bvi\.mock\(/.test(readFileSync(join(root, 'src', file), 'utf8')))
  .map((file) => `src/${file}`);

const base = mergeConfig(viteConfig, {
  root,
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
