import { z } from 'zod';
import { PROGRAM_ACK_ERRORS } from '../plc-programs/protocol.js';
import { storableText } from '../validation-schemas.js';

/**
 * The MQTT data plane between boxes and the server (DESIGN.md section 4). A box authenticates with
 * its id as user name and its secret as password, and uses only the topics under its own id.
 * Values on the wire are raw register words; the codec turns them into engineering values.
 */
export const TOPIC_ROOT = 'cloudbox';

export function boxTopics(boxId: string) {
  const base = `${TOPIC_ROOT}/${boxId}`;
  return {
    hello: `${base}/up/hello`,
    data: `${base}/up/data`,
    status: `${base}/up/status`,
    ack: `${base}/up/ack`,
    write: `${base}/down/write`,
    program: `${base}/down/program`,
    server: `${base}/down/server`,
    config: `${base}/down/config`,
    /** Reboot or reset the box's configuration (`/scripts/reset-device`), acknowledged on `up/ack`. */
    reset: `${base}/down/reset`,
  } as const;
}

/** Retained on the status topic: `online` on connect, `offline` as the box's last will. */
export const BOX_STATUS = { online: 'online', offline: 'offline' } as const;

export const boxIdSchema = z.string().regex(/^\d+$/);
export const stationSchema = z.number().int().min(0).max(255);

/** What a box says of itself; stored as text, so held to the storable-text rule and kept short. */
export const helloSchema = z.object({ model: storableText(64), software: storableText(64), iccid: storableText(32), ip: storableText(64) });
export type HelloMessage = z.infer<typeof helloSchema>;

/** Raw values stay unknown here: the codec rejects a bad reading alone, not the whole message. */
export const dataMessageSchema = z.object({
  ts: z.number().int(),
  seq: z.number().int().min(0),
  controllers: z.array(z.object({ station: stationSchema, values: z.record(z.string().regex(/^\d+$/), z.unknown()) })),
});
export type DataMessage = z.infer<typeof dataMessageSchema>;

const DIGITS = /^\d+$/;
const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/**
 * A parsed `up/data` message as `DataMessage` when `dataMessageSchema` accepts it, else undefined.
 * Every message a box sends comes through here: the shape is checked in place first (the message
 * itself is returned, without the schema's copy of it, about a tenth of ingest's time), and only a
 * message that check does not pass goes to the schema, which stays the one judge.
 */
export function asDataMessage(message: unknown): DataMessage | undefined {
  if (hasDataShape(message)) return message;
  const parsed = dataMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : undefined;
}

function hasDataShape(message: unknown): message is DataMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { ts, seq, controllers } = message as Record<string, unknown>;
  if (!isInteger(ts) || !isInteger(seq) || seq < 0 || !Array.isArray(controllers)) return false;
  for (const part of controllers as unknown[]) {
    if (typeof part !== 'object' || part === null) return false;
    const { station, values } = part as Record<string, unknown>;
    if (!isInteger(station) || station < 0 || station > 255) return false;
    if (typeof values !== 'object' || values === null || Array.isArray(values) || Object.getPrototypeOf(values) !== Object.prototype) return false;
    for (const key of Object.keys(values)) if (!DIGITS.test(key)) return false;
  }
  return true;
}

/** A remote write: `value` is the raw word from `encodeRegister` (for a bit field, shifted into place). */
export const writeCommandSchema = z.object({
  cmdId: z.string().min(1),
  station: stationSchema,
  register: z.number().int().min(0),
  value: z.number(),
});
export type WriteCommand = z.infer<typeof writeCommandSchema>;

/** `locked`: the controller is locked and refuses to start; `wrong_password`: an unlock password it does not accept. */
export const WRITE_ERRORS = ['bad_request', 'unknown_station', 'unknown_register', 'not_writable', 'out_of_range', 'locked', 'wrong_password'] as const;
export type WriteError = (typeof WRITE_ERRORS)[number];

/**
 * The box's answer to a write; `value` is the register's raw word as read back after the write. A
 * PLC program's chunks and verification are answered the same way (plc-programs/protocol.ts).
 */
export const writeAckSchema = z.object({
  cmdId: storableText(64),
  ok: z.boolean(),
  value: z.number().optional(),
  error: z.enum([...WRITE_ERRORS, ...PROGRAM_ACK_ERRORS]).optional(),
});
export type WriteAck = z.infer<typeof writeAckSchema>;

/**
 * The server address a box is told to use (`down/server`); the box answers on `up/ack` with the
 * same `cmdId` (`{cmdId, ok, error?}`) once it has stored it.
 */
export const serverAddressMessageSchema = z.object({ cmdId: z.string().min(1), server: z.string().min(1) });
export type ServerAddressMessage = z.infer<typeof serverAddressMessageSchema>;

/**
 * A box model's configuration file (`down/config`): the newest version of the model's file, its
 * SHA-256 (hex) for the box to check, and the text itself. Acknowledged on `up/ack` like a write.
 */
export const configMessageSchema = z.object({ cmdId: z.string().min(1), version: z.number().int().min(1), sha256: z.string().length(64), content: z.string() });
export type ConfigMessage = z.infer<typeof configMessageSchema>;
