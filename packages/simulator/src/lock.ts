import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  HINT_CODE_DIGITS,
  MODE_DAYS,
  PERMANENT_SERVICE_DAYS,
  RESET_CONDITIONS,
  UNLOCK_ATTEMPTS,
  UNLOCK_MODES,
  type ResetCondition,
  type UnlockMode,
  type WriteError,
} from '@cloudbox/domain';

/**
 * The controller's side of the dynamic passwords (ARCHITECTURE-services.md, "Dynamic passwords: the
 * scheme"), written from the scheme's description and apart from the server's code, so that the
 * two agreeing on the fixed vector (lock.test.ts) checks the description, not one implementation
 * against itself. Only the domain's constants (mode and reset condition codes, digits, attempts)
 * are shared.
 */

const DAY_MS = 86_400_000;
const MAC_LABEL = 'cloudbox/unlock/v1/password';
const MAC_MODULUS = 1_000_000;
const HINT_LOW = 10 ** (HINT_CODE_DIGITS - 1);
const HINT_HIGH = 10 ** HINT_CODE_DIGITS;
/** The service period a reset_timer restarts when no password granted one yet. */
export const DEFAULT_SERVICE_PERIOD_DAYS = 30;

/** What decoding a password's two leading digits gives: mode code × 2 + reset condition code. */
export function decodePrefix(prefix: number): { mode: UnlockMode; reset: ResetCondition } | undefined {
  const mode = UNLOCK_MODES[Math.floor(prefix / 2) - 1];
  const reset = RESET_CONDITIONS[prefix % 2];
  return mode && reset ? { mode, reset } : undefined;
}

/** The six digits of the keyed code: HMAC-SHA256 under the box key, truncated as HOTP does (RFC 4226, 5.3). */
export function macDigits(boxKeyHex: string, station: number, hint: number, prefix: number): number {
  const mac = createHmac('sha256', Buffer.from(boxKeyHex, 'hex')).update(`${MAC_LABEL}|${station}|${hint}|${prefix}`).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return (mac.readUInt32BE(offset) & 0x7fffffff) % MAC_MODULUS;
}

export interface LockOptions {
  station: number;
  /** The box's unlock key (hex) the controller was provisioned with; without one no password opens it. */
  boxKey: string | undefined;
  /** Starts locked with no service days left. */
  locked: boolean;
  /** Service days at power-up when not locked. */
  serviceDays: number;
  /** The hint codes it shows, one per new code (tests give their own). */
  nextHint?: () => number;
}

/** The outcome of a password written to the controller. */
export type PasswordOutcome = { ok: true; mode: UnlockMode } | { ok: false; error: WriteError };

/**
 * A controller's lock: its hint code, its service days and how they count down (calendar days, or
 * every 24 hours of running), its lock state, and the passwords written to it. The hint code stays
 * until a password is accepted or UNLOCK_ATTEMPTS wrong ones were tried, so each password works once.
 */
export class ControllerLock {
  private hintCode: number;
  private days: number;
  private isLocked: boolean;
  private reset: ResetCondition = 'calendar_days';
  private period = DEFAULT_SERVICE_PERIOD_DAYS;
  private wrongAttempts = 0;
  /** Calendar time or running time (ms) counted towards the next service day. */
  private counted = 0;
  private lastTs: number | undefined;
  private readonly nextHint: () => number;

  constructor(private readonly options: LockOptions) {
    this.nextHint = options.nextHint ?? (() => randomInt(HINT_LOW, HINT_HIGH));
    this.hintCode = this.nextHint();
    this.isLocked = options.locked;
    this.days = options.locked ? 0 : Math.min(options.serviceDays, PERMANENT_SERVICE_DAYS);
  }

  get hint(): number {
    return this.hintCode;
  }

  get locked(): boolean {
    return this.isLocked;
  }

  get serviceDays(): number {
    return this.days;
  }

  get permanent(): boolean {
    return this.days === PERMANENT_SERVICE_DAYS;
  }

  /** Counts the service days down to `ts` (running: whether the machine ran since the last call); locks at 0. */
  advance(ts: number, running: boolean): void {
    const elapsed = this.lastTs === undefined ? 0 : Math.max(0, ts - this.lastTs);
    this.lastTs = ts;
    if (this.isLocked || this.permanent) return;
    if (this.reset === 'calendar_days' || running) this.counted += elapsed;
    while (this.counted >= DAY_MS && this.days > 0) {
      this.counted -= DAY_MS;
      this.days -= 1;
    }
    if (this.days === 0) this.isLocked = true;
  }

  /** A password written to the password register, as eight digits' value (its leading zero lost). */
  enter(password: number): PasswordOutcome {
    const decoded = Number.isInteger(password) && password >= 0 ? decodePrefix(Math.floor(password / MAC_MODULUS)) : undefined;
    const key = this.options.boxKey;
    if (!decoded || !key || !this.matches(key, password)) return this.wrong();
    this.apply(decoded.mode, decoded.reset);
    this.wrongAttempts = 0;
    this.hintCode = this.nextHint();
    return { ok: true, mode: decoded.mode };
  }

  private matches(key: string, password: number): boolean {
    const expected = Buffer.from(String(macDigits(key, this.options.station, this.hintCode, Math.floor(password / MAC_MODULUS))).padStart(6, '0'));
    const given = Buffer.from(String(password % MAC_MODULUS).padStart(6, '0'));
    return timingSafeEqual(expected, given);
  }

  private wrong(): PasswordOutcome {
    this.wrongAttempts += 1;
    if (this.wrongAttempts >= UNLOCK_ATTEMPTS) {
      this.wrongAttempts = 0;
      this.hintCode = this.nextHint();
    }
    return { ok: false, error: 'wrong_password' };
  }

  /** What an accepted password does: the mode sets the service days, the reset condition how they count down. */
  private apply(mode: UnlockMode, reset: ResetCondition): void {
    this.isLocked = false;
    this.counted = 0;
    this.reset = reset;
    if (mode === 'permanent') {
      this.days = PERMANENT_SERVICE_DAYS;
    } else if (mode === 'reset_timer') {
      if (!this.permanent) this.days = this.period;
    } else if (mode === 'unlock_once') {
      if (!this.permanent) this.days = Math.max(this.days, MODE_DAYS.unlock_once!);
    } else if (!this.permanent) {
      this.period = MODE_DAYS[mode]!;
      this.days = Math.min(this.days + this.period, PERMANENT_SERVICE_DAYS - 1);
    }
  }
}
