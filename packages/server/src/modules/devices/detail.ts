import { deviceState, type DeviceDetail, type DeviceLocation, type Language } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { ApiError } from '../../http/errors.js';
import { DEFAULT_TIME_ZONE } from './exports.js';
import { isoOf, locationOf } from './queries.js';

const CONNECTION_LOG_ENTRIES = 20;

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
  usage_month: string;
  usage_up: number;
  usage_down: number;
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

interface ConnectionRow {
  event: 'connect' | 'disconnect';
  source_ip: string | null;
  destination_ip: string | null;
  reason: string | null;
  at_ms: number;
}

function boxRow(db: Db, boxId: string): Promise<BoxRow[]> {
  return queryRows<BoxRow>(
    db,
    sql`select boxes.id, boxes.ck, k.name as ck_name, boxes.model, boxes.software, boxes.iccid, boxes.owner_unit, boxes.contact, boxes.phone,
          boxes.remark, boxes.online, boxes.last_ip, boxes.province, boxes.city, boxes.district, boxes.street, boxes.latitude, boxes.longitude,
          s.ip_address as server_ip, to_char(now() at time zone k.time_zone, 'YYYY-MM') as usage_month, usage.bytes_up as usage_up, usage.bytes_down as usage_down,
          to_char(boxes.install_date, 'YYYY-MM-DD') as install_day, to_char(boxes.expiry_date, 'YYYY-MM-DD') as expiry_day,
          date_part('epoch', boxes.registered_at) * 1000 as registered_ms, date_part('epoch', boxes.last_seen_at) * 1000 as last_seen_ms,
          date_part('epoch', boxes.status_changed_at) * 1000 as status_changed_ms
        from boxes join ck_codes k on k.code = boxes.ck left join box_server_configs s on s.box_id = boxes.id
        left join lateral (
          select coalesce(sum(u.bytes_up), 0)::float8 as bytes_up, coalesce(sum(u.bytes_down), 0)::float8 as bytes_down from box_data_usage u
          where u.box_id = boxes.id and u.day >= date_trunc('month', now() at time zone k.time_zone)::date
        ) usage on true
        where boxes.id = ${boxId}`,
  );
}

function controllerRows(db: Db, language: Language, boxId: string): Promise<ControllerRow[]> {
  return queryRows<ControllerRow>(
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
  );
}

function connectionRows(db: Db, boxId: string): Promise<ConnectionRow[]> {
  return queryRows<ConnectionRow>(
    db,
    sql`select event, source_ip, destination_ip, reason, date_part('epoch', created_at) * 1000 as at_ms
        from box_connection_logs where box_id = ${boxId} order by created_at desc, id desc limit ${CONNECTION_LOG_ENTRIES}`,
  );
}

/** A box with its controllers, connection state, location, SIM and expiry, and its recent connection log. */
export async function boxDetail(
  deps: { db: Db; registry: Registry; policy: DevicePolicy },
  user: Person,
  language: Language,
  boxId: string,
): Promise<DeviceDetail> {
  const { db, registry, policy } = deps;
  const [box] = await boxRow(db, boxId);
  if (!box || !(await policy.access(user, box))) throw ApiError.notFound('boxNotFound');
  const [controllers, connections, registered] = await Promise.all([controllerRows(db, language, boxId), connectionRows(db, boxId), registry.box(boxId)]);
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
    data_usage: { month: box.usage_month, bytes_up: box.usage_up, bytes_down: box.usage_down },
    location: locationOf(box),
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
}
