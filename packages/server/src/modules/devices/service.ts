import {
  deviceState,
  registerRange,
  formatRegisterValue,
  KLINE_MAX_CANDLES,
  type DeviceDetail,
  type DeviceExportQuery,
  type DeviceFilter,
  type DeviceHistory,
  type DeviceItem,
  type DeviceLocation,
  type DeviceListQuery,
  type DeviceRealtime,
  type DeviceStatusCounts,
  type HistoryQuery,
  type KlineCandle,
  type KlineQuery,
  type Language,
  type Page,
} from '@cloudbox/domain';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import { deviceTypeLayoutRows, type UserRow } from '../../db/schema.js';
import { ApiError, type Problem } from '../../http/errors.js';
import { createPartitions } from '../../ingest/partitions.js';
import type { RegisteredBox, RegisteredController, Registry } from '../../fleet/registry.js';
import { createHistoryReader, type TimeRange } from './history.js';
import { createRecentAnswers } from './recent.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayViewUnregisteredBoxes, mayWrite, type BoxScope, type DeviceAccess, type Person } from '../../access/scope.js';
import { scopeCondition } from '../../access/sql.js';
import { fileDate, type ExportRows } from './xlsx.js';
import {
  containing,
  deviceRows,
  filterCondition,
  isoOf,
  itemColumns,
  itemOf,
  orderBy,
  flagsFor,
  REGISTERED_STATUSES,
  statusCondition,
  unregisteredItem,
  type ItemRow,
} from './queries.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Without `from`, history shows the last day and K-lines the last week of hours or year of days. */
const DEFAULT_SPAN_MS = { history: DAY_MS, hour: 7 * DAY_MS, day: 365 * DAY_MS };
const CONNECTION_LOG_ENTRIES = 20;
/** Rows per query while an export streams: memory stays flat however many rows match. */
export const EXPORT_BATCH_ROWS = 1000;
const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/**
 * How long a list's order (the ids of its devices, sorted) or a set of status counts is reused
 * for the same user and filters: a total and every page read within it come from one snapshot.
 */
const RECENT_COUNTS_MS = 5000;
const RECENT_COUNTS_ENTRIES = 5000;
/** The device ids that reused list orders may hold together (4 bytes each). */
const RECENT_ORDER_IDS = 2_000_000;
/**
 * How long a list page is reused for the same user, language and query: the consoles of a control
 * room that poll or reload the same page share one query. A row's status may be this much older
 * than the live status, which reaches open lists over the WebSocket anyway.
 */
const RECENT_PAGE_MS = 1000;
/** The list rows that reused pages may hold together (pages of up to 500 rows under many filters would otherwise hold the heap). */
const RECENT_PAGE_ITEMS = 50_000;

/** A device list row for a spreadsheet: the last contact also as the wall time of the box's zone. */
export type DeviceExportRow = DeviceItem & { last_seen_local_ms: number | null };

export interface VisibleDevice {
  box: RegisteredBox;
  controller: RegisteredController;
  access: DeviceAccess;
}

/**
 * The box and controller a device route names, if the user may see the box. A box the user may
 * not see answers exactly like one that does not exist, so ids cannot be probed.
 */
export async function resolveDevice(registry: Registry, policy: DevicePolicy, user: Person, boxId: string, station: number): Promise<VisibleDevice> {
  const box = await registry.box(boxId);
  const access = box && (await policy.access(user, box));
  if (!box || !access) throw ApiError.notFound('boxNotFound');
  const controller = box.controllers.get(station);
  if (!controller) throw ApiError.notFound('deviceNotFound');
  return { box, controller, access };
}

/** `from`/`to` of a query with their defaults (`to` now, `from` a span before it); from after to is refused. */
function timeRange(query: { from?: Date; to?: Date }, spanMs: number, now: Date): TimeRange {
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - spanMs);
  if (from > to) throw ApiError.invalidInput([{ field: 'from', key: 'timeRangeOrder' }]);
  return { from, to };
}

