import type { Language, NoticeDelivery, NoticeDeliveryExportQuery, PushSetting, UpkeepReminder } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import { containing, isoOf } from '../devices/queries.js';

/** The SQL of root's notification management: its lists as the answers read them. */

export interface PushSettingRow extends Omit<PushSetting, 'updated_at'> {
  updated_ms: number;
}

export const pushSettingRows = (where: SQL) =>
  sql`select id, start_box_id, end_box_id, push, remark, date_part('epoch', updated_at) * 1000 as updated_ms
      from push_settings where ${where} order by start_number, end_number, id`;

export function pushSettingOf({ updated_ms, ...row }: PushSettingRow): PushSetting {
  return { ...row, id: Number(row.id), updated_at: isoOf(Number(updated_ms))! };
}

export interface ReminderRow extends Omit<UpkeepReminder, 'device_type' | 'updated_at'> {
  device_type_id: string;
  device_type_number: number;
  device_type_name: string;
  updated_ms: number;
}

/** The reminders matching `where` (on `u`), by range; the register's name and unit as the type declares them now. */
export const reminderRows = (language: Language, where: SQL) =>
  sql`select u.id, u.start_box_id, u.end_box_id, u.device_type_id, t.number as device_type_number, coalesce(t.name ->> ${language}, t.id) as device_type_name,
      u.register, g.name ->> ${language} as register_name, coalesce(g.unit, '') as unit, u.parameter, u.judge_value, u.direction, u.enabled,
      date_part('epoch', u.updated_at) * 1000 as updated_ms
    from upkeep_reminders u
    join device_types t on t.id = u.device_type_id
    left join device_type_registers g on g.device_type_id = u.device_type_id and g.number = u.register
    where ${where}
    order by u.start_number, u.end_number, u.id`;

export function reminderOf({ device_type_id, device_type_number, device_type_name, updated_ms, ...row }: ReminderRow): UpkeepReminder {
  return {
    ...row,
    id: Number(row.id),
    judge_value: Number(row.judge_value),
    device_type: { id: device_type_id, number: device_type_number, name: device_type_name },
    updated_at: isoOf(Number(updated_ms))!,
  };
}

/** A delivery as the log reads it; `cursor` (the exact queue time) keys the export's batches. */
export interface DeliveryRow {
  id: number;
  created_ms: number;
  cursor: string;
  recipient_name: string;
  user_id: number | null;
  ck: string | null;
  kind: NoticeDelivery['kind'];
  recipient: string;
  state: NoticeDelivery['state'];
  attempts: number;
  last_error: string | null;
  sent_ms: number | null;
  type: NoticeDelivery['event']['type'];
  box_id: string;
  controller_id: number | null;
  note: string;
}

/** What the log filters by, on `d` (deliveries), `e` (their events), `u` (the recipient user) and `k` (the company). */
export function deliveryFilter(query: NoticeDeliveryExportQuery): SQL {
  return (
    and(
      query.state === undefined ? undefined : sql`d.state = ${query.state}`,
      query.kind === undefined ? undefined : sql`d.kind = ${query.kind}`,
      query.recipient === undefined ? undefined : sql`d.recipient ilike ${containing(query.recipient)}`,
      query.user === undefined ? undefined : sql`(u.username ilike ${containing(query.user)} or k.name ilike ${containing(query.user)})`,
      query.box_id === undefined ? undefined : sql`e.box_id = ${query.box_id}`,
      query.from === undefined ? undefined : sql`d.created_at >= ${query.from.toISOString()}::timestamptz`,
      query.to === undefined ? undefined : sql`d.created_at <= ${query.to.toISOString()}::timestamptz`,
    ) ?? sql`true`
  );
}

export const deliveryJoins = sql`notice_deliveries d
  join notice_events e on e.id = d.event_id
  left join controllers c on c.id = e.controller_id
  left join users u on u.id = d.user_id
  left join ck_codes k on k.code = d.ck`;

export const deliveryRows = (language: Language, where: SQL) =>
  sql`select d.id::float8 as id, date_part('epoch', d.created_at) * 1000 as created_ms, d.created_at::text as cursor,
      coalesce(u.username, k.name, d.ck, '') as recipient_name, d.user_id, d.ck, d.kind, d.recipient, d.state, d.attempts, d.last_error,
      date_part('epoch', d.sent_at) * 1000 as sent_ms, e.type, e.box_id, c.station::int as controller_id,
      coalesce(e.message ->> ${language}, e.message ->> 'zh', '') as note
    from ${deliveryJoins}
    where ${where}`;

export const NEWEST_FIRST = sql`order by d.created_at desc, d.id desc`;

export function deliveryOf(row: DeliveryRow): NoticeDelivery {
  return {
    id: Number(row.id),
    created_at: isoOf(Number(row.created_ms))!,
    recipient_name: row.recipient_name,
    user_id: row.user_id,
    ck: row.ck,
    kind: row.kind,
    recipient: row.recipient,
    state: row.state,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    sent_at: row.sent_ms === null ? null : isoOf(Number(row.sent_ms))!,
    event: { type: row.type, box_id: row.box_id, controller_id: row.controller_id, note: row.note },
  };
}
