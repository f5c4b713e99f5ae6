import { conditionMet, RUNNING_HOURS_DAYS, type EventCondition, type RunningHours } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { resolveDevice } from './resolve.js';

const HOUR_MS = 3_600_000;

/** One hourly rollup of the stop-state register. */
export interface RollupHour {
  min: number;
  max: number;
  avg: number;
}

/**
 * How much of an hour the machine ran, from its rollup: all of it when the lowest and the highest
 * value both mean running, none when both mean stopped. An hour that saw both: for a 0/1 flag, the
 * share of samples at the running value (its average), else half, as the rollup keeps no order
 * of values within the hour.
 */
export function runningShare(stop: EventCondition, hour: RollupHour): number {
  const stoppedAtMin = conditionMet(stop, hour.min);
  const stoppedAtMax = conditionMet(stop, hour.max);
  if (!stoppedAtMin && !stoppedAtMax) return 1;
  if (stoppedAtMin && stoppedAtMax) return 0;
  if (hour.min === 0 && hour.max === 1) return stoppedAtMin ? hour.avg : 1 - hour.avg;
  return 0.5;
}

/** Hours to one decimal: the precision the rollups give (see runningShare). */
function roundHours(hours: number): number {
  return Math.round(hours * 10) / 10;
}

/**
 * A device's running hours today (from local midnight in the CK's zone) and over the last 30 days,
 * from the hourly rollups of its type's stop-state register: an hour with samples counts as a
 * whole hour times its running share; the hour in progress up to now.
 */
export function createRunningHours(deps: { db: Db; registry: Registry; policy: DevicePolicy; now: () => Date }) {
  const { db, registry, policy, now } = deps;
  return async function runningHours(user: Person, boxId: string, station: number): Promise<RunningHours> {
    const { box, controller } = await resolveDevice(registry, policy, user, boxId, station);
    const [stop] = await queryRows<{ register: number; condition: EventCondition }>(
      db,
      sql`select register, condition from device_type_stop_states where device_type_id = ${controller.deviceType.id}`,
    );
    if (!stop) return { register: null, today: null, last_30_days: null };
    const time = now();
    const at = sql`${time.toISOString()}::timestamptz`;
    const hours = await queryRows<RollupHour & { start_ms: number; today: boolean }>(
      db,
      sql`select date_part('epoch', bucket) * 1000 as start_ms, min, max, sum / count as avg,
            bucket >= (date_trunc('day', ${at} at time zone ${box.timeZone}) at time zone ${box.timeZone}) as today
          from rollups_hourly
          where controller_id = ${controller.id} and register = ${stop.register}
            and bucket >= ${at} - ${`${RUNNING_HOURS_DAYS} days`}::interval and bucket <= ${at}`,
    );
    let today = 0;
    let total = 0;
    for (const hour of hours) {
      const elapsed = Math.min(1, Math.max(0, (time.getTime() - Number(hour.start_ms)) / HOUR_MS));
      const ran = runningShare(stop.condition, hour) * elapsed;
      total += ran;
      if (hour.today) today += ran;
    }
    return { register: stop.register, today: roundHours(today), last_30_days: roundHours(total) };
  };
}
