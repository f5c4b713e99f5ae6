import { z } from 'zod';
import { RUN_STATES, type RunState } from './run-state.js';
import { DEVICE_STATES } from './status.js';

/**
 * The answer schemas of a device's state and run state (./status.ts, ./run-state.ts): apart from
 * those values, which the console's device list reads, so that they load without zod.
 */

/** The answer schema of a device's state. */
export const deviceStateSchema = z.enum(DEVICE_STATES);

export const runStateSchema = z.enum(RUN_STATES);

/** How many devices are in each run state, under the device list's filters: the dashboard's running count. */
export const deviceRunCountsSchema = z.object(Object.fromEntries(RUN_STATES.map((state) => [state, z.number().int()])) as Record<RunState, z.ZodNumber>);
export type DeviceRunCounts = z.infer<typeof deviceRunCountsSchema>;

/**
 * A device's running hours from the hourly rollups of its stop-state register: today (from local
 * midnight of the CK's zone) and the last 30 days. An hour counts fully when its lowest and highest
 * values both mean running, not at all when both mean stopped; otherwise, for a 0/1 flag, by the
 * share its average gives, else half. The hour in progress counts up to now. Null without a stop state.
 */
export const runningHoursSchema = z.object({
  /** The stop state's register; null: the device type has none, so running hours are unknown. */
  register: z.number().int().nullable(),
  today: z.number().nullable(),
  last_30_days: z.number().nullable(),
});
export type RunningHours = z.infer<typeof runningHoursSchema>;
