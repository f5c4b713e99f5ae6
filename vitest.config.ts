import { defineConfig } from 'vitest/config';
import { webProjects } from './packages/web/vitest.config.ts';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/server', ...webProjects, 'packages/simulator', 'bench'],
    // Vitest's default on this machine's two cores is one worker (cores - 1), which leaves a core idle
    // while tests wait for acks and timers. Two files at a time are safe: every test file has its own
    // database, broker share group, box ids and Redis key prefix (packages/server/src/test).
    maxWorkers: 2,
  },
});
