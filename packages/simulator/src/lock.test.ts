import {
  encodeRegister,
  findRegister,
  getDeviceType,
  MAGLEV_BLOWER,
  PERMANENT_SERVICE_DAYS,
  resetConditionCode,
  UNLOCK_ATTEMPTS,
  unlockModeCode,
  type ResetCondition,
  type UnlockMode,
} from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { VirtualController } from './controller.js';
import { ControllerLock, decodePrefix, macDigits } from './lock.js';

/** A password as the scheme makes it, from the simulator's own MAC (the fixed vector checks it against the server's). */
function passwordFor(hint: number, mode: UnlockMode, reset: ResetCondition): number {
  const prefix = unlockModeCode(mode) * 2 + resetConditionCode(reset);
  return prefix * 1_000_000 + macDigits(BOX_KEY, 1, hint, prefix);
}

/** The server's fixed vector (server/src/unlock/scheme.test.ts): the box key of box 860100001 under the test company secret. */
const BOX_KEY = '86e79740c38271cf75448bb04c2dcd4bd9687778af416794135578a6691673d3';
/** Station 1, hint code 123456, extend_30 with running_days. */
const VECTOR_PASSWORD = 5_644_294; // '05644294'
const DAY_MS = 86_400_000;
const START = Date.UTC(2025, 0, 15, 6, 0, 0);

/** A lock that shows the given hint codes one after the other. */
function lockWith(hints: number[], options: { locked?: boolean; serviceDays?: number; boxKey?: string } = {}): ControllerLock {
  let next = 0;
  return new ControllerLock({
    station: 1,
    boxKey: options.boxKey ?? BOX_KEY,
    locked: options.locked ?? true,
    serviceDays: options.serviceDays ?? 0,
    nextHint: () => hints[Math.min(next++, hints.length - 1)]!,
  });
}

describe('the controller side of the dynamic passwords', () => {
  it('accepts the server’s fixed vector: extend_30 counted in running days', () => {
    const lock = lockWith([123456, 654321]);
    expect(lock.locked).toBe(true);
    expect(lock.enter(VECTOR_PASSWORD)).toEqual({ ok: true, mode: 'extend_30' });
    expect(lock.locked).toBe(false);
    expect(lock.serviceDays).toBe(30);
    expect(lock.hint).toBe(654321);
  });

  it('decodes the prefix as mode × 2 + reset condition and refuses codes outside it', () => {
    expect(decodePrefix(5)).toEqual({ mode: 'extend_30', reset: 'running_days' });
    expect(decodePrefix(2)).toEqual({ mode: 'unlock_once', reset: 'calendar_days' });
    expect(decodePrefix(15)).toEqual({ mode: 'reset_timer', reset: 'running_days' });
    for (const prefix of [0, 1, 16, 99]) expect(decodePrefix(prefix)).toBeUndefined();
  });

  it('refuses wrong passwords: another MAC, another prefix, another station, another key, no key', () => {
    const wrong = (password: number, lock = lockWith([123456])) => lock.enter(password);
    expect(wrong(VECTOR_PASSWORD + 1)).toEqual({ ok: false, error: 'wrong_password' });
    expect(wrong(4_644_294)).toEqual({ ok: false, error: 'wrong_password' });
    expect(wrong(99_644_294)).toEqual({ ok: false, error: 'wrong_password' });
    expect(wrong(VECTOR_PASSWORD, new ControllerLock({ station: 2, boxKey: BOX_KEY, locked: true, serviceDays: 0, nextHint: () => 123456 }))).toEqual({
      ok: false,
      error: 'wrong_password',
    });
    expect(wrong(VECTOR_PASSWORD, lockWith([123456], { boxKey: 'ff'.repeat(32) }))).toEqual({ ok: false, error: 'wrong_password' });
    const keyless = new ControllerLock({ station: 1, boxKey: undefined, locked: true, serviceDays: 0, nextHint: () => 123456 });
    expect(keyless.enter(VECTOR_PASSWORD)).toEqual({ ok: false, error: 'wrong_password' });
  });

  it('takes a password once: the new hint code makes it wrong', () => {
    const lock = lockWith([123456, 222222]);
    expect(lock.enter(VECTOR_PASSWORD).ok).toBe(true);
    expect(lock.enter(VECTOR_PASSWORD)).toEqual({ ok: false, error: 'wrong_password' });
    expect(lock.serviceDays).toBe(30);
  });

  it(`shows a new hint code after ${UNLOCK_ATTEMPTS} wrong passwords, and the old code's password no longer opens it`, () => {
    const lock = lockWith([123456, 333333]);
    for (let attempt = 1; attempt < UNLOCK_ATTEMPTS; attempt += 1) {
      lock.enter(1_000_000 + attempt);
      expect(lock.hint).toBe(123456);
    }
    lock.enter(1_000_000);
    expect(lock.hint).toBe(333333);
    expect(lock.enter(VECTOR_PASSWORD)).toEqual({ ok: false, error: 'wrong_password' });
    expect(lock.locked).toBe(true);
  });

  it('counts calendar days down and locks at 0; running days count only while running', () => {
    const calendar = lockWith([123456], { locked: false, serviceDays: 2 });
    calendar.advance(START, false);
    calendar.advance(START + DAY_MS + 1, false);
    expect([calendar.serviceDays, calendar.locked]).toEqual([1, false]);
    calendar.advance(START + 2 * DAY_MS + 2, false);
    expect([calendar.serviceDays, calendar.locked]).toEqual([0, true]);

    const running = lockWith([123456, 111111]);
    expect(running.enter(VECTOR_PASSWORD).ok).toBe(true);
    running.advance(START, true);
    running.advance(START + 3 * DAY_MS, false);
    expect(running.serviceDays).toBe(30);
    running.advance(START + 4 * DAY_MS, true);
    expect(running.serviceDays).toBe(29);
  });

  it('applies each mode: unlock_once a day, extend_N adds N, permanent never locks, reset_timer restarts the last period', () => {
    const lock = lockWith([100001, 100002, 100003, 100004, 100005]);
    expect(lock.enter(passwordFor(100001, 'unlock_once', 'calendar_days')).ok).toBe(true);
    expect([lock.locked, lock.serviceDays]).toEqual([false, 1]);
    expect(lock.enter(passwordFor(100002, 'extend_90', 'calendar_days')).ok).toBe(true);
    expect(lock.serviceDays).toBe(91);
    lock.advance(START, false);
    lock.advance(START + 10 * DAY_MS, false);
    expect(lock.serviceDays).toBe(81);
    expect(lock.enter(passwordFor(100003, 'reset_timer', 'calendar_days')).ok).toBe(true);
    expect(lock.serviceDays).toBe(90);
    expect(lock.enter(passwordFor(100004, 'permanent', 'calendar_days')).ok).toBe(true);
    expect(lock.serviceDays).toBe(PERMANENT_SERVICE_DAYS);
    lock.advance(START + 1000 * DAY_MS, true);
    expect([lock.locked, lock.serviceDays]).toEqual([false, PERMANENT_SERVICE_DAYS]);
  });
});

