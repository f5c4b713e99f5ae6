import { z } from 'zod';
import { pageQuerySchema } from '../http/query.js';

/**
 * Boxes' data usage (the box-dws screen, and the device display's "device flow"): MQTT payload
 * bytes a box sent (up) and was sent (down), and its messages, per local day of its company's zone.
 */

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const usageListQuerySchema = pageQuerySchema.extend({
  /** `YYYY-MM`; default: this month. */
  month: z.string().trim().regex(MONTH_PATTERN, 'monthFormat').optional(),
  keyword: z.string().trim().max(100, 'textTooLong').optional(),
});
export type UsageListQuery = z.output<typeof usageListQuerySchema>;

const totals = { bytes_up: z.number().int(), bytes_down: z.number().int(), messages: z.number().int() };

export const boxUsageTotalSchema = z.object({ box_id: z.string(), ck: z.string(), month: z.string(), ...totals });
export type BoxUsageTotal = z.infer<typeof boxUsageTotalSchema>;

export const usageDaySchema = z.object({ day: z.string(), ...totals });
export const usageMonthSchema = z.object({ month: z.string(), ...totals });
export type UsageDay = z.infer<typeof usageDaySchema>;
export type UsageMonth = z.infer<typeof usageMonthSchema>;

export const boxUsageQuerySchema = z.object({ month: z.string().trim().regex(MONTH_PATTERN, 'monthFormat').optional() });

/** GET /box-usage/:boxId: the days of one month and the last twelve months. */
export const boxUsageSchema = z.object({ box_id: z.string(), month: z.string(), days: z.array(usageDaySchema), months: z.array(usageMonthSchema) });
export type BoxUsage = z.infer<typeof boxUsageSchema>;

/** This month's usage of a box: the device display's "device flow". */
export const monthUsageSchema = z.object({ month: z.string(), bytes_up: z.number().int(), bytes_down: z.number().int() });
export type MonthUsage = z.infer<typeof monthUsageSchema>;
