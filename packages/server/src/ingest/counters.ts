/** Why a message, or part of one, was not stored. Each is counted, none stops the server. */
export const REJECTIONS = [
  /** Payload over MAX_PAYLOAD_BYTES. */
  'oversized',
  /** Not `cloudbox/{id}/up/{hello|data|status|ack}`. */
  'wrong_topic',
  /** No box registered with this id: a connection refused (embedded broker) or a message dropped (external broker). */
  'unknown_box',
  /** Not JSON, or not the message's shape. */
  'malformed',
  /** Sample time outside the window the server keeps (older than the raw retention, or in the future). */
  'bad_timestamp',
  /** A controller station the box does not have (that controller's part only). */
  'unknown_station',
  /** A register the device type does not have (that reading only). */
  'unknown_register',
  /** A raw value that is not an integer word of the register's width: NaN, a string, out of range (that reading only). */
  'bad_value',
  /** The broker refused a publish or subscribe outside the box's own topics. */
  'not_authorized',
  /** A connection attempt with a wrong secret, or a user name that is not a box id. */
  'bad_credentials',
  /** A connection attempt from an address refused too often lately: refused without asking the database. */
  'rate_limited',
  /** The database refused the message itself (not a passing outage): stored apart from its batch, then dropped. */
  'store_failed',
] as const;
export type Rejection = (typeof REJECTIONS)[number];

export const MESSAGE_KINDS = ['hello', 'data', 'status', 'ack'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface IngestCounters {
  received: Record<MessageKind, number>;
  rejected: Record<Rejection, number>;
  /** Controller samples and register readings committed (duplicates not included). */
  samples: number;
  points: number;
  /** Samples already stored with the same values (a redelivery): skipped, and not counted in rollups again. */
  duplicates: number;
  /**
   * Samples with the controller and time of a stored sample but other values: acknowledged and
   * dropped, the stored one stays (a box that reuses a sample time for new readings loses them).
   */
  conflicts: number;
  batches: number;
  /** Batches the database failed passingly and that were written again. */
  retries: number;
  lastBatch: { samples: number; ms: number } | null;
}

export function createCounters(): IngestCounters {
  const zero = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  return {
    received: zero(MESSAGE_KINDS),
    rejected: zero(REJECTIONS),
    samples: 0,
    points: 0,
    duplicates: 0,
    conflicts: 0,
    batches: 0,
    retries: 0,
    lastBatch: null,
  };
}