function controller(locked: boolean): VirtualController {
  return new VirtualController(1, getDeviceType('maglev_blower')!, 7, 0, new Map(), { boxKey: BOX_KEY, locked });
}

function writeValue(blower: VirtualController, register: number, value: string) {
  const encoded = encodeRegister(value, findRegister(blower.deviceType, register)!);
  if (!encoded.ok) throw new Error(`${value} does not encode`);
  return blower.write(register, encoded.raw);
}

describe('a lock-capable maglev blower', () => {
  it('starts locked and stopped, refuses a start, shows its hint code and lock state', () => {
    const blower = controller(true);
    blower.sample(START);
    expect(blower.get(MAGLEV_BLOWER.lockState)).toBe(1);
    expect(blower.get(MAGLEV_BLOWER.serviceDays)).toBe(0);
    expect(blower.get(MAGLEV_BLOWER.running)).toBe(0);
    expect(blower.get(MAGLEV_BLOWER.hintCode)).toBe(blower.lock!.hint);
    expect(String(blower.get(MAGLEV_BLOWER.hintCode))).toMatch(/^\d{6}$/);
    expect(writeValue(blower, MAGLEV_BLOWER.startStop, '1')).toEqual({ ok: false, error: 'locked' });
    expect(writeValue(blower, MAGLEV_BLOWER.startStop, '0')).toMatchObject({ ok: true });
    blower.sample(START + 10_000);
    expect(blower.get(MAGLEV_BLOWER.running)).toBe(0);
  });

  it('refuses a wrong password with wrong_password and keeps refusing starts', () => {
    const blower = controller(true);
    blower.sample(START);
    expect(writeValue(blower, MAGLEV_BLOWER.password, '12345678')).toEqual({ ok: false, error: 'wrong_password' });
    expect(writeValue(blower, MAGLEV_BLOWER.startStop, '1')).toEqual({ ok: false, error: 'locked' });
  });

  it('runs when not locked, and its password register reads 0', () => {
    const blower = controller(false);
    blower.sample(START);
    expect(blower.get(MAGLEV_BLOWER.lockState)).toBe(0);
    expect(blower.get(MAGLEV_BLOWER.serviceDays)).toBeGreaterThanOrEqual(30);
    expect(blower.get(MAGLEV_BLOWER.running)).toBe(1);
    expect(blower.get(MAGLEV_BLOWER.password)).toBe(0);
  });

  it('stops when its service days run out and then refuses a start', () => {
    const blower = controller(false);
    blower.sample(START);
    const days = blower.lock!.serviceDays;
    blower.sample(START + days * DAY_MS);
    expect(blower.get(MAGLEV_BLOWER.lockState)).toBe(1);
    expect(blower.get(MAGLEV_BLOWER.running)).toBe(0);
    expect(writeValue(blower, MAGLEV_BLOWER.startStop, '1')).toEqual({ ok: false, error: 'locked' });
  });
});
