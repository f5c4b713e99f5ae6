import type { InactiveBox } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { byOptionalTime, searchBoxes, silenceBars } from './results';

const box = (id: string, days: number | null, extra: Partial<InactiveBox> = {}): InactiveBox => ({
  box_id: id,
  ck: '1001',
  model: 'CB-4G',
  owner_unit: '',
  owner: null,
  last_seen_at: days === null ? null : new Date(Date.UTC(2025, 0, 31) - days * 86_400_000).toISOString(),
  registered_at: '2024-01-01T00:00:00.000Z',
  online: false,
  days_silent: days,
  ...extra,
});

describe('the inactive check’s results', () => {
  const boxes = [box('100001', null), box('100002', 0), box('100003', 7), box('100004', 8, { ck: '2002', owner: 'Plant North' }), box('100005', 400)];

  it('counts the boxes per bucket of silence, never seen first, the bucket bounds inclusive', () => {
    expect(silenceBars(boxes)).toEqual([
      { kind: 'never', count: 1 },
      { kind: 'upTo', days: 1, count: 1 },
      { kind: 'upTo', days: 7, count: 1 },
      { kind: 'upTo', days: 30, count: 1 },
      { kind: 'upTo', days: 90, count: 0 },
      { kind: 'upTo', days: 365, count: 0 },
      { kind: 'over', days: 365, count: 1 },
    ]);
  });

  it('searches box id, CK, model, unit and owner, in any case', () => {
    expect(searchBoxes(boxes, ' north ').map((row) => row.box_id)).toEqual(['100004']);
    expect(searchBoxes(boxes, '2002').map((row) => row.box_id)).toEqual(['100004']);
    expect(searchBoxes(boxes, '10000').length).toBe(5);
    expect(searchBoxes(boxes, '')).toEqual(boxes);
  });

  it('sorts the never seen before the oldest contact', () => {
    const times = boxes.map((row) => row.last_seen_at).sort(byOptionalTime);
    expect(times[0]).toBeNull();
    expect(times.slice(1)).toEqual([...times.slice(1)].sort());
    expect(times[1]).toBe(boxes[4]!.last_seen_at);
  });
});
