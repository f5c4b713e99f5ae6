import {
  deviceState,
  DEVICE_STATUSES,
  type DeviceFilter,
  type DeviceItem,
  type DeviceLocation,
  type DeviceSortField,
  type DeviceStatus,
  type ExpiryGroup,
  type Language,
} from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { BoxScope } from '../../access/scope.js';
import { scopeCondition } from '../../access/sql.js';
import { RUN_STATE, RUN_STATE_JOINS } from './run-state.js';

/**
 * The SQL of the device list: one row per controller with its box. `boxes` keeps its table name
 * (the policy's condition names its column); the other tables are aliased. The box's CK (`k`, its
 * time zone) and the device type (`t`) always exist (foreign keys): as left joins PostgreSQL drops
 * them from any query that does not read them, which saves planning as much as executing.
 *
 * A controller's active fault records fold into two flags. A query that filters or sorts on the
 * severity axis reads every row's flags: the active records, few (partial index
 * `fault_records_active_idx`), are aggregated once and joined as `active`. Any other page reads its
 * flags in the select list (see `itemColumns`), which PostgreSQL evaluates after the sort and the
 * limit: for the page's rows only.
 */
export function deviceRows(flags: Flags): SQL {
  return sql`
    controllers c
    join boxes on boxes.id = c.box_id
    left join ck_codes k on k.code = boxes.ck
    left join device_types t on t.id = c.device_type_id
    ${RUN_STATE_JOINS}
    ${
      flags === 'joined'
        ? sql`left join (
            select controller_id, bool_or(severity = 'alert') as alert, bool_or(severity = 'fault') as fault
            from fault_records where ended_at is null group by controller_id
          ) active on active.controller_id = c.id`
        : sql``
    }`;
}

export type Flags = 'joined' | 'per row';

/** Whether a query filters or sorts on the severity axis, so that it needs every row's flags joined. */
export function flagsFor(query: { status?: DeviceStatus; sort?: DeviceSortField }): Flags {
  const severityFilter = query.status !== undefined && query.status !== 'online' && query.status !== 'offline';
  return severityFilter || query.sort === 'status' ? 'joined' : 'per row';
}

/** The two axes of a status: the connection, and the worst active record. */
const ONLINE = sql`boxes.online`;
const OFFLINE = sql`not boxes.online`;
const NORMAL = sql`active.controller_id is null`;
const ALERT = sql`(active.alert and not active.fault)`;
const FAULT = sql`active.fault`;

type RegisteredStatus = Exclude<DeviceStatus, 'unregistered'>;
export const REGISTERED_STATUSES = DEVICE_STATUSES.filter((status): status is RegisteredStatus => status !== 'unregistered');

const STATUS_CONDITIONS: Record<RegisteredStatus, SQL> = {
  online: ONLINE,
  offline: OFFLINE,
  normal: NORMAL,
  alert: ALERT,
  fault: FAULT,
  online_alert: sql`(${ONLINE} and ${ALERT})`,
  offline_alert: sql`(${OFFLINE} and ${ALERT})`,
  online_fault: sql`(${ONLINE} and ${FAULT})`,
  offline_fault: sql`(${OFFLINE} and ${FAULT})`,
};

export function statusCondition(status: RegisteredStatus): SQL {
  return STATUS_CONDITIONS[status];
}

/** `%keyword%` for ILIKE, with the keyword's own wildcards taken literally. */
export function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
}

const KEYWORD_COLUMNS = [
  sql`boxes.id`,
  sql`boxes.owner_unit`,
  sql`boxes.remark`,
  sql`boxes.iccid`,
  sql`boxes.model`,
  sql`boxes.contact`,
  sql`boxes.phone`,
  sql`boxes.city`,
  sql`boxes.district`,
  sql`c.machine_model`,
  sql`c.device_number`,
  sql`c.device_type_id`,
];

/** The month an expiry group starts, counted from the current month. */
const EXPIRY_OFFSET: Record<ExpiryGroup, number> = { last_month: -1, this_month: 0, next_month: 1 };

/**
 * Boxes whose expiry date falls in the month `offset` months from the current one, the current
 * month being the one `now` falls in at the box's CK's time zone.
 */
