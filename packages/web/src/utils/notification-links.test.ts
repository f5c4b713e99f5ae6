import { describe, expect, it } from 'vitest';
import { notificationDevice, notificationPath } from './notification-links';
import { toggled } from './push-matrix';

describe('a notification in the console', () => {
  it("leads to its device's fault records with the record marked, or to the box when it names no controller", () => {
    expect(notificationPath({ box_id: '1001002', controller_id: 2, fault_record_id: 17 })).toBe('/devices/error-record/1001002/2?record=17');
    expect(notificationPath({ box_id: '1001002', controller_id: 1, fault_record_id: null })).toBe('/devices/error-record/1001002/1');
    expect(notificationPath({ box_id: '1001002', controller_id: null, fault_record_id: null })).toBe('/devices/box/1001002');
  });

  it('names its device by box, station and device number', () => {
    const station = (n: number) => `S${n}`;
    expect(notificationDevice({ box_id: '42', controller_id: 3, device_number: 'B-7' }, station)).toBe('42 · S3 · B-7');
    expect(notificationDevice({ box_id: '42', controller_id: 3, device_number: null }, station)).toBe('42 · S3');
  });
});

describe('the push matrix', () => {
  it('flips one box, keeping kinds in order and leaving out a type without kinds', () => {
    const once = toggled({}, 'fault', 'webhook', true);
    expect(once).toEqual({ fault: ['webhook'] });
    expect(toggled(once, 'fault', 'email', true)).toEqual({ fault: ['email', 'webhook'] });
    expect(toggled(once, 'fault', 'webhook', false)).toEqual({});
  });
});
