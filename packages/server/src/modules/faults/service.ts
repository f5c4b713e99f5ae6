import type { FaultExportQuery, FaultQuery, FaultRecordView, FaultSearchQuery, Language, Page } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { Registry } from '../../fleet/registry.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { BoxScope, Person } from '../../access/scope.js';
import { readableCondition, scopeCondition } from '../../access/sql.js';
import { containing, isoOf } from '../devices/queries.js';
import { EXPORT_BATCH_ROWS, exportDate } from '../devices/exports.js';
import { resolveDevice } from '../devices/resolve.js';
import type { ExportRows } from '../devices/xlsx.js';

/** A fault record as the list and the export read it; `*_local_ms` is the wall time in the CK's zone, for spreadsheets. */
export interface FaultRow extends FaultRecordView {
  started_local_ms: number;
  ended_local_ms: number | null;
}

interface RecordRow {
  id: number;
  box_id: string;
  station: number;
  ck: string;
  owner_unit: string;
  device_type: string;
  model: string;
  device_number: string;
  severity: 'alert' | 'fault';
  code: number;
  message: string;
  register: number;
  register_name: string | null;
  value: number;
  started_ms: number;
  ended_ms: number | null;
  started_local_ms: number;
  ended_local_ms: number | null;
  /** The keyset of the export's batches: exact, unlike epoch ms. */
  cursor: string;
}

const RECORD_ROWS = sql`
  fault_records f
  join controllers c on c.id = f.controller_id
  join boxes on boxes.id = c.box_id
  join ck_codes k on k.code = boxes.ck
  join device_types t on t.id = c.device_type_id
  left join device_type_registers r on r.device_type_id = c.device_type_id and r.number = f.register`;

function columns(language: Language): SQL {
  return sql`f.id::float8 as id, boxes.id as box_id, c.station, boxes.ck, boxes.owner_unit, c.device_type_id as device_type,
    coalesce(t.name ->> ${language}, t.id) as model, c.device_number, f.severity, f.code,
    coalesce(f.message ->> ${language}, f.message ->> 'zh', '') as message, f.register, r.name ->> ${language} as register_name, f.value,
    date_part('epoch', f.started_at) * 1000 as started_ms, date_part('epoch', f.ended_at) * 1000 as ended_ms,
    date_part('epoch', f.started_at at time zone k.time_zone) * 1000 as started_local_ms,
    date_part('epoch', f.ended_at at time zone k.time_zone) * 1000 as ended_local_ms,
    f.started_at::text as cursor`;
}

function viewOf(row: RecordRow): FaultRecordView {
  return {
    id: Number(row.id),
    box_id: row.box_id,
    controller_id: row.station,
    ck: row.ck,
    owner_unit: row.owner_unit,
    device_type: row.device_type,
    model: row.model,
    device_number: row.device_number,
    severity: row.severity,
    code: row.code,
    message: row.message,
    register: row.register,
    register_name: row.register_name,
    value: Number(row.value),
    started_at: isoOf(row.started_ms)!,
    ended_at: isoOf(row.ended_ms),
    active: row.ended_ms === null,
  };
}

function exportRowOf(row: RecordRow): FaultRow {
  return {
    ...viewOf(row),
    started_local_ms: Number(row.started_local_ms),
    ended_local_ms: row.ended_local_ms === null ? null : Number(row.ended_local_ms),
  };
}

/** What the record queries filter on: the caller's scope first, then the query's filters. */
interface Filter extends Omit<FaultSearchQuery, 'page' | 'page_size'> {
  controllerId?: number;
}

