import { z } from 'zod';
import { REGISTER_FORMATS, type RegisterFormat } from '../device-types/register.js';
import { unlockRegistersSchema } from '../device-types/device-type.js';
import type { UnlockRegisters } from '../dynamic-passwords/modes.js';
import { choice, epochMs, optional, timeRange } from '../http/query-fields.js';
import { pageQuerySchema, type Page } from '../http/query.js';
import { deviceStateSchema } from './state-schemas.js';
import type { DeviceState } from './status.js';

/** A controller's readings: its realtime values, its history and its K-line candles. */

export const KLINE_INTERVALS = ['hour', 'day'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Bounds of the downsampled history: points per register. */
export const HISTORY_POINTS = { min: 10, max: 10_000 } as const;
/** The most candles one K-line request answers. */
export const KLINE_MAX_CANDLES = 10_000;

/** Register numbers separated by commas. */
const registerList = z
  .string()
  .trim()
  .regex(/^\d{1,5}(,\d{1,5})*$/, 'registerListFormat')
  .transform((value) => [...new Set(value.split(',').map(Number))]);

export const historyQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  registers: optional(registerList),
  /** A point budget per register: the range is downsampled instead of paged. */
  points: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'pointsRange')
      .transform(Number)
      .pipe(z.number().min(HISTORY_POINTS.min, 'pointsRange').max(HISTORY_POINTS.max, 'pointsRange')),
  ),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export const klineQuerySchema = z.object({
  register: z
    .string({ error: (issue) => (issue.input == null ? 'fieldRequired' : 'fieldInvalid') })
    .regex(/^\d{1,5}$/, 'fieldInvalid')
    .transform(Number),
  interval: choice(KLINE_INTERVALS).default('day'),
  ...timeRange,
});
export type KlineQuery = z.output<typeof klineQuerySchema>;

export interface RealtimeRegister {
  number: number;
  name: string;
  unit: string;
  value: number | null;
  /** The value as the console shows it (decimals, enum label, bits, text); null without a value. */
  display: string | null;
  writable: boolean;
  format: RegisterFormat;
  decimals: number;
  /** The values the register can take (its declared limits within what its word holds). */
  min: number;
  max: number;
  /** An enum register's values and labels. */
  choices: { value: number; label: string }[] | null;
}

export interface LayoutRowView {
  row: number;
  name1: string;
  register1: number;
  name2: string | null;
  register2: number | null;
}

export interface DeviceRealtime {
  box_id: string;
  controller_id: number;
  status: DeviceState;
  /** Sample time of the newest values (epoch ms); null before the first sample. */
  ts: number | null;
  registers: RealtimeRegister[];
  layout: LayoutRowView[];
  /** The device type's lock registers when the caller may read its hint code and lock state; null: none. */
  unlock?: UnlockRegisters | null;
}

export interface HistoryPoint {
  /** Epoch ms. */
  ts: number;
  values: Record<string, number>;
}

/**
 * History: raw samples (`samples`), or hourly rollups (`hourly`: the hour's average when paged;
 * first, min, max and last of each bucket when downsampled) for ranges past the raw retention or
 * long ranges with a point budget.
 */
export interface DeviceHistory extends Page<HistoryPoint> {
  source: 'samples' | 'hourly';
  /** The width of a downsampling bucket in ms; null when paged. */
  bucket_ms: number | null;
}

export interface KlineCandle {
  /** Bucket start, epoch ms: the hour, or local midnight of the CK's time zone. */
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  min: number;
  max: number;
  avg: number;
  count: number;
}

export const deviceRealtimeSchema = z.object({
  box_id: z.string(),
  controller_id: z.number().int(),
  status: deviceStateSchema,
  ts: epochMs.nullable(),
  registers: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      unit: z.string(),
      value: z.number().nullable(),
      display: z.string().nullable(),
      writable: z.boolean(),
      format: z.enum(REGISTER_FORMATS),
      decimals: z.number().int(),
      min: z.number(),
      max: z.number(),
      choices: z.array(z.object({ value: z.number(), label: z.string() })).nullable(),
    }),
  ),
  layout: z.array(
    z.object({ row: z.number().int(), name1: z.string(), register1: z.number().int(), name2: z.string().nullable(), register2: z.number().int().nullable() }),
  ),
  unlock: unlockRegistersSchema.nullable().optional(),
}) satisfies z.ZodType<DeviceRealtime>;

export const deviceHistorySchema = z.object({
  total: z.number().int(),
  items: z.array(z.object({ ts: epochMs, values: z.record(z.string(), z.number()) })),
  source: z.enum(['samples', 'hourly']),
  bucket_ms: z.number().nullable(),
}) satisfies z.ZodType<DeviceHistory>;

export const klineSchema = z.array(
  z.object({
    t: epochMs,
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    min: z.number(),
    max: z.number(),
    avg: z.number(),
    count: z.number().int(),
  }),
) satisfies z.ZodType<KlineCandle[]>;
