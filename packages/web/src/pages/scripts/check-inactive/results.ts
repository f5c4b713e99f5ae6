import { SILENCE_BUCKETS, silenceBucket, type InactiveBox } from '@cloudbox/domain';

/** The rows whose box id, CK, model, owning unit or owner holds the keyword (any case); all of them without one. */
export function searchBoxes(boxes: readonly InactiveBox[], keyword: string): InactiveBox[] {
  const wanted = keyword.trim().toLowerCase();
  if (wanted === '') return [...boxes];
  return boxes.filter((box) => [box.box_id, box.ck, box.model, box.owner_unit, box.owner ?? ''].some((field) => field.toLowerCase().includes(wanted)));
}

/** A bar of the chart: never seen, up to a bound, or beyond the last bound. */
export type SilenceBar = { kind: 'never'; count: number } | { kind: 'upTo' | 'over'; days: number; count: number };

/** How many boxes fall in each bucket of silence, never seen first, then from the shortest silence up (empty buckets kept: the axis stays the same). */
export function silenceBars(boxes: readonly InactiveBox[]): SilenceBar[] {
  const counts = new Map<number, number>();
  for (const box of boxes) {
    const bucket = silenceBucket(box.days_silent);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [
    { kind: 'never', count: counts.get(-1) ?? 0 },
    ...SILENCE_BUCKETS.map((days, index) => ({ kind: 'upTo' as const, days, count: counts.get(index) ?? 0 })),
    { kind: 'over', days: SILENCE_BUCKETS.at(-1)!, count: counts.get(SILENCE_BUCKETS.length) ?? 0 },
  ];
}

/** Sorts by a time that may be missing (never seen): the missing first, then the oldest. */
export function byOptionalTime(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a.localeCompare(b);
}
