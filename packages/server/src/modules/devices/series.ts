import { KLINE_MAX_CANDLES, type DeviceHistory, type HistoryQuery, type KlineCandle, type KlineQuery } from '@cloudbox/domain';
import type { Db } from '../../db/index.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, type Person } from '../../access/scope.js';
import { ApiError, type Problem } from '../../http/errors.js';
import { createPartitions } from '../../ingest/partitions.js';
import { createHistoryReader, type TimeRange } from './history.js';
import { resolveDevice, type VisibleDevice } from './resolve.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Without `from`, history shows the last day and K-lines the last week of hours or year of days. */
const DEFAULT_SPAN_MS = { history: DAY_MS, hour: 7 * DAY_MS, day: 365 * DAY_MS };

/** `from`/`to` of a query with their defaults (`to` now, `from` a span before it); from after to is refused. */
function timeRange(query: { from?: Date; to?: Date }, spanMs: number, now: Date): TimeRange {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - spanMs);
  if (from > to) throw ApiError.invalidInput([{ field: 'from', key: 'timeRangeOrder' }]);
  return { from, to };
}

/** Registers the device does not have, or that the caller may not read (for it the same thing): refused. */
function refuseUnreadable(device: VisibleDevice, field: string, numbers: number[]): void {
  const { deviceType } = device.controller;
  const problems: Problem[] = numbers
    .filter((number) => !deviceType.registers.has(number) || !mayRead(device.access, deviceType.id, number))
    .map((register) => ({ field, key: 'registerUnknown', params: { register } }));
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

/** A device's values over time: history (samples or rollups) and K-line candles, read through ./history.ts. */
export function createDeviceSeries(deps: { db: Db; registry: Registry; policy: DevicePolicy; rawRetentionDays: number; now: () => Date }) {
  const { db, registry, policy, now } = deps;
  const reader = createHistoryReader(db);
  const rawWindow = createPartitions(db, deps.rawRetentionDays);

  async function deviceSeries(user: Person, boxId: string, station: number) {
    const device = await resolveDevice(registry, policy, user, boxId, station);
    return { device, series: { controllerId: device.controller.id, timeZone: device.box.timeZone } };
  }

  return {
    /** Samples of the range, paged; or downsampled to `points` per register. Past the raw retention, from the hourly rollups. */
    async history(user: Person, boxId: string, station: number, query: HistoryQuery): Promise<DeviceHistory> {
      const { device, series } = await deviceSeries(user, boxId, station);
      const { deviceType } = device.controller;
      const registers = query.registers ?? [...deviceType.registers.keys()].filter((number) => mayRead(device.access, deviceType.id, number));
      refuseUnreadable(device, 'registers', registers);
      const time = now();
      const range = timeRange(query, DEFAULT_SPAN_MS.history, time);
      return reader.history(
        series,
        range,
        { numbers: registers, all: query.registers === undefined && device.access.template === null },
        {
          rawEarliest: rawWindow.window(time.getTime()).earliest,
          points: query.points,
          page: query.page,
          page_size: query.page_size,
        },
      );
    },

    /** Hourly or daily candles of one register from the rollups. */
    async kline(user: Person, boxId: string, station: number, query: KlineQuery): Promise<KlineCandle[]> {
      const { device, series } = await deviceSeries(user, boxId, station);
      refuseUnreadable(device, 'register', [query.register]);
      const range = timeRange(query, DEFAULT_SPAN_MS[query.interval], now());
      const candles = Math.floor((range.to.getTime() - range.from.getTime()) / (query.interval === 'hour' ? HOUR_MS : DAY_MS)) + 1;
      if (candles > KLINE_MAX_CANDLES) throw ApiError.invalidInput([{ field: 'from', key: 'klineTooManyCandles', params: { max: KLINE_MAX_CANDLES } }]);
      return reader.kline(series, query.register, query.interval, range);
    },
  };
}
