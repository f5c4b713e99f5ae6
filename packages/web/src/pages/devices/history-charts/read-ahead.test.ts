import { describe, expect, it } from 'vitest';
import { dayOf, recallOpeningCurves, rememberOpeningCurves, spanRange } from './read-ahead';

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

describe('the opening curves remembered for a reload', () => {
  it('recalls the last ones asked for each controller and screen, and forgets the least recent beyond twenty', () => {
    localStorage.clear();
    expect(recallOpeningCurves('100', 1, 'controller')).toBeUndefined();
    rememberOpeningCurves('100', 1, 'controller', { zone: 'Asia/Shanghai', registers: [10, 11] });
    rememberOpeningCurves('100', 1, 'maglev', { zone: 'Asia/Shanghai', registers: [10, 14, 16] });
    rememberOpeningCurves('100', 1, 'controller', { zone: 'UTC', registers: [12] });
    expect(recallOpeningCurves('100', 1, 'controller')).toEqual({ zone: 'UTC', registers: [12] });
    expect(recallOpeningCurves('100', 1, 'maglev')).toEqual({ zone: 'Asia/Shanghai', registers: [10, 14, 16] });
    expect(recallOpeningCurves('100', 2, 'controller')).toBeUndefined();

    for (let box = 200; box < 219; box++) rememberOpeningCurves(String(box), 1, 'controller', { zone: 'UTC', registers: [box] });
    // Twenty kept: the maglev screen's was the least recently remembered.
    expect(recallOpeningCurves('100', 1, 'maglev')).toBeUndefined();
    expect(recallOpeningCurves('100', 1, 'controller')).toEqual({ zone: 'UTC', registers: [12] });
    expect(recallOpeningCurves('218', 1, 'controller')).toEqual({ zone: 'UTC', registers: [218] });
  });

  it('recalls nothing from what is not its list', () => {
    localStorage.setItem('cloudbox.opening-curves', '{not json');
    expect(recallOpeningCurves('100', 1, 'controller')).toBeUndefined();
    localStorage.setItem('cloudbox.opening-curves', '{"a":1}');
    expect(recallOpeningCurves('100', 1, 'controller')).toBeUndefined();
    rememberOpeningCurves('100', 1, 'controller', { zone: 'UTC', registers: [12] });
    expect(recallOpeningCurves('100', 1, 'controller')).toEqual({ zone: 'UTC', registers: [12] });
  });
});