/** The CK's time zone of a user (root and users without a CK: the default zone). */
export async function timeZoneOf(db: Db, user: Pick<UserRow, 'ck'>): Promise<string> {
  if (user.ck === null) return DEFAULT_TIME_ZONE;
  const [row] = await queryRows<{ time_zone: string }>(db, sql`select time_zone from ck_codes where code = ${user.ck}`);
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** An instant as the wall time of a zone, expressed as epoch ms of that wall time read as UTC (how spreadsheets take dates). */
export function wallTime(iso: string | null, timeZone: string): number | null {
  if (iso === null) return null;
  const time = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(time);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'), time.getUTCMilliseconds());
}

export type DeviceService = ReturnType<typeof createDeviceService>;

/**
 * The device query API: the list with its filters and status counts, a box's detail, a device's
 * realtime values, history and K-lines. Every query is scoped by the devices policy; the SQL of
 * the list lives in ./queries.ts, the time series reads in ./history.ts.
 */
export function createDeviceService(deps: { db: Db; registry: Registry; policy: DevicePolicy; rawRetentionDays: number; now?: () => Date }) {
  const { db, registry, policy } = deps;
  const now = deps.now ?? (() => new Date());
  const reader = createHistoryReader(db);
  const rawWindow = createPartitions(db, deps.rawRetentionDays);
  const recentOrders = createRecentAnswers<Int32Array>({
    ttlMs: RECENT_COUNTS_MS,
    maxEntries: RECENT_COUNTS_ENTRIES,
    maxWeight: RECENT_ORDER_IDS,
    weigh: (ids) => ids.length,
  });
  const recentStatusCounts = createRecentAnswers<DeviceStatusCounts>({ ttlMs: RECENT_COUNTS_MS, maxEntries: RECENT_COUNTS_ENTRIES });
  const recentPages = createRecentAnswers<Page<DeviceItem>>({
    ttlMs: RECENT_PAGE_MS,
    maxEntries: RECENT_COUNTS_ENTRIES,
    maxWeight: RECENT_PAGE_ITEMS,
    weigh: (page) => page.items.length,
  });
  const recentRealtime = createRecentAnswers<DeviceRealtime>({ ttlMs: RECENT_PAGE_MS, maxEntries: RECENT_COUNTS_ENTRIES });

  /** What a count depends on besides who asks: what is filtered. */
  function countKey(filter: DeviceFilter): unknown[] {
    return [filter.status, filter.keyword, filter.ck, filter.model, filter.expiry];
  }

  /**
   * What a list's order depends on besides who asks: the count's key, the sort, the language (the
   * model's name) and the clock's window (expiry groups move with the month).
   */
  function orderKey(language: Language, query: DeviceExportQuery): unknown[] {
    const window = Math.floor(now().getTime() / RECENT_COUNTS_MS);
    return [...countKey(query), query.sort, query.order, language, window];
  }

  /** Unregistered boxes as list items: only for those who may register them, and only when no box fact is filtered on. */
  function unregisteredWhere(user: Person, filter: Omit<DeviceFilter, 'status'>): SQL | undefined {
    if (!mayViewUnregisteredBoxes(user) || filter.ck !== undefined || filter.model !== undefined || filter.expiry !== undefined) return undefined;
    return filter.keyword ? sql`(id ilike ${containing(filter.keyword)} or last_ip ilike ${containing(filter.keyword)})` : sql`true`;
  }

  async function unregisteredPage(user: Person, query: DeviceListQuery): Promise<Page<DeviceItem>> {
    const where = unregisteredWhere(user, query);
    if (!where) return { total: 0, items: [] };
    const order = query.sort === 'last_seen_at' ? sql`last_seen_at` : sql`id`;
    const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from unregistered_boxes where ${where}`),
      queryRows<{ id: string; last_seen_ms: number; last_ip: string | null }>(
        db,
        sql`select id, date_part('epoch', last_seen_at) * 1000 as last_seen_ms, last_ip from unregistered_boxes where ${where}
            order by ${order} ${direction}, id limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, items: rows.map(unregisteredItem) };
  }

  function where(scope: BoxScope, filter: DeviceFilter): SQL {
    const filters = filterCondition(scope, filter, now());
    return filter.status === undefined || filter.status === 'unregistered' ? filters : sql`${filters} and ${statusCondition(filter.status)}`;
  }

  /**
   * The controller ids of every device of the query, in its order: one index-only pass over what
   * the WHERE and ORDER BY read. A page is then a slice of it, read by primary key, so a deep
   * page costs what the first does (an OFFSET would compute and skip every row before it).
   */
  async function orderedIds(scope: BoxScope, language: Language, query: DeviceExportQuery): Promise<Int32Array> {
    const flags = flagsFor(query);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select c.id from ${deviceRows(flags)} where ${where(scope, query)} order by ${orderBy(query.sort, query.order, language)}`,
    );
    return Int32Array.from(rows, (row) => row.id);
  }

  /**
   * The devices of these controller ids, in the order of the ids. A device gone since, or out of
   * the user's scope since (the order is reused for a few seconds), is left out.
   */
  async function rowsInOrder(scope: BoxScope, language: Language, ids: Int32Array): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<ItemRow & { row_id: number }>(
      db,
      sql`select c.id as row_id, ${itemColumns(language, 'per row')} from ${deviceRows('per row')}
          where c.id = any(${numberArray([...ids])}::int[]) and ${scopeCondition(scope) ?? sql`true`}`,
    );
    const position = new Map(Array.from(ids, (id, index) => [id, index]));
    return rows.sort((a, b) => position.get(a.row_id)! - position.get(b.row_id)!);
  }

  async function deviceSeries(user: Person, boxId: string, station: number) {
    const device = await resolveDevice(registry, policy, user, boxId, station);
    return { device, series: { controllerId: device.controller.id, timeZone: device.box.timeZone } };
  }

  /** Registers the device does not have, or that the caller may not read (for it the same thing). */
  function registerProblems(device: VisibleDevice, field: string, numbers: number[]): Problem[] {
    const { deviceType } = device.controller;
    return numbers
      .filter((number) => !deviceType.registers.has(number) || !mayRead(device.access, deviceType.id, number))
      .map((register) => ({ field, key: 'registerUnknown', params: { register } }));
  }

  async function listPage(user: Person, language: Language, query: DeviceListQuery): Promise<Page<DeviceItem>> {
    if (query.status === 'unregistered') return unregisteredPage(user, query);
    const scope = await policy.scopeOf(user);
    const ids = await recentOrders.get(user.id, orderKey(language, query), () => orderedIds(scope, language, query));
    const offset = (query.page - 1) * query.page_size;
    const rows = await rowsInOrder(scope, language, ids.subarray(offset, offset + query.page_size));
    return { total: ids.length, items: rows.map(itemOf) };
  }

  async function realtimeOf(user: Person, language: Language, boxId: string, station: number): Promise<DeviceRealtime> {
    const device = await resolveDevice(registry, policy, user, boxId, station);
    const { controller, access } = device;
    const typeId = controller.deviceType.id;
    const readable = (register: number | null) => register !== null && mayRead(access, typeId, register);
    const [[state], layout] = await Promise.all([
      queryRows<{ online: boolean; ts: number | null; values: Record<string, number> | null; alert: boolean | null; fault: boolean | null }>(
        db,
        sql`select boxes.online, date_part('epoch', l.ts) * 1000 as ts, l.values, a.alert, a.fault
            from boxes
            left join latest_values l on l.controller_id = ${controller.id}
            left join lateral (
              select bool_or(severity = 'alert') as alert, bool_or(severity = 'fault') as fault
              from fault_records f where f.controller_id = ${controller.id} and f.ended_at is null
            ) a on true
            where boxes.id = ${device.box.id}`,
      ),
      db.select().from(deviceTypeLayoutRows).where(eq(deviceTypeLayoutRows.deviceTypeId, controller.deviceType.id)).orderBy(asc(deviceTypeLayoutRows.row)),
    ]);
    if (!state) throw ApiError.notFound('boxNotFound');
    const values = state.values ?? {};
    return {
      box_id: device.box.id,
      controller_id: controller.station,
      status: deviceState({ online: state.online, alert: state.alert ?? false, fault: state.fault ?? false }),
      ts: state.ts === null ? null : Number(state.ts),
      registers: [...controller.deviceType.registers.values()]
        .filter((register) => readable(register.number))
        .map((register) => {
          const value = values[register.number];
          const range = registerRange(register);
          return {
            number: register.number,
            name: register.name[language],
            unit: register.unit,
            value: value ?? null,
            display: value === undefined ? null : formatRegisterValue(value, register, language),
            // Writable for this caller: the register is, and the caller may write it.
            writable: register.writable && mayWrite(access, typeId, { number: register.number, onOff: register.onOff ?? false }),
            format: register.format,
            decimals: register.decimals,
            min: range.min,
            max: range.max,
            choices: register.enum ? Object.entries(register.enum).map(([choice, labels]) => ({ value: Number(choice), label: labels[language] })) : null,
          };
        }),
      // A row shows what the caller may read of it; a row with nothing readable is left out.
      layout: layout
        .filter((row) => readable(row.register1) || readable(row.register2))
        .map((row) => {
          const cells = [
            { name: row.name1[language], register: row.register1 },
            { name: row.name2?.[language] ?? '', register: row.register2 },
          ].filter((cell): cell is { name: string; register: number } => readable(cell.register));
          const [first, second] = cells as [{ name: string; register: number }, ...{ name: string; register: number }[]];
          return { row: row.row, name1: first.name, register1: first.register, name2: second?.name ?? null, register2: second?.register ?? null };
        }),
    };
  }

  async function countStatuses(user: Person, scope: BoxScope, filter: Omit<DeviceFilter, 'status'>): Promise<DeviceStatusCounts> {
    const counts = sql.join(
      REGISTERED_STATUSES.map((status) => sql`count(*) filter (where ${statusCondition(status)})::int as ${sql.identifier(status)}`),
      sql`, `,
    );
    const unregistered = unregisteredWhere(user, filter);
    const [[row], [other]] = await Promise.all([
      queryRows<Omit<DeviceStatusCounts, 'unregistered'>>(
        db,
        sql`select count(*)::int as total, ${counts} from ${deviceRows('joined')} where ${filterCondition(scope, filter, now())}`,
      ),
      unregistered
        ? queryRows<{ unregistered: number }>(db, sql`select count(*)::int as unregistered from unregistered_boxes where ${unregistered}`)
        : Promise.resolve([{ unregistered: 0 }]),
    ]);
    if (!row) throw new Error('a count answered no row');
    return { ...row, unregistered: other?.unregistered ?? 0 };
  }

  return {
    /** What these users may see changed: their reused totals and counts are stale. */
    forgetUsers(userIds: readonly number[]): void {
      for (const answers of [recentOrders, recentStatusCounts, recentPages, recentRealtime]) answers.forgetUsers(userIds);
    },

    /** One page of devices: one item per controller; `status=unregistered` lists unregistered boxes instead. */
    list(user: Person, language: Language, query: DeviceListQuery): Promise<Page<DeviceItem>> {
      // Keyed by the clock's window too: what a page holds depends on the time (expiry groups).
      const window = Math.floor(now().getTime() / RECENT_PAGE_MS);
      return recentPages.get(user.id, [language, query, window], () => listPage(user, language, query));
    },

    /** Devices per status under the same filters (but the status), for the dashboard and the filter bar. */
    statusCounts(user: Person, filter: Omit<DeviceFilter, 'status'>): Promise<DeviceStatusCounts> {
      return recentStatusCounts.get(user.id, countKey(filter), async () => countStatuses(user, await policy.scopeOf(user), filter));
    },

    /**
     * Every device of the list's filters and sort, counted, then a batch at a time from one order
     * taken at the start: a device whose status changes while the file streams is neither skipped
     * nor written twice, and the count is what is written. Unregistered boxes have no CK: their
     * times are in the caller's zone.
     */
    async exportRows(user: Person, language: Language, query: DeviceExportQuery): Promise<ExportRows<DeviceExportRow>> {
      if (query.status === 'unregistered') {
        const zone = await timeZoneOf(db, user);
        const { total } = await unregisteredPage(user, { ...query, page: 1, page_size: 1 });
        const batches = async function* () {
          for (let page = 1; ; page += 1) {
            const { items } = await unregisteredPage(user, { ...query, page, page_size: EXPORT_BATCH_ROWS });
            if (items.length > 0) yield items.map((item) => ({ ...item, last_seen_local_ms: wallTime(item.last_seen_at, zone) }));
            if (items.length < EXPORT_BATCH_ROWS) return;
          }
        };
        return { rows: total, batches: batches() };
      }
      const scope = await policy.scopeOf(user);
      const ids = await orderedIds(scope, language, query);
      const batches = async function* () {
        for (let offset = 0; offset < ids.length; offset += EXPORT_BATCH_ROWS) {
          const rows = await rowsInOrder(scope, language, ids.subarray(offset, offset + EXPORT_BATCH_ROWS));
          if (rows.length > 0)
            yield rows.map((row) => ({ ...itemOf(row), last_seen_local_ms: row.last_seen_local_ms === null ? null : Number(row.last_seen_local_ms) }));
        }
      };
      return { rows: ids.length, batches: batches() };
    },

    /** Today in the caller's CK zone, for export file names. */
    async exportDate(user: Person): Promise<string> {
      return fileDate(now(), await timeZoneOf(db, user));
    },

    /** A box with its controllers, connection state, location, SIM and expiry, and its recent connection log. */
    async detail(user: Person, language: Language, boxId: string): Promise<DeviceDetail> {
      const [box] = await queryRows<BoxRow>(
        db,
        sql`select boxes.id, boxes.ck, k.name as ck_name, boxes.model, boxes.software, boxes.iccid, boxes.owner_unit, boxes.contact, boxes.phone,
              boxes.remark, boxes.online, boxes.last_ip, boxes.province, boxes.city, boxes.district, boxes.street, boxes.latitude, boxes.longitude,
              s.ip_address as server_ip,
              to_char(boxes.install_date, 'YYYY-MM-DD') as install_day, to_char(boxes.expiry_date, 'YYYY-MM-DD') as expiry_day,
              date_part('epoch', boxes.registered_at) * 1000 as registered_ms, date_part('epoch', boxes.last_seen_at) * 1000 as last_seen_ms,
              date_part('epoch', boxes.status_changed_at) * 1000 as status_changed_ms
            from boxes join ck_codes k on k.code = boxes.ck left join box_server_configs s on s.box_id = boxes.id
            where boxes.id = ${boxId}`,
      );
      if (!box || !(await policy.access(user, box))) throw ApiError.notFound('boxNotFound');
      const [controllers, connections, registered] = await Promise.all([
        queryRows<ControllerRow>(
          db,
          sql`select c.station, c.device_type_id, coalesce(t.name ->> ${language}, t.id) as model, c.machine_model, c.device_number,
                coalesce(a.alert, false) as alert, coalesce(a.fault, false) as fault, date_part('epoch', l.ts) * 1000 as values_ms
              from controllers c
              join device_types t on t.id = c.device_type_id
              left join latest_values l on l.controller_id = c.id
              left join lateral (
                select bool_or(severity = 'alert') as alert, bool_or(severity = 'fault') as fault
                from fault_records f where f.controller_id = c.id and f.ended_at is null
              ) a on true
              where c.box_id = ${boxId}
              order by c.station`,
        ),
        queryRows<{ event: 'connect' | 'disconnect'; source_ip: string | null; destination_ip: string | null; reason: string | null; at_ms: number }>(
          db,
          sql`select event, source_ip, destination_ip, reason, date_part('epoch', created_at) * 1000 as at_ms
              from box_connection_logs where box_id = ${boxId} order by created_at desc, id desc limit ${CONNECTION_LOG_ENTRIES}`,
        ),
        registry.box(boxId),
      ]);
      return {
        box_id: box.id,
        ck: box.ck,
        ck_name: box.ck_name,
        time_zone: registered?.timeZone ?? DEFAULT_TIME_ZONE,
        iot_model: box.model,
        software: box.software,
        iccid: box.iccid,
        install_date: box.install_day,
        expiry_date: box.expiry_day,
        owner_unit: box.owner_unit,
        contact: box.contact,
        phone: box.phone,
        remark: box.remark,
        registered_at: isoOf(box.registered_ms)!,
        online: box.online,
        last_seen_at: isoOf(box.last_seen_ms),
        status_changed_at: isoOf(box.status_changed_ms),
        last_ip: box.last_ip,
        server_ip: box.server_ip,
        location: {
          province: box.province,
          city: box.city,
          district: box.district,
          street: box.street,
          latitude: box.latitude,
          longitude: box.longitude,
        },
        controllers: controllers.map((row) => ({
          controller_id: row.station,
          station: row.station,
          device_type: row.device_type_id,
          model: row.model,
          machine_model: row.machine_model,
          device_number: row.device_number,
          status: deviceState({ online: box.online, alert: row.alert, fault: row.fault }),
          alert: row.alert,
          fault: row.fault,
          values_at: row.values_ms === null ? null : Number(row.values_ms),
        })),
        connections: connections.map((row) => ({
          event: row.event,
          source_ip: row.source_ip,
          destination_ip: row.destination_ip,
          reason: row.reason,
          at: isoOf(row.at_ms)!,
        })),
      };
    },

    /** The newest value of every register of the device type, named in the caller's language, and the page layout. */
    /**
     * The newest values of a device, reused for a second per user, language and device like list
     * pages: values reach a box's viewers at most once a second anyway (live, over the WebSocket).
     */
    realtime(user: Person, language: Language, boxId: string, station: number): Promise<DeviceRealtime> {
      const window = Math.floor(now().getTime() / RECENT_PAGE_MS);
      return recentRealtime.get(user.id, [language, boxId, station, window], () => realtimeOf(user, language, boxId, station));
    },

    /** Samples of the range, paged; or downsampled to `points` per register. Past the raw retention, from the hourly rollups. */
    async history(user: Person, boxId: string, station: number, query: HistoryQuery): Promise<DeviceHistory> {
      const { device, series } = await deviceSeries(user, boxId, station);
      const { deviceType } = device.controller;
      const registers = query.registers ?? [...deviceType.registers.keys()].filter((number) => mayRead(device.access, deviceType.id, number));
      const problems = registerProblems(device, 'registers', registers);
      if (problems.length > 0) throw ApiError.invalidInput(problems);
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
      const problems = registerProblems(device, 'register', [query.register]);
      if (problems.length > 0) throw ApiError.invalidInput(problems);
      const range = timeRange(query, DEFAULT_SPAN_MS[query.interval], now());
      const candles = Math.floor((range.to.getTime() - range.from.getTime()) / (query.interval === 'hour' ? HOUR_MS : DAY_MS)) + 1;
      if (candles > KLINE_MAX_CANDLES) throw ApiError.invalidInput([{ field: 'from', key: 'klineTooManyCandles', params: { max: KLINE_MAX_CANDLES } }]);
      return reader.kline(series, query.register, query.interval, range);
    },
  };
}

interface BoxRow extends DeviceLocation {
  id: string;
  ck: string;
  ck_name: string;
  model: string;
  software: string;
  iccid: string;
  install_day: string | null;
  expiry_day: string | null;
  owner_unit: string;
  contact: string;
  phone: string;
  remark: string;
  registered_ms: number;
  online: boolean;
  last_seen_ms: number | null;
  status_changed_ms: number | null;
  last_ip: string | null;
  server_ip: string | null;
}

interface ControllerRow {
  station: number;
  device_type_id: string;
  model: string;
  machine_model: string;
  device_number: string;
  alert: boolean;
  fault: boolean;
  values_ms: number | null;
}
