import { boxIdSchema, stationSchema, type DeviceTypeInput } from '@cloudbox/domain';
import { z } from 'zod';

/** A controller names its device type: a built-in one, or one of the fleet's `deviceTypes` (checked when the fleet is made). */
const controllerSchema = z.object({
  station: stationSchema,
  deviceType: z.string().min(1),
});

/** One virtual box: the credentials its registration issued, and the controllers on its bus. */
export const boxOptionsSchema = z.object({
  id: z.union([boxIdSchema, z.number().int().nonnegative().transform(String)]),
  secret: z.string().min(1),
  model: z.string().optional(),
  software: z.string().optional(),
  iccid: z.string().optional(),
  /** The box's unlock key (hex, ARCHITECTURE-services.md "Dynamic passwords"): its lock-capable controllers check passwords with it. */
  unlockKey: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'an unlock key is 64 hex digits')
    .optional(),
  /** Stations whose controllers start locked (no service days left). */
  lockedStations: z.array(stationSchema).optional(),
  /** Tests of PLC program delivery: ignore the chunk with this index once per program (the server must send it again). */
  dropProgramChunk: z.number().int().nonnegative().optional(),
  /** Tests of PLC program delivery: drop off after acknowledging the chunk with this index, once per program, and come back shortly. */
  disconnectAfterProgramChunk: z.number().int().nonnegative().optional(),
  /** Tests of PLC program delivery: answer each program message this many milliseconds late (a slow serial bus). */
  programAckDelayMs: z.number().int().nonnegative().optional(),
  controllers: z
    .array(controllerSchema)
    .min(1)
    .refine((controllers) => new Set(controllers.map((controller) => controller.station)).size === controllers.length, 'stations on one bus must differ'),
});
export type BoxOptions = z.input<typeof boxOptionsSchema>;
export type BoxConfig = z.output<typeof boxOptionsSchema>;

export const boxListSchema = z.array(boxOptionsSchema).refine((boxes) => new Set(boxes.map((box) => box.id)).size === boxes.length, 'box ids must be unique');

export interface FleetLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** An engineering value pinned on a register of every box's controller at a station (`--hold station:register=value`). */
export interface Hold {
  station: number;
  register: number;
  value: number;
}

export interface FleetOptions {
  /** The broker, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  boxes: readonly BoxOptions[];
  /** Seconds between two data messages of one box; boxes are spread evenly across it. */
  intervalSeconds: number;
  /**
   * How finely the boxes are spread: the boxes due within one step publish together. Default: a
   * step of at most 100 ms, an even stream. A server that commits what arrives together in one
   * transaction stores a step's messages in a few commits instead of one each.
   */
  stepSeconds?: number;
  /** Everything random (plant sizes, noise, episodes, drop-outs) derives from it. */
  seed: number;
  /** Chance per data interval that a box drops off without a clean close (default 0.001). */
  dropOutRate?: number;
  /** Chance per 120 samples that a controller goes through an injected alert or fault (default 0.05). */
  faultRate?: number;
  logger?: FleetLogger;
  /**
   * Full definitions of device types the controllers may name besides the built-in ones (what
   * GET /api/v2/device-types/:id/definition answers); one with a built-in's id replaces it.
   */
  deviceTypes?: readonly DeviceTypeInput[];
  holds?: readonly Hold[];
  /** The time boxes stamp on their readings (default Date.now); scheduling always runs on real time. */
  clock?: () => number;
  /**
   * Load generation: every box publishes as fast as the broker acknowledges, `inFlight` unacknowledged
   * messages at a time (default 8), each with `pointsPerMessage` readings. Drop-outs default to 0 here.
   */
  load?: { pointsPerMessage: number; inFlight?: number };
}

export const DEFAULT_DROP_OUT_RATE = 0.001;
export const DEFAULT_FAULT_RATE = 0.05;
export const DEFAULT_IN_FLIGHT = 8;
