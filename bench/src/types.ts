import type { DatabaseTarget, RunningServer } from './server.js';

export interface BenchOptions {
  durationSeconds: number;
}

export interface Benchmark {
  /** Section marker in BENCHMARKS.md and the `--only` name. */
  name: string;
  title: string;
  description: string;
  columns: string[];
  /** Starts the server itself (a benchmark that loads its own data first); otherwise the harness starts a fresh demo server. */
  start?(target: DatabaseTarget): Promise<RunningServer>;
  run(server: RunningServer, target: DatabaseTarget, options: BenchOptions): Promise<string[][]>;
}
