import { createHmac } from 'node:crypto';
import { HINT_CODE_DIGITS, resetConditionCode, unlockModeCode, type ResetCondition, type UnlockMode } from '@cloudbox/domain';

/**
 * The console's side of the dynamic-password scheme (ARCHITECTURE-services.md, "Dynamic passwords").
 * A company's secret derives one key per box; the password is the mode and reset condition in two
 * digits, then six digits of HMAC-SHA256 over the station, the hint code, the mode and the reset
 * condition under the box's key, truncated as HOTP does (RFC 4226, section 5.3). The controller
 * recomputes it from the key it was provisioned with, so a password opens that controller at that
 * hint code only, and a new hint code after each unlock makes every password single-use.
 */

const BOX_KEY_LABEL = 'cloudbox/unlock/v1/box/';
const MAC_LABEL = 'cloudbox/unlock/v1/password';
const MAC_DIGITS = 6;

/** The unlock key a box's controllers are provisioned with: HMAC-SHA256(company secret, label ‖ box id), hex. */
export function boxUnlockKey(companySecret: string, boxId: string): string {
  return createHmac('sha256', Buffer.from(companySecret, 'hex'))
    .update(BOX_KEY_LABEL + boxId)
    .digest('hex');
}

export interface PasswordInput {
  /** The box's unlock key (hex), from `boxUnlockKey`. */
  boxKey: string;
  station: number;
  /** The hint code the controller shows: six digits. */
  hintCode: string;
  mode: UnlockMode;
  reset: ResetCondition;
}

/** The two leading digits: mode code × 2 + reset condition code (02..15). */
export function passwordPrefix(mode: UnlockMode, reset: ResetCondition): number {
  return unlockModeCode(mode) * 2 + resetConditionCode(reset);
}

/** The eight-digit password, as text (its first digit may be 0). */
export function unlockPassword({ boxKey, station, hintCode, mode, reset }: PasswordInput): string {
  if (!new RegExp(`^\\d{${HINT_CODE_DIGITS}}$`).test(hintCode)) throw new Error(`hint code must be ${HINT_CODE_DIGITS} digits`);
  const prefix = passwordPrefix(mode, reset);
  const mac = createHmac('sha256', Buffer.from(boxKey, 'hex')).update(`${MAC_LABEL}|${station}|${hintCode}|${prefix}`).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** MAC_DIGITS;
  return `${String(prefix).padStart(2, '0')}${String(code).padStart(MAC_DIGITS, '0')}`;
}
