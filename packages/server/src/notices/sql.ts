import type { DeviceState, LocalizedText, MessageType } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { NoticeOnBus } from '../bus/bus.js';

/**
 * The SQL that the notice parts share: a device's state as a notice records it, and a notice
 * event with what people read about it (the inbox, the WebSocket `notice` event, e-mails and webhooks).
 */

/**
 * A controller's device state now (SPEC.md section 4): online or offline (`online`, a boolean
 * expression: the ingest says true, as the box just sent what it ingests, while the status writer
 * may not have recorded it yet), with `_fault` while the controller has an active fault record,
 * else `_alert` while it has an active alert.
 */
export function runStatusSql(online: SQL, controllerId: SQL): SQL {
  return sql`(case when ${online} then 'online' else 'offline' end ||
    case when exists (select 1 from fault_records a where a.controller_id = ${controllerId} and a.ended_at is null and a.severity = 'fault') then '_fault'
      when exists (select 1 from fault_records a where a.controller_id = ${controllerId} and a.ended_at is null and a.severity = 'alert') then '_alert'
      else '' end)`;
}

/** A notice event as read (`noticeItemColumns` over `notice_events e join boxes b left join controllers c`). */
export interface NoticeEventRow {
  event_id: number;
  type: MessageType;
  box_id: string;
  ck: string;
  controller_id: number | null;
  device_type_id: string | null;
  company: string;
  box_model: string;
  device_number: string | null;
  run_status: DeviceState;
  message: LocalizedText;
  register: number | null;
  value: number | null;
  fault_record_id: number | null;
  at: number;
}

/** The columns of `NoticeEventRow`, from `notice_events e join boxes b on b.id = e.box_id left join controllers c on c.id = e.controller_id`. */
export const noticeItemColumns = sql`e.id::float8 as event_id, e.type, e.box_id, b.ck, c.station::int as controller_id, c.device_type_id,
  b.owner_unit as company, b.model as box_model, c.device_number, e.run_status, e.message, e.register, e.value,
  e.fault_record_id::float8 as fault_record_id, (extract(epoch from e.occurred_at) * 1000)::float8 as at`;

export const noticeEventJoins = sql`notice_events e join boxes b on b.id = e.box_id left join controllers c on c.id = e.controller_id`;

/** A notice event as it travels on the bus (each reader's socket picks its language). */
export function noticeOnBus(row: NoticeEventRow): NoticeOnBus {
  return {
    type: row.type,
    box_id: row.box_id,
    controller_id: row.controller_id,
    company: row.company,
    box_model: row.box_model,
    device_number: row.device_number,
    run_status: row.run_status,
    note: row.message,
    register: row.register,
    value: row.value,
    fault_record_id: row.fault_record_id,
    at: row.at,
  };
}
