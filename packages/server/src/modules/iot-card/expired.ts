import {
  DEVICE_STATE_LABELS,
  EXPIRED_SIM_FIELD_LABELS,
  EXPIRY_GROUP_LABELS,
  EXPIRY_GROUPS,
  formatMessage,
  type ExpiredBox,
  type ExpiredDownload,
  type ExpiredListQuery,
  type ExpiredMonthCounts,
  type ExpiryGroup,
  type Language,
  type Page,
} from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { BoxScope } from '../../access/scope.js';
import { scopeCondition } from '../../access/sql.js';
import type { Db } from '../../db/index.js';
import { queryRows, textArray } from '../../db/sql.js';
import { EXPORT_BATCH_ROWS } from '../devices/exports.js';
import { containing, expiryCondition } from '../devices/queries.js';
import { DATE_TIME_FORMAT, sheetColumns, type ExportRows, type SheetColumn } from '../devices/xlsx.js';

/**
 * The SQL of the expired-device list: one row per box the scope covers whose expiry date falls in
 * the group's month. "This month" is the calendar month of `now` in the box's company time zone
 * (`ck_codes.time_zone`), as the device list's expiry filter reads it (devices/queries.ts).
 */

/** The boxes of a group under a search (box id, ICCID, owner unit, remark), optionally only some of them. */
function expiredWhere(scope: BoxScope, group: ExpiryGroup, query: string | undefined, now: Date, boxIds?: readonly string[]): SQL {
  const pattern = query ? containing(query) : undefined;
  return (
    and(
      scopeCondition(scope),
      expiryCondition(group, now),
      pattern === undefined
        ? undefined
        : sql`(boxes.id ilike ${pattern} or boxes.iccid ilike ${pattern} or boxes.owner_unit ilike ${pattern} or boxes.remark ilike ${pattern})`,
      boxIds === undefined ? undefined : sql`boxes.id = any(${textArray(boxIds)}::text[])`,
    ) ?? sql`true`
  );
}

const FROM_BOXES = sql`boxes join ck_codes k on k.code = boxes.ck`;

/** Whether a box has an open renewal request (few: the open ones of all companies). */
const RENEWAL_REQUESTED = sql`exists (select 1 from recharge_requests r where r.handled_at is null and boxes.id = any(r.box_ids))`;

type ListRow = Omit<ExpiredBox, 'expiry_group'>;

const LIST_COLUMNS = sql`boxes.id as box_id, boxes.ck, boxes.owner_unit, boxes.model, boxes.iccid,
  to_char(boxes.install_date, 'YYYY-MM-DD') as install_date, to_char(boxes.expiry_date, 'YYYY-MM-DD') as expiry_date, boxes.remark,
  array(select c.device_number from controllers c where c.box_id = boxes.id and c.device_number <> '' order by c.station) as device_numbers,
  boxes.online, ${RENEWAL_REQUESTED} as renewal_requested`;

/** A page of the group's boxes, soonest expiry first. */
export async function expiredPage(db: Db, scope: BoxScope, query: ExpiredListQuery, now: Date): Promise<Page<ExpiredBox>> {
  const where = expiredWhere(scope, query.month, query.query, now);
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${FROM_BOXES} where ${where}`),
    queryRows<ListRow>(
      db,
      sql`select ${LIST_COLUMNS} from ${FROM_BOXES} where ${where}
          order by boxes.expiry_date, boxes.id limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
  ]);
  return { total: counted[0]?.total ?? 0, items: rows.map((row) => ({ ...row, expiry_group: query.month })) };
}

/** The scope's boxes per expiry group, in one pass. */
export async function expiredCounts(db: Db, scope: BoxScope, now: Date): Promise<ExpiredMonthCounts> {
  const counts = sql.join(
    EXPIRY_GROUPS.map((group) => sql`count(*) filter (where ${expiryCondition(group, now)})::int as ${sql.identifier(group)}`),
    sql`, `,
  );
  const [row] = await queryRows<ExpiredMonthCounts>(
    db,
    sql`select ${counts} from ${FROM_BOXES}
        where ${scopeCondition(scope) ?? sql`true`} and (${sql.join(
          EXPIRY_GROUPS.map((group) => expiryCondition(group, now)),
          sql` or `,
        )})`,
  );
  return row ?? { last_month: 0, this_month: 0, next_month: 0 };
}

