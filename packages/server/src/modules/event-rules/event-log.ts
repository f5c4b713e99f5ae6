import type { EventKind, EventLogEntry, EventLogExportQuery, EventLogQuery, Language, Page } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Person } from '../../access/scope.js';
import { requireDeviceType } from '../../db/device-types.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { isoOf } from '../devices/queries.js';
import { EXPORT_BATCH_ROWS, exportDate } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';

/** An event as the export reads it: `time_local_ms` is the wall time in the box's CK zone, for spreadsheets. */
export interface EventLogRow extends EventLogEntry {
  time_local_ms: number;
}

interface Row extends Omit<EventLogEntry, 'time'> {
  time_ms: number;
  time_local_ms: number;
  /** The exact time, the keyset of the export's batches. */
  cursor: string;
}

type Filter = Omit<EventLogExportQuery, 'device_type'> & { deviceTypeId?: string };

/**
 * The events of one side of the records (their starts, or their ends) matching the filter: the
 * record's id, the kind and its time. Each side reads its own index on that time.
 */
function side(kind: EventKind, filter: Filter): SQL | undefined {
  if (filter.kind !== undefined && filter.kind !== kind) return undefined;
  const at = kind === 'fired' ? sql`f.started_at` : sql`f.ended_at`;
  const where = and(
    kind === 'cleared' ? sql`f.ended_at is not null` : undefined,
    filter.from === undefined ? undefined : sql`${at} >= ${filter.from.toISOString()}::timestamptz`,
    filter.to === undefined ? undefined : sql`${at} <= ${filter.to.toISOString()}::timestamptz`,
    filter.box_id === undefined ? undefined : sql`c.box_id = ${filter.box_id}`,
    filter.deviceTypeId === undefined ? undefined : sql`c.device_type_id = ${filter.deviceTypeId}`,
    filter.rule === undefined ? undefined : sql`f.rule_id = ${filter.rule}`,
    filter.severity === undefined ? undefined : sql`f.severity = ${filter.severity}`,
  );
  return sql`select f.id, ${kind}::text as kind, ${at} as at from fault_records f join controllers c on c.id = f.controller_id where ${where ?? sql`true`}`;
}

/** Every firing and clearing matching the filter, as `ev(id, kind, at)`. */
function events(filter: Filter): SQL {
  const sides = [side('fired', filter), side('cleared', filter)].filter((part): part is SQL => part !== undefined);
  return sql`(${sql.join(sides, sql` union all `)}) as ev`;
}

function select(language: Language, filter: Filter): SQL {
  return sql`select f.id::float8 as record_id, ev.kind, date_part('epoch', ev.at) * 1000 as time_ms,
      date_part('epoch', ev.at at time zone k.time_zone) * 1000 as time_local_ms, ev.at::text as cursor,
      boxes.id as box_id, c.station as controller_id, boxes.owner_unit, c.device_type_id as device_type, coalesce(t.name ->> ${language}, t.id) as model,
      f.rule_id, f.code, f.severity, coalesce(f.message ->> ${language}, f.message ->> 'zh', '') as message,
      f.register, r.name ->> ${language} as register_name, f.value
    from ${events(filter)}
    join fault_records f on f.id = ev.id
    join controllers c on c.id = f.controller_id
    join boxes on boxes.id = c.box_id
    join ck_codes k on k.code = boxes.ck
    join device_types t on t.id = c.device_type_id
    left join device_type_registers r on r.device_type_id = c.device_type_id and r.number = f.register`;
}

/** Newest first; a record that fires and clears at once lists its firing first. */
const NEWEST_FIRST = sql`order by ev.at desc, ev.id desc, ev.kind desc`;

function entryOf(row: Row): EventLogEntry {
  return {
    record_id: Number(row.record_id),
    kind: row.kind,
    time: isoOf(row.time_ms)!,
    box_id: row.box_id,
    controller_id: row.controller_id,
    owner_unit: row.owner_unit,
    device_type: row.device_type,
    model: row.model,
    rule_id: row.rule_id,
    code: row.code,
    severity: row.severity,
    message: row.message,
    register: row.register,
    register_name: row.register_name,
    value: Number(row.value),
  };
}

/**
 * The fleet's event log (root): every fault record's start (fired) and end (cleared), newest
 * first, paged in SQL over the union of both, and its export.
 */
export function createEventLog(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function filterOf(query: EventLogExportQuery): Promise<Filter> {
    const { device_type, ...rest } = query;
    return device_type === undefined ? rest : { ...rest, deviceTypeId: (await requireDeviceType(db, device_type)).id };
  }

  return {
    async eventLog(language: Language, query: EventLogQuery): Promise<Page<EventLogEntry>> {
      const { page, page_size, ...rest } = query;
      const filter = await filterOf(rest);
      const [counted, rows] = await Promise.all([
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${events(filter)}`),
        queryRows<Row>(db, sql`${select(language, filter)} ${NEWEST_FIRST} limit ${page_size} offset ${(page - 1) * page_size}`),
      ]);
      return { total: counted[0]?.total ?? 0, items: rows.map(entryOf) };
    },

    exportDate: (user: Person): Promise<string> => exportDate(db, user, now()),

    /** Every matching event up to the export's start, newest first, a batch at a time (keyset: time, record, kind). */
    async exportRows(_user: Person, language: Language, query: EventLogExportQuery): Promise<ExportRows<EventLogRow>> {
      const startedAt = now();
      const filter = await filterOf({ ...query, to: query.to && query.to < startedAt ? query.to : startedAt });
      const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${events(filter)}`);
      const batches = async function* () {
        let after: SQL = sql`true`;
        for (;;) {
          const rows = await queryRows<Row>(db, sql`${select(language, filter)} where ${after} ${NEWEST_FIRST} limit ${EXPORT_BATCH_ROWS}`);
          if (rows.length > 0) yield rows.map((row) => ({ ...entryOf(row), time_local_ms: Number(row.time_local_ms) }));
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(ev.at, ev.id, ev.kind) < (${last.cursor}::timestamptz, ${last.record_id}::bigint, ${last.kind}::text)`;
        }
      };
      return { rows: counted?.total ?? 0, batches: batches() };
    },
  };
}
