import { DEVICE_STATES, DEVICE_STATUSES } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { nextState, STATE_COLORS, STATUS_COLORS, statusLabel, worstState } from './status';

describe('device status mapping', () => {
  it('gives every state and every status filter a distinct colour where they differ', () => {
    for (const state of DEVICE_STATES) expect(STATE_COLORS[state]).toMatch(/^#[0-9a-f]{6}$/);
    for (const status of DEVICE_STATUSES) expect(STATUS_COLORS[status]).toBeTruthy();
    expect(new Set(Object.values(STATE_COLORS)).size).toBe(DEVICE_STATES.length);
  });

  it('names states with the domain labels and the normal filter with the console word', () => {
    expect(statusLabel('online_fault', 'zh', '正常')).toBe('在线故障');
    expect(statusLabel('alert', 'en', 'Normal')).toBe('Alert');
    expect(statusLabel('normal', 'ja', '正常')).toBe('正常');
  });

  it('takes the worst state of several controllers, faults over alerts over offline', () => {
    expect(worstState(['online', 'offline', 'online_alert'])).toBe('online_alert');
    expect(worstState(['online_alert', 'offline_fault', 'online_fault'])).toBe('offline_fault');
    expect(worstState([])).toBe('online');
  });

  it('moves one axis of a state at a time', () => {
    const device = { online: true, alert: true, fault: false, status: 'online_alert' as const };
    expect(nextState(device, { online: false })).toBe('offline_alert');
    expect(nextState(device, { fault: true })).toBe('online_fault');
    expect(nextState({ online: false, alert: false, fault: false, status: 'unregistered' }, { online: true })).toBe('unregistered');
  });
});