function whereOf(scope: BoxScope, language: Language, filter: Filter): SQL {
  const conditions = [
    scopeCondition(scope),
    // A record names a register: one the caller may not read is not shown at all.
    readableCondition(scope, sql`c.device_type_id`, sql`f.register`),
    filter.controllerId === undefined ? undefined : sql`f.controller_id = ${filter.controllerId}`,
    filter.ck === undefined ? undefined : sql`boxes.ck = ${filter.ck}`,
    filter.box_id === undefined ? undefined : sql`boxes.id = ${filter.box_id}`,
    filter.severity === undefined ? undefined : sql`f.severity = ${filter.severity}`,
    filter.active === undefined ? undefined : filter.active ? sql`f.ended_at is null` : sql`f.ended_at is not null`,
    // Records that overlap the range: started before its end, and not ended before its start.
    filter.to === undefined ? undefined : sql`f.started_at <= ${filter.to.toISOString()}::timestamptz`,
    filter.from === undefined ? undefined : sql`(f.ended_at is null or f.ended_at >= ${filter.from.toISOString()}::timestamptz)`,
    filter.keyword
      ? sql`(boxes.id ilike ${containing(filter.keyword)} or boxes.owner_unit ilike ${containing(filter.keyword)}
          or c.device_number ilike ${containing(filter.keyword)} or f.message ->> ${language} ilike ${containing(filter.keyword)})`
      : undefined,
  ];
  return and(...conditions) ?? sql`true`;
}

export type FaultService = ReturnType<typeof createFaultService>;

/**
 * Fault records (one alert or fault episode each), newest first: of one device, or across every
 * device the caller may see, and as a spreadsheet. Messages and names are in the caller's language.
 */
export function createFaultService(deps: { db: Db; registry: Registry; policy: DevicePolicy; now?: () => Date }) {
  const { db, registry, policy } = deps;
  const now = deps.now ?? (() => new Date());

  async function page(user: Person, language: Language, filter: Filter, paging: { page: number; page_size: number }): Promise<Page<FaultRecordView>> {
    const where = whereOf(await policy.scopeOf(user), language, filter);
    const [counted, rows] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${RECORD_ROWS} where ${where}`),
      queryRows<RecordRow>(
        db,
        sql`select ${columns(language)} from ${RECORD_ROWS} where ${where}
            order by f.started_at desc, f.id desc limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, items: rows.map(viewOf) };
  }

  return {
    /** Records across every visible device. */
    search: (user: Person, language: Language, query: FaultSearchQuery) => page(user, language, query, query),

    /** The records of one device (404 when the user may not see it). */
    async ofDevice(user: Person, language: Language, boxId: string, station: number, query: FaultQuery): Promise<Page<FaultRecordView>> {
      const { controller } = await resolveDevice(registry, policy, user, boxId, station);
      return page(user, language, { ...query, controllerId: controller.id }, query);
    },

    /** Today in the caller's CK zone, for export file names. */
    exportDate: (user: Person): Promise<string> => exportDate(db, user, now()),

    /**
     * Every matching record, newest first, counted, then a batch at a time. The export holds the
     * records that exist when it starts (ids up to the newest counted), so records opened while it
     * streams neither repeat, shift rows nor break the count. Batches continue after the last
     * record of the previous one (started_at, id), so each query is an index range however deep.
     */
    async exportRows(user: Person, language: Language, query: FaultExportQuery): Promise<ExportRows<FaultRow>> {
      const matching = whereOf(await policy.scopeOf(user), language, query);
      const [counted] = await queryRows<{ total: number; last_id: string | null }>(
        db,
        sql`select count(*)::int as total, max(f.id) as last_id from ${RECORD_ROWS} where ${matching}`,
      );
      const total = counted?.total ?? 0;
      const where = sql`${matching} and f.id <= ${Number(counted?.last_id ?? 0)}::bigint`;
      const batches = async function* () {
        let after: SQL = sql`true`;
        for (;;) {
          const rows = await queryRows<RecordRow>(
            db,
            sql`select ${columns(language)} from ${RECORD_ROWS} where ${where} and ${after}
                order by f.started_at desc, f.id desc limit ${EXPORT_BATCH_ROWS}`,
          );
          if (rows.length > 0) yield rows.map(exportRowOf);
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(f.started_at, f.id) < (${last.cursor}::timestamptz, ${Number(last.id)}::bigint)`;
        }
      };
      return { rows: total, batches: batches() };
    },
  };
}
