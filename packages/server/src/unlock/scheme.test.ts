import { UNLOCK_MODES, RESET_CONDITIONS } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { boxUnlockKey, unlockPassword } from './scheme.js';

const SECRET = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';

describe('the dynamic-password scheme', () => {
  const boxKey = boxUnlockKey(SECRET, '860100001');

  it('derives a different key per box and per company', () => {
    expect(boxKey).toMatch(/^[0-9a-f]{64}$/);
    expect(boxUnlockKey(SECRET, '860100002')).not.toBe(boxKey);
    expect(boxUnlockKey('ff'.repeat(32), '860100001')).not.toBe(boxKey);
  });

  it('answers eight digits led by the mode and reset condition', () => {
    const password = unlockPassword({ boxKey, station: 1, hintCode: '123456', mode: 'extend_30', reset: 'running_days' });
    expect(password).toMatch(/^05\d{6}$/);
    // A fixed vector: the simulator's controllers, written apart from this, accept exactly it (simulator/src/lock.test.ts).
    expect(boxKey).toBe('86e79740c38271cf75448bb04c2dcd4bd9687778af416794135578a6691673d3');
    expect(password).toBe('05644294');
  });

  it('changes with the station, the hint code, the mode and the reset condition', () => {
    const base = { boxKey, station: 1, hintCode: '123456', mode: 'unlock_once', reset: 'calendar_days' } as const;
    const passwords = new Set([
      unlockPassword(base),
      unlockPassword({ ...base, station: 2 }),
      unlockPassword({ ...base, hintCode: '123457' }),
      ...UNLOCK_MODES.flatMap((mode) => RESET_CONDITIONS.map((reset) => unlockPassword({ ...base, mode, reset }))),
    ]);
    expect(passwords.size).toBe(3 + UNLOCK_MODES.length * RESET_CONDITIONS.length - 1);
  });

  it('refuses a hint code that is not six digits', () => {
    expect(() => unlockPassword({ boxKey, station: 1, hintCode: '12345', mode: 'permanent', reset: 'calendar_days' })).toThrow();
  });
});
