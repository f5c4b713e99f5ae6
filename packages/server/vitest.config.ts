import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite and PostgreSQL template for the run; each file's database copies it.
    globalSetup: ['src/test/global-setup.ts'],
    // Files share a worker's modules instead of importing the server anew each (1.7 s a file: fastify,
    // drizzle, aedes, PGlite's WASM compiled once per worker, not per file). Every file already has its
    // own database, broker, box ids and Redis prefix. 40 files: 379 -> 228 s.
    isolate: false,
    // argon2 and a fresh migrated database per test file take a few seconds on slow machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
