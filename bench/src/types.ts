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
  run(server: RunningServer, target: DatabaseTarget, options: BenchOptions): Promise<string[][]>;
}