export function expiryCondition(group: ExpiryGroup, now: Date): SQL {
  const offset = EXPIRY_OFFSET[group];
  const month = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone k.time_zone)`;
  return sql`(boxes.expiry_date >= (${month} + ${offset}::int * interval '1 month')::date
    and boxes.expiry_date < (${month} + ${offset + 1}::int * interval '1 month')::date)`;
}

/** Everything of a device query's WHERE but the status: scope first, then the filters. */
export function filterCondition(scope: BoxScope, filter: Omit<DeviceFilter, 'status'>, now: Date): SQL {
  const conditions = [
    scopeCondition(scope),
    filter.ck === undefined ? undefined : sql`boxes.ck = ${filter.ck}`,
    filter.model === undefined ? undefined : sql`(c.device_type_id = ${filter.model} or c.machine_model = ${filter.model})`,
    filter.expiry === undefined ? undefined : expiryCondition(filter.expiry, now),
    filter.run_state === undefined ? undefined : sql`${RUN_STATE} = ${filter.run_state}`,
    filter.keyword
      ? sql`(${sql.join(
          KEYWORD_COLUMNS.map((column) => sql`${column} ilike ${containing(filter.keyword!)}`),
          sql` or `,
        )})`
      : undefined,
  ];
  return and(...conditions) ?? sql`true`;
}

/** The list's sort expressions: a whitelist, so no request text ever reaches ORDER BY. */
const SORT_COLUMNS: Record<Exclude<DeviceSortField, 'model'>, SQL> = {
  box_id: sql`boxes.id`,
  controller_id: sql`c.station`,
  ck: sql`boxes.ck`,
  // online < offline < online alert < offline alert < online fault < offline fault
  status: sql`(case when active.fault then 4 when active.alert then 2 else 0 end + case when boxes.online then 0 else 1 end)`,
  owner_unit: sql`boxes.owner_unit`,
  device_type: sql`c.device_type_id`,
  machine_model: sql`c.machine_model`,
  iot_model: sql`boxes.model`,
  iccid: sql`boxes.iccid`,
  install_date: sql`boxes.install_date`,
  expiry_date: sql`boxes.expiry_date`,
  last_seen_at: sql`boxes.last_seen_at`,
};

/** The model sorts by the device type's name in the caller's language. */
function sortExpression(field: DeviceSortField, language: Language): SQL {
  return field === 'model' ? sql`(t.name ->> ${language})` : SORT_COLUMNS[field];
}

export function orderBy(field: DeviceSortField, order: 'asc' | 'desc', language: Language): SQL {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  // Box ids are never null: the plain order lets an index walk serve it in either direction.
  if (field === 'box_id') return sql`boxes.id ${direction}, c.station`;
  return sql`${sortExpression(field, language)} ${direction} nulls last, boxes.id, c.station`;
}

/**
 * The columns of a device item; times as epoch ms and dates as text, the same on both drivers.
 * The device type's name, the CK's zone and (unless joined) the flags are subqueries of the select
 * list: evaluated for the rows of the page only.
 */
export function itemColumns(language: Language, flags: Flags): SQL {
  const severity = (level: 'alert' | 'fault') =>
    flags === 'joined'
      ? sql`coalesce(active.${sql.raw(level)}, false)`
      : sql`exists (select 1 from fault_records f where f.controller_id = c.id and f.ended_at is null and f.severity = ${level})`;
  return sql`boxes.id as box_id, c.station, boxes.ck,
    (select coalesce(dt.name ->> ${language}, dt.id) from device_types dt where dt.id = c.device_type_id) as model, c.device_type_id as device_type,
    c.machine_model, c.device_number, boxes.online, ${severity('alert')} as alert, ${severity('fault')} as fault, ${RUN_STATE} as run_state,
    boxes.owner_unit, boxes.remark, boxes.model as iot_model, boxes.software, boxes.iccid,
    to_char(boxes.install_date, 'YYYY-MM-DD') as install_date, to_char(boxes.expiry_date, 'YYYY-MM-DD') as expiry_date,
    date_part('epoch', boxes.last_seen_at) * 1000 as last_seen_ms,
    date_part('epoch', boxes.last_seen_at at time zone (select z.time_zone from ck_codes z where z.code = boxes.ck)) * 1000 as last_seen_local_ms,
    boxes.last_ip, boxes.contact, boxes.phone, boxes.province, boxes.city, boxes.district, boxes.street, boxes.latitude, boxes.longitude`;
}

/**
 * A device list row as the SQL answers it: the item's facts, flat, of a registered device (it has a
 * station, a CK and a device type), with times as epoch ms.
 */
export interface ItemRow extends DeviceLocation, Omit<DeviceItem, 'controller_id' | 'status' | 'last_seen_at' | 'location'> {
  station: number;
  ck: string;
  device_type: string;
  last_seen_ms: number | null;
  /** The wall time of the box's CK zone, as epoch ms: what a spreadsheet shows. */
  last_seen_local_ms: number | null;
}

export function itemOf(row: ItemRow): DeviceItem {
  return {
    box_id: row.box_id,
    controller_id: row.station,
    station: row.station,
    ck: row.ck,
    model: row.model,
    device_type: row.device_type,
    machine_model: row.machine_model,
    device_number: row.device_number,
    status: deviceState(row),
    online: row.online,
    alert: row.alert,
    fault: row.fault,
    run_state: row.run_state,
    owner_unit: row.owner_unit,
    remark: row.remark,
    iot_model: row.iot_model,
    software: row.software,
    iccid: row.iccid,
    install_date: row.install_date,
    expiry_date: row.expiry_date,
    last_seen_at: isoOf(row.last_seen_ms),
    last_ip: row.last_ip,
    contact: row.contact,
    phone: row.phone,
    location: locationOf(row),
  };
}

/** The location facts of a row that holds them among others (a box, a list row). */
export function locationOf(row: DeviceLocation): DeviceLocation {
  return { province: row.province, city: row.city, district: row.district, street: row.street, latitude: row.latitude, longitude: row.longitude };
}

/** An unregistered box as a list item: it has an id, an address and a last contact, nothing else. */
export function unregisteredItem(row: { id: string; last_seen_ms: number; last_ip: string | null }): DeviceItem {
  return {
    box_id: row.id,
    controller_id: null,
    station: null,
    ck: null,
    model: '',
    device_type: null,
    machine_model: '',
    device_number: '',
    status: 'unregistered',
    online: false,
    alert: false,
    fault: false,
    run_state: 'unknown',
    owner_unit: '',
    remark: '',
    iot_model: '',
    software: '',
    iccid: '',
    install_date: null,
    expiry_date: null,
    last_seen_at: isoOf(row.last_seen_ms),
    last_ip: row.last_ip,
    contact: '',
    phone: '',
    location: { province: '', city: '', district: '', street: '', latitude: null, longitude: null },
  };
}

export function isoOf(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}
