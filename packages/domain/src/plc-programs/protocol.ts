import { z } from 'zod';

/**
 * A PLC program on the wire (`cloudbox/{boxId}/down/program`, packages/server/ARCHITECTURE-plc-programs.md):
 * the server sends the chunks one at a time, each `{cmdId: <deliveryId>, type: 'chunk', station, index, count, size, data}`,
 * then `{cmdId, type: 'verify', station, size, sha256}`. The box answers each on `up/ack` (`WriteAck`) with
 * `cmdId` `<deliveryId>/<index>` or `<deliveryId>/verify`. A chunk it did not expect it refuses with
 * `out_of_order` and the index it expects next as `value`; a program whose SHA-256 differs with
 * `checksum_mismatch`. A chunk it already has it acknowledges again (a resend after a lost ack).
 */

/** The box's refusals of a program's chunk or verification (`WriteAck.error`). */
export const PROGRAM_ACK_ERRORS = ['out_of_order', 'checksum_mismatch'] as const;
export type ProgramAckError = (typeof PROGRAM_ACK_ERRORS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const programChunkMessageSchema = z.object({
  cmdId: z.string().regex(UUID),
  type: z.literal('chunk'),
  /** The controller on the box's bus the program is for. */
  station: z.number().int().min(0).max(255),
  /** From 0; the box takes them in order. */
  index: z.number().int().min(0),
  count: z.number().int().min(1),
  /** The whole program's bytes. */
  size: z.number().int().min(0),
  /** This chunk's bytes, base64. */
  data: z.string(),
});
export type ProgramChunkMessage = z.infer<typeof programChunkMessageSchema>;

export const programVerifyMessageSchema = z.object({
  cmdId: z.string().regex(UUID),
  type: z.literal('verify'),
  station: z.number().int().min(0).max(255),
  size: z.number().int().min(0),
  /** The whole program's SHA-256, hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ProgramVerifyMessage = z.infer<typeof programVerifyMessageSchema>;

export const programMessageSchema = z.discriminatedUnion('type', [programChunkMessageSchema, programVerifyMessageSchema]);
export type ProgramMessage = z.infer<typeof programMessageSchema>;

/** What one program ack answers: a chunk (its index) or the verification. */
export type ProgramStep = number | 'verify';

/** The `cmdId` of the box's answer to a step of a delivery. */
export function programAckId(deliveryId: string, step: ProgramStep): string {
  return `${deliveryId}/${step}`;
}

/** The delivery and step an ack's `cmdId` names, or undefined when it is no program's. */
export function parseProgramAckId(cmdId: string): { deliveryId: string; step: ProgramStep } | undefined {
  const slash = cmdId.indexOf('/');
  if (slash < 0) return undefined;
  const deliveryId = cmdId.slice(0, slash);
  const step = cmdId.slice(slash + 1);
  if (!UUID.test(deliveryId)) return undefined;
  if (step === 'verify') return { deliveryId, step };
  return /^\d{1,9}$/.test(step) ? { deliveryId, step: Number(step) } : undefined;
}
