import type { CommandView } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { isSettled, writeOf, writeReducer, type WriteState } from './command-state';

const command = (state: CommandView['state'], id = 'c1'): CommandView => ({
  id,
  box_id: '1',
  controller_id: 1,
  register: 41,
  value: 12000,
  state,
  error: state === 'failed' ? 'rejected' : null,
  result_value: state === 'acked' ? 12000 : null,
  created_at: '2026-11-22T10:00:00Z',
  sent_at: null,
  acked_at: null,
  expires_at: '2026-11-22T10:05:00Z',
});

describe('write command state', () => {
  it('follows a write from sending to acked', () => {
    let state: WriteState = { phase: 'idle' };
    state = writeReducer(state, { type: 'send', register: 41, value: '12000' });
    expect(state.phase).toBe('sending');
    state = writeReducer(state, { type: 'accepted', command: command('queued') });
    state = writeReducer(state, { type: 'update', command: command('sent') });
    state = writeReducer(state, { type: 'update', command: command('acked') });
    expect(state).toEqual({ phase: 'tracking', command: command('acked') });
  });

  it('never moves backwards, ignores other commands and stays settled', () => {
    const sent: WriteState = { phase: 'tracking', command: command('sent') };
    expect(writeReducer(sent, { type: 'update', command: command('queued') })).toBe(sent);
    expect(writeReducer(sent, { type: 'update', command: command('acked', 'other') })).toBe(sent);
    const failed = writeReducer(sent, { type: 'update', command: command('failed') });
    expect(writeReducer(failed, { type: 'update', command: command('acked') })).toBe(failed);
  });

  it('shows a refused write on its register only, and resets', () => {
    const sending = writeReducer({ phase: 'idle' }, { type: 'send', register: 41, value: 'x' });
    const rejected = writeReducer(sending, { type: 'rejected', message: 'out of range' });
    expect(rejected).toEqual({ phase: 'rejected', register: 41, message: 'out of range' });
    expect(writeOf(rejected, 41)).toBe(rejected);
    expect(writeOf(rejected, 42)).toBeUndefined();
    expect(writeReducer(rejected, { type: 'reset' })).toEqual({ phase: 'idle' });
  });

  it('knows which states are final', () => {
    expect(['queued', 'sent', 'acked', 'failed', 'expired'].map((state) => isSettled(state as CommandView['state']))).toEqual([false, false, true, true, true]);
  });
});
