import { cpus, totalmem } from 'node:os';

/** The loop `coreSpeed` times: as many steps as the `node -e` count to 3e8 that earlier entries of BENCHMARKS.md quote. */
const LOOP_STEPS = 3e8;

/**
 * Milliseconds one core of this machine takes to count to 3e8 (`x += i % 7`), the best of two:
 * machines of the same kind differ by two times here, and a figure compares with another machine's
 * only beside this one.
 */
export function coreSpeed(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    let sum = 0;
    for (let step = 0; step < LOOP_STEPS; step++) sum += step % 7;
    // Read, so the loop is not dropped as dead code.
    if (sum < 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}

export function describeMachine(): string {
  const cpu = cpus();
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'} (one core counts to 3e8 in ${coreSpeed()} ms), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
}
