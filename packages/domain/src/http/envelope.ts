/** Response codes of SPEC.md section 8. */
export const Code = {
  SUCCESS: 20000,
  /** The client shows a warning confirm box with the message; the call rejects. */
  WARNING: 20004,
  /** The client rejects with the message (shown to the user). */
  REJECTED: 40111,
  TOKEN_INVALID: 50008,
  SESSION_ENDED_ELSEWHERE: 50012,
  TOKEN_EXPIRED: 50014,
  /** Success code of the `/iot_card` header counts. */
  HEADER_COUNT_SUCCESS: 1000,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const LOGGED_OUT_CODES: readonly number[] = [Code.TOKEN_INVALID, Code.SESSION_ENDED_ELSEWHERE, Code.TOKEN_EXPIRED];

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}
