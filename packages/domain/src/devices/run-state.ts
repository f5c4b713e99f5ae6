import { z } from 'zod';
import type { MessageKey } from '../messages.js';

/**
 * A device's run state, from its type's stop state (a condition on one register, set on
 * /chartsManage/stop-status) and the register's latest value: `stopped` while the condition holds,
 * `running` while it does not. `unknown`: the type has no stop state, the register has no value
 * yet, or the box is offline (its last values are stale: an offline machine is not counted as
 * running; ARCHITECTURE.md, decisions).
 */
export const RUN_STATES = ['running', 'stopped', 'unknown'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const runStateSchema = z.enum(RUN_STATES);

export const RUN_STATE_LABELS = {
  running: 'runStateRunning',
  stopped: 'runStateStopped',
  unknown: 'runStateUnknown',
} satisfies Record<RunState, MessageKey>;

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

/** The days running hours look back over. */
export const RUNNING_HOURS_DAYS = 30;
