import { describe, expect, it } from 'vitest';
import { DeviceChanges, type LiveDevice } from './device-changes';

const row = (box_id: string, controller_id: number, status: LiveDevice['status'] = 'online'): LiveDevice => ({
  box_id,
  controller_id,
  status,
  online: !status.startsWith('offline'),
  alert: status.endsWith('alert'),
  fault: status.endsWith('fault'),
});

const record = { id: 1, code: 1, message: '', register: 1, value: 1, started_at: 0, ended_at: null };

describe('live device changes', () => {
  it('moves every controller of a box with its connection and keeps the severity axis', () => {
    const changes = new DeviceChanges();
    expect(changes.add({ type: 'status', box_id: 'a', online: false, at: 1 })).toBe(true);
    const rows = [row('a', 1), row('a', 2, 'online_alert'), row('b', 1)];
    const next = changes.apply(rows);
    expect(next.map((device) => device.status)).toEqual(['offline', 'offline_alert', 'online']);
    expect(next[2]).toBe(rows[2]);
  });

  it('opens alerts and faults on one controller only; the last connection event of a box wins', () => {
    const changes = new DeviceChanges();
    changes.add({ type: 'fault', box_id: 'a', controller_id: 2, state: 'opened', record: { ...record, severity: 'fault' } });
    changes.add({ type: 'status', box_id: 'a', online: false, at: 1 });
    changes.add({ type: 'status', box_id: 'a', online: true, at: 2 });
    expect(changes.apply([row('a', 1), row('a', 2)]).map((device) => device.status)).toEqual(['online', 'online_fault']);
  });

  it('asks for a fresh read when a record closes, and leaves unrelated rows and events alone', () => {
    const changes = new DeviceChanges();
    changes.add({ type: 'fault', box_id: 'a', controller_id: 1, state: 'closed', record: { ...record, severity: 'alert', ended_at: 2 } });
    expect(changes.refetch).toBe(true);
    expect(changes.add({ type: 'values', box_id: 'a', controller_id: 1, ts: 1, values: {} })).toBe(false);
    const rows = [row('a', 1, 'online_alert')];
    expect(changes.apply(rows)).toBe(rows);
    changes.clear();
    expect(changes.size).toBe(0);
    expect(changes.refetch).toBe(false);
  });

  it('keeps unregistered boxes unregistered', () => {
    const changes = new DeviceChanges();
    changes.add({ type: 'status', box_id: 'u', online: true, at: 1 });
    const rows = [{ ...row('u', 0), controller_id: null, status: 'unregistered' as const, online: false }];
    expect(changes.apply(rows)).toBe(rows);
  });

  it('asks for a fresh read when the socket becomes ready: changes before it were never pushed', () => {
    const changes = new DeviceChanges();
    expect(changes.add({ type: 'ready', user: 'demo_manager' })).toBe(true);
    expect(changes.refetch).toBe(true);
    changes.clear();
    expect(changes.refetch).toBe(false);
  });
});
