import { describe, expect, it } from 'vitest';
import { liveState } from './live-status';

const box = { online: true, status_changed_at: '2026-01-01T00:00:10.000Z' };
const at = (iso: string) => Date.parse(iso);

describe('liveState', () => {
  it('takes a newer status event over the polled connection', () => {
    expect(liveState(box, { online: false, at: at('2026-01-01T00:00:20Z') }, [], 'online')).toBe('offline');
    expect(liveState({ ...box, online: false }, { online: true, at: at('2026-01-01T00:00:20Z') }, [], 'offline')).toBe('online');
  });
  it('ignores an event older than the polled change', () => {
    expect(liveState(box, { online: false, at: at('2026-01-01T00:00:05Z') }, [], 'online')).toBe('online');
  });
  it('takes the severity from the active records, the worst winning', () => {
    expect(liveState(box, undefined, [{ severity: 'alert' }], 'online')).toBe('online_alert');
    expect(liveState(box, undefined, [{ severity: 'alert' }, { severity: 'fault' }], 'online')).toBe('online_fault');
    expect(liveState(box, { online: false, at: at('2026-01-01T00:01:00Z') }, [{ severity: 'fault' }], 'online')).toBe('offline_fault');
    expect(liveState(box, undefined, [], 'online_fault')).toBe('online');
  });
  it('keeps the polled severity until the records are read', () => {
    expect(liveState(box, { online: false, at: at('2026-01-01T00:01:00Z') }, undefined, 'online_alert')).toBe('offline_alert');
  });
});
