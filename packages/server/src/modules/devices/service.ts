import type { DeviceDetail, DeviceExportQuery, Language } from '@cloudbox/domain';
import type { Db } from '../../db/index.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { boxDetail } from './detail.js';
import { deviceExportRows, exportDate, type DeviceExportRow } from './exports.js';
import { createDeviceList } from './list.js';
import { createDeviceRealtime } from './realtime.js';
import { createRunningHours } from './running-hours.js';
import { createDeviceSeries } from './series.js';
import type { ExportRows } from './xlsx.js';

export type DeviceService = ReturnType<typeof createDeviceService>;

/**
 * The device query API: the list with its filters and status counts (./list.ts, its SQL in
 * ./queries.ts), its export (./exports.ts), a box's detail (./detail.ts), a device's realtime
 * values (./realtime.ts), history and K-lines (./series.ts, the time series reads in
 * ./history.ts). Every query is scoped by the devices policy.
 */
export function createDeviceService(deps: { db: Db; registry: Registry; policy: DevicePolicy; rawRetentionDays: number; now?: () => Date }) {
  const parts = { ...deps, now: deps.now ?? (() => new Date()) };
  const list = createDeviceList(parts);
  const realtime = createDeviceRealtime(parts);
  const series = createDeviceSeries(parts);

  return {
    /** What these users may see changed: their reused totals, counts and values are stale. */
    forgetUsers(userIds: readonly number[]): void {
      list.forgetUsers(userIds);
      realtime.forgetUsers(userIds);
    },

    /** One page of devices: one item per controller; `status=unregistered` lists unregistered boxes instead. */
    list: list.list,

    /** Devices per status under the same filters (but the status), for the dashboard and the filter bar. */
    statusCounts: list.statusCounts,

    /** Devices per run state (running, stopped, unknown) under the filters: the dashboard's running count. */
    runCounts: list.runCounts,

    /** A device's running hours today and over the last 30 days, from the hourly rollups of its stop-state register. */
    runningHours: createRunningHours(parts),

    /** Every device of the list's filters and sort, for a spreadsheet streamed in batches. */
    exportRows: (user: Person, language: Language, query: DeviceExportQuery): Promise<ExportRows<DeviceExportRow>> =>
      deviceExportRows(parts, user, language, query),

    /** Today in the caller's CK zone, for export file names. */
    exportDate: (user: Person): Promise<string> => exportDate(parts.db, user, parts.now()),

    /** A box with its controllers, connection state, location, SIM and expiry, and its recent connection log. */
    detail: (user: Person, language: Language, boxId: string): Promise<DeviceDetail> => boxDetail(parts, user, language, boxId),

    /** The newest value of every register of a device, named in the caller's language, and the page layout; reused for a second. */
    realtime: realtime.realtime,

    /** Samples of a device over a range, paged or downsampled; K-line candles from the rollups. */
    history: series.history,
    kline: series.kline,
  };
}
