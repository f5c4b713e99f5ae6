import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite and PostgreSQL template for the run; each file's database copies it.
    globalSetup: ['src/test/global-setup.ts'],
    // argon2 and a fresh migrated database per test file take a few seconds on slow machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
