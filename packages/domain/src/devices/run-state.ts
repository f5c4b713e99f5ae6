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

export const RUN_STATE_LABELS = {
  running: 'runStateRunning',
  stopped: 'runStateStopped',
  unknown: 'runStateUnknown',
} satisfies Record<RunState, MessageKey>;

/** The days running hours look back over. */
export const RUNNING_HOURS_DAYS = 30;
