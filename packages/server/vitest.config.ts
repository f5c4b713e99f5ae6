import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // argon2 and a fresh migrated database per test file take a few seconds on slow machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
