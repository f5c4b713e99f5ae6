/**
 * Dynamic passwords (ARCHITECTURE-services.md has the scheme): what a password tells a locked
 * controller to do, and what ends the service period it grants. Each mode and reset condition has
 * a fixed code, because the controller reads them from the password's first two digits.
 */

/** What the password does, by code: unlock for a day, extend the service period, unlock for good, reset the service timer. */
export const UNLOCK_MODES = ['unlock_once', 'extend_30', 'extend_90', 'extend_180', 'extend_365', 'permanent', 'reset_timer'] as const;
export type UnlockMode = (typeof UNLOCK_MODES)[number];

/** How the granted service period counts down: calendar days, or days of running (24 running hours each). */
export const RESET_CONDITIONS = ['calendar_days', 'running_days'] as const;
export type ResetCondition = (typeof RESET_CONDITIONS)[number];

/** A mode's code in the password (1..7); 0 is no mode. */
export function unlockModeCode(mode: UnlockMode): number {
  return UNLOCK_MODES.indexOf(mode) + 1;
}

export function resetConditionCode(reset: ResetCondition): number {
  return RESET_CONDITIONS.indexOf(reset);
}

/** The days of service a mode grants; null: none (permanent needs none, reset_timer leaves the period alone). */
export const MODE_DAYS: Record<UnlockMode, number | null> = {
  unlock_once: 1,
  extend_30: 30,
  extend_90: 90,
  extend_180: 180,
  extend_365: 365,
  permanent: null,
  reset_timer: null,
};

/** Digits of a password: two for mode and reset condition, six of the keyed code. */
export const PASSWORD_DIGITS = 8;
export const HINT_CODE_DIGITS = 6;
/** Wrong passwords a controller takes before it shows a new hint code. */
export const UNLOCK_ATTEMPTS = 5;
/** The service days register's value of a permanently unlocked controller. */
export const PERMANENT_SERVICE_DAYS = 65_535;

/**
 * Where a device type keeps its lock: the register that shows the hint code, the one the password is
 * written to, the lock state (1 locked) and the service days left. Types without one cannot be unlocked
 * from the console (a password can still be calculated from a hint code read off the controller).
 */
export interface UnlockRegisters {
  hint: number;
  password: number;
  state: number;
  service_days: number;
}

/** How a box's QR code was read when it was bound (add-device): the camera, a photo, or its text typed in. */
export const SCAN_MODES = ['camera', 'photo', 'typed'] as const;
export type ScanMode = (typeof SCAN_MODES)[number];
