import type { BoxTapEvent } from '@cloudbox/domain';

/** An event of the list, numbered for its key. */
export type ShownEvent = Exclude<BoxTapEvent, { type: 'ready' } | { type: 'error' }> & { n: number };

/** The list keeps this many events (the oldest leave first). */
export const MAX_EVENTS = 500;

/** A payload shown readably: JSON pretty-printed, anything else as it came. */
export function prettyPayload(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/** The box's id as typed: digits only. */
export const validBoxId = (value: string) => /^\d{1,32}$/.test(value.trim());

export interface TapCounters {
  up: number;
  down: number;
  bytes: number;
}

/** The counters after one more event. */
export function counted(counters: TapCounters, event: BoxTapEvent): TapCounters {
  if (event.type === 'up') return { ...counters, up: counters.up + 1, bytes: counters.bytes + event.size };
  if (event.type === 'down') return { ...counters, down: counters.down + 1, bytes: counters.bytes + event.size };
  return counters;
}