/** A box of the download: the list's facts and those of its controllers, the connection and the address. */
export interface ExpiredExportRow {
  box_id: string;
  ck: string;
  owner_unit: string;
  iot_model: string;
  iccid: string;
  install_date: string | null;
  expiry_date: string;
  expiry_group: ExpiryGroup;
  remark: string;
  device_number: string;
  controller_id: string;
  model: string;
  online: boolean;
  last_seen_local_ms: number | null;
  contact: string;
  phone: string;
  province: string;
  city: string;
}

function exportColumnsSql(language: Language): SQL {
  const ofControllers = (expression: SQL) =>
    sql`coalesce((select string_agg(${expression}, ', ' order by c.station) from controllers c
      left join device_types dt on dt.id = c.device_type_id where c.box_id = boxes.id), '')`;
  return sql`boxes.id as box_id, boxes.ck, boxes.owner_unit, boxes.model as iot_model, boxes.iccid,
    to_char(boxes.install_date, 'YYYY-MM-DD') as install_date, to_char(boxes.expiry_date, 'YYYY-MM-DD') as expiry_date, boxes.remark,
    ${ofControllers(sql`nullif(c.device_number, '')`)} as device_number, ${ofControllers(sql`c.station::text`)} as controller_id,
    ${ofControllers(sql`coalesce(dt.name ->> ${language}, dt.id)`)} as model, boxes.online,
    date_part('epoch', boxes.last_seen_at at time zone k.time_zone) * 1000 as last_seen_local_ms,
    boxes.contact, boxes.phone, boxes.province, boxes.city`;
}

/**
 * Every box of the download's group and search (or only the chosen ones among them), counted, then
 * a batch at a time in the list's order (keyset on expiry date and id, so a box is written once).
 */
export async function expiredExportRows(db: Db, scope: BoxScope, language: Language, input: ExpiredDownload, now: Date): Promise<ExportRows<ExpiredExportRow>> {
  const where = expiredWhere(scope, input.month, input.query, now, input.box_ids);
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${FROM_BOXES} where ${where}`);
  const batches = async function* () {
    let after: { expiry: string; id: string } | null = null;
    for (;;) {
      const next: SQL = after === null ? sql`true` : sql`(boxes.expiry_date, boxes.id) > (${after.expiry}::date, ${after.id})`;
      const rows: Omit<ExpiredExportRow, 'expiry_group'>[] = await queryRows(
        db,
        sql`select ${exportColumnsSql(language)} from ${FROM_BOXES} where ${where} and ${next}
            order by boxes.expiry_date, boxes.id limit ${EXPORT_BATCH_ROWS}`,
      );
      if (rows.length > 0) yield rows.map((row) => ({ ...row, expiry_group: input.month }));
      if (rows.length < EXPORT_BATCH_ROWS) return;
      const last = rows[rows.length - 1]!;
      after = { expiry: last.expiry_date, id: last.box_id };
    }
  };
  return { rows: counted?.total ?? 0, batches: batches() };
}

/** The download's columns, headed as the company's export settings name them. */
export function expiredColumns(language: Language): SheetColumn<ExpiredExportRow>[] {
  return sheetColumns<ExpiredExportRow, keyof typeof EXPIRED_SIM_FIELD_LABELS>(EXPIRED_SIM_FIELD_LABELS, {
    expiry_group: (row) => formatMessage(language, EXPIRY_GROUP_LABELS[row.expiry_group]),
    status: (row) => formatMessage(language, DEVICE_STATE_LABELS[row.online ? 'online' : 'offline']),
    last_seen_at: { format: DATE_TIME_FORMAT, value: (row) => (row.last_seen_local_ms === null ? null : new Date(Number(row.last_seen_local_ms))) },
  });
}
