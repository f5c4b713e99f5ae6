import { describe, expect, it } from 'vitest';
import { dayOf, spanRange } from './read-ahead';

describe('the day of the curves, in the CK zone', () => {
  it('reads the route day as a calendar day, and an instant as its day in the zone', () => {
    expect(dayOf('20261122', 'Asia/Shanghai')).toBe('2026-11-22');
    // 17:30 UTC on the 22nd is the 23rd in Shanghai.
    expect(dayOf(String(Date.UTC(2026, 10, 22, 17, 30)), 'Asia/Shanghai')).toBe('2026-11-23');
    expect(dayOf(undefined, 'UTC', Date.UTC(2026, 10, 22, 17, 30))).toBe('2026-11-22');
  });
  it('spans from the zone midnight days before to the midnight after the day', () => {
    expect(spanRange('2026-11-22', 'day', 'Asia/Shanghai')).toEqual({ from: Date.UTC(2026, 10, 21, 16), to: Date.UTC(2026, 10, 22, 16) });
    expect(spanRange('2026-11-22', 'week', 'UTC')).toEqual({ from: Date.UTC(2026, 10, 16), to: Date.UTC(2026, 10, 23) });
  });
});
