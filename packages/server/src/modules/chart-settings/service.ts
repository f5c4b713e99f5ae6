import type { OperationAction } from '@cloudbox/domain';
import { requireDeviceType } from '../../db/device-types.js';
import type { Db, Executor } from '../../db/index.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import type { SettingsContext } from './checks.js';
import { gaugeCommands } from './gauges.js';
import { loadChartSettings } from './sql.js';
import { stackedCommands } from './stacked.js';
import { stopStateCommands } from './stop-states.js';
import { typeChartsReader } from './type-charts.js';

export type ChartSettingsService = ReturnType<typeof createChartSettingsService>;

export interface ChartSettingsDeps {
  db: Db;
  oplog: OperationLogService;
  /** Told the types whose charts changed, after the commit (the bus's `device-types-changed`). */
  deviceTypesChanged: (deviceTypeIds: string[]) => void;
}

/**
 * The chart settings of device types: root's gauges, stacked charts and stop states (each change
 * one transaction with its operation-log entry, then `device-types-changed`), and what a type's
 * pages draw, kept per type in memory until the bus says that type's settings or registers changed.
 */
export function createChartSettingsService({ db, oplog, deviceTypesChanged }: ChartSettingsDeps) {
  const context: SettingsContext = {
    db,
    audit: (tx: Executor, actor: Actor, action: OperationAction, entry) =>
      oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...entry }),
    changed: deviceTypesChanged,
    async listed(ref) {
      const type = ref === undefined ? undefined : await requireDeviceType(db, ref);
      return loadChartSettings(db, type?.id);
    },
  };
  return { ...gaugeCommands(context), ...stackedCommands(context), ...stopStateCommands(context), ...typeChartsReader(db) };
}
