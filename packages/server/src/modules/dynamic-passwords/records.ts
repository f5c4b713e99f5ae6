import type { Language, Page, PwdCalculation, PwdCalculationExportQuery, PwdCalculationQuery, QrBinding, QrBindingQuery } from '@cloudbox/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import { DISTRIBUTORS, type Person } from '../../access/scope.js';
import type { Db } from '../../db/index.js';
import type { UserRow } from '../../db/schema.js';
import { queryRows, textArray } from '../../db/sql.js';
import { EXPORT_BATCH_ROWS, exportDate, timeZoneOf, wallTime } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';
import { channelsOfScope, END_USER_ROLES, recordsCondition, UNLIMITED_ROLES } from './rules.js';

/** A calculation as the export writes it: its time as the wall time of the exporter's zone. */
export type PwdCalculationExportRow = PwdCalculation & { created_local_ms: number };

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const like = (value: string) => `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
const NEWEST_FIRST = sql`order by r.created_at desc, r.id desc`;

/** The filters both lists share, on `r`. */
function commonFilters(query: { from?: Date; to?: Date; user?: string; box_id?: string }): SQL[] {
  return [
    query.from && sql`r.created_at >= ${query.from.toISOString()}::timestamptz`,
    query.to && sql`r.created_at <= ${query.to.toISOString()}::timestamptz`,
    query.user && sql`r.username ilike ${like(query.user)}`,
    query.box_id && sql`r.box_id = ${query.box_id}`,
  ].filter((condition): condition is SQL => Boolean(condition));
}

type CalculationRow = PwdCalculation & { cursor: string };

function calculationRows(where: SQL): SQL {
  return sql`select r.id, ${iso(sql`r.created_at`)} as created_at, r.created_at::text as cursor, r.user_id, r.username, r.box_id, r.station,
      r.hint_code, r.mode, r.reset_condition, r.note, r.ck, k.name as company, c.username as charged_to, r.remaining_after as remaining
    from pwd_calculations r left join ck_codes k on k.code = r.ck left join users c on c.id = r.charged_user_id
    where ${where}`;
}

function calculationOf({ cursor: _cursor, ...row }: CalculationRow): PwdCalculation {
  return { ...row, id: Number(row.id), remaining: row.remaining === null ? null : Number(row.remaining) };
}

/**
 * The quota that applies to a binding's user now, for its box: none needed (unlimited roles), its
 * own (a distributor), that of the distributor that sold the box while it lets its users calculate
 * (a manager or end user), or none. `u` the user, `q` its row, `ch` the selling distributor's row.
 */
const bindingQuota = sql`case
    when u.roles && ${textArray(UNLIMITED_ROLES)}::text[] then 'unlimited'
    when u.roles && ${textArray(DISTRIBUTORS)}::text[] then 'own'
    when u.roles && ${textArray(END_USER_ROLES)}::text[] and ch.end_users_may_calculate then 'channel'
    else 'none' end`;

function bindingRows(where: SQL): SQL {
  return sql`select r.id, ${iso(sql`r.created_at`)} as created_at, r.user_id, r.username, r.box_id, r.ck, k.name as company, r.scan_mode, r.flag,
      ${bindingQuota} as quota_kind,
      case ${bindingQuota} when 'own' then coalesce(q.remaining, 0) when 'channel' then ch.remaining end as quota_remaining
    from qr_bindings r left join ck_codes k on k.code = r.ck left join users u on u.id = r.user_id
      left join pwd_quotas q on q.user_id = r.user_id left join boxes b on b.id = r.box_id left join pwd_quotas ch on ch.user_id = b.sales_channel_id
    where ${where}`;
}

type BindingRow = Omit<QrBinding, 'quota'> & { quota_kind: QrBinding['quota']['kind']; quota_remaining: number | null };

function bindingOf({ quota_kind, quota_remaining, ...row }: BindingRow): QrBinding {
  return { ...row, id: Number(row.id), quota: { kind: quota_kind, remaining: quota_remaining === null ? null : Number(quota_remaining) } };
}

/**
 * The records of /qrManage: calculations (pwd-list, and the caller's own on the calculate screen)
 * and QR bindings (bind-list), scoped by `recordsCondition`, newest first, paged; the calculations' export.
 */
export function createRecords(deps: { db: Db; policy: DevicePolicy; now?: () => Date }) {
  const { db, policy } = deps;
  const now = deps.now ?? (() => new Date());

  async function calculationsWhere(user: UserRow, query: PwdCalculationExportQuery): Promise<SQL> {
    const scope = recordsCondition(user, channelsOfScope(await policy.scopeOf(user)), { charged: true });
    return and(scope, ...commonFilters(query), query.mode && sql`r.mode = ${query.mode}`)!;
  }

  async function page<T, R>(rows: SQL, table: SQL, where: SQL, paging: { page: number; page_size: number }, of: (row: R) => T): Promise<Page<T>> {
    const [counted, found] = await Promise.all([
      queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${table} r where ${where}`),
      queryRows<R>(db, sql`${rows} ${NEWEST_FIRST} limit ${paging.page_size} offset ${(paging.page - 1) * paging.page_size}`),
    ]);
    return { total: counted[0]?.total ?? 0, items: found.map(of) };
  }

  return {
    async calculations(user: UserRow, query: PwdCalculationQuery): Promise<Page<PwdCalculation>> {
      const where = await calculationsWhere(user, query);
      return page(calculationRows(where), sql`pwd_calculations`, where, query, calculationOf);
    },

    /** The caller's own calculations, newest first. */
    async mine(user: UserRow, paging: { page: number; page_size: number }): Promise<Page<PwdCalculation>> {
      const where = sql`r.user_id = ${user.id}::int`;
      return page(calculationRows(where), sql`pwd_calculations`, where, paging, calculationOf);
    },

    async bindings(user: UserRow, query: QrBindingQuery): Promise<Page<QrBinding>> {
      const scope = recordsCondition(user, channelsOfScope(await policy.scopeOf(user)), { soldBox: true });
      const where = and(scope, ...commonFilters(query), query.scan_mode && sql`r.scan_mode = ${query.scan_mode}`)!;
      return page(bindingRows(where), sql`qr_bindings`, where, query, bindingOf);
    },

    exportDate: (user: Person): Promise<string> => exportDate(db, user, now()),

    /** Every matching calculation made before the export started, newest first, a batch at a time (keyset: time, id). */
    async exportRows(user: UserRow, _language: Language, query: PwdCalculationExportQuery): Promise<ExportRows<PwdCalculationExportRow>> {
      const startedAt = now();
      const where = await calculationsWhere(user, { ...query, to: query.to && query.to < startedAt ? query.to : startedAt });
      const [[counted], zone] = await Promise.all([
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from pwd_calculations r where ${where}`),
        timeZoneOf(db, user),
      ]);
      const batches = async function* () {
        let after: SQL = sql`true`;
        for (;;) {
          const rows = await queryRows<CalculationRow>(db, sql`${calculationRows(sql`${where} and ${after}`)} ${NEWEST_FIRST} limit ${EXPORT_BATCH_ROWS}`);
          if (rows.length > 0)
            yield rows.map((row) => {
              const calculation = calculationOf(row);
              return { ...calculation, created_local_ms: wallTime(calculation.created_at, zone)! };
            });
          const last = rows.at(-1);
          if (!last || rows.length < EXPORT_BATCH_ROWS) return;
          after = sql`(r.created_at, r.id) < (${last.cursor}::timestamptz, ${last.id}::bigint)`;
        }
      };
      return { rows: counted?.total ?? 0, batches: batches() };
    },
  };
}
