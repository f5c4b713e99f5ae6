import { describe, expect, it } from 'vitest';
import { deviceListQuerySchema } from './list.js';
import { historyQuerySchema } from './readings.js';
import { DEVICE_STATES, deviceMatchesStatus, deviceState, type DeviceStatus } from './status.js';

describe('device states and status filters', () => {
  it('puts a device in the cell of its connection and its worst active record', () => {
    expect(deviceState({ online: true, alert: false, fault: false })).toBe('online');
    expect(deviceState({ online: false, alert: true, fault: false })).toBe('offline_alert');
    expect(deviceState({ online: true, alert: true, fault: true })).toBe('online_fault');
  });

  it.each<[DeviceStatus, string[]]>([
    ['online', ['online', 'online_alert', 'online_fault']],
    ['offline', ['offline', 'offline_alert', 'offline_fault']],
    ['normal', ['online', 'offline']],
    ['alert', ['online_alert', 'offline_alert']],
    ['fault', ['online_fault', 'offline_fault']],
    ['offline_alert', ['offline_alert']],
    ['unregistered', ['unregistered']],
  ])('status %s matches %j', (status, states) => {
    expect(DEVICE_STATES.filter((state) => deviceMatchesStatus(state, status))).toEqual(states);
  });
});

describe('device query schemas', () => {
  it('reads empty parameters as absent and applies the defaults', () => {
    expect(deviceListQuerySchema.parse({ status: '', keyword: '' })).toEqual({ page: 1, page_size: 20, sort: 'box_id', order: 'asc' });
  });

  it('puts a message key in each issue', () => {
    const result = historyQuerySchema.safeParse({ from: 'yesterday', registers: '1,x', points: '3' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['from', 'timeFormat'],
      ['registers', 'registerListFormat'],
      ['points', 'pointsRange'],
    ]);
  });

  it('reads a register list without repeats', () => {
    expect(historyQuerySchema.parse({ registers: '11,10,11' }).registers).toEqual([11, 10]);
  });
});

describe('query times', () => {
  it('takes epoch ms and ISO 8601 with an offset within years 1 to 9999, nothing else', () => {
    const parse = (from: string) => historyQuerySchema.safeParse({ from });
    expect(parse('1761897600000').data?.from?.toISOString()).toBe('2025-10-31T08:00:00.000Z');
    expect(parse('2026-10-20T00:00:00+08:00').data?.from?.toISOString()).toBe('2026-10-19T16:00:00.000Z');
    for (const bad of ['99999999999999999999', '8640000000000000', '2026-10-20T00:00:00', 'yesterday', '-5']) {
      expect(parse(bad).error?.issues[0]?.message, bad).toBe('timeFormat');
    }
  });
});
