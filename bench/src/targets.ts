/** A target of issue 17's table: the figure must be at least or at most this. */
export type Target = { atLeast: number } | { atMost: number };

/** Rows without a target of their own get this in the target column. */
export const NO_TARGET = '—';

/**
 * A figure against its target, as the bench's target column says it: "≥ 250,000: met" or
 * "≤ 400 ms: missed by 253 ms (63 %)", the shortfall also as a share of the target, and after it
 * `why` when a miss has a known cause (where its profile is).
 */
export function verdict(value: number, target: Target, format: (value: number) => string = String, why?: string): string {
  const [sign, bound, met] = 'atLeast' in target ? ['≥', target.atLeast, value >= target.atLeast] : ['≤', target.atMost, value <= target.atMost];
  if (met) return `${sign} ${format(bound)}: met`;
  const shortfall = Math.abs(value - bound);
  const missed = `${sign} ${format(bound)}: **missed** by ${format(shortfall)} (${Math.round((shortfall / bound) * 100)} %)`;
  return why ? `${missed}: ${why}` : missed;
}

/** Every row padded with NO_TARGET up to the section's columns. */
export function withTargetColumn(rows: string[][], columns: number): string[][] {
  return rows.map((row) => (row.length < columns ? [...row, ...Array<string>(columns - row.length).fill(NO_TARGET)] : row));
}
