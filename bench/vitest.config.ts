import { defineConfig } from 'vitest/config';

// The bench's own helpers (the benchmarks themselves run with `npm run bench`, not here).
export default defineConfig({ test: { name: 'bench', include: ['src/**/*.test.ts'] } });
