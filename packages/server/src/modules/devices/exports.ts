import type { DeviceExportQuery, DeviceItem, Language } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import type { DevicePolicy } from '../../access/policy.js';
import type { Person } from '../../access/scope.js';
import { orderedIds, rowsInOrder, unregisteredPage } from './list.js';
import { itemOf } from './queries.js';
import { fileDate, type ExportRows } from './xlsx.js';

/** Rows per query while an export streams: memory stays flat however many rows match. */
export const EXPORT_BATCH_ROWS = 1000;
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** A device list row for a spreadsheet: the last contact also as the wall time of the box's zone. */
export type DeviceExportRow = DeviceItem & { last_seen_local_ms: number | null };

/** The CK's time zone of a user (root and users without a CK: the default zone). */
export async function timeZoneOf(db: Db, user: Pick<UserRow, 'ck'>): Promise<string> {
  if (user.ck === null) return DEFAULT_TIME_ZONE;
  const [row] = await queryRows<{ time_zone: string }>(db, sql`select time_zone from ck_codes where code = ${user.ck}`);
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

/** Today in the user's CK zone, for export file names. */
export async function exportDate(db: Db, user: Pick<UserRow, 'ck'>, now: Date): Promise<string> {
  return fileDate(now, await timeZoneOf(db, user));
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

/** Unregistered boxes have no CK: their times are in the caller's zone. */
async function unregisteredExportRows(db: Db, user: Person, query: DeviceExportQuery): Promise<ExportRows<DeviceExportRow>> {
  const zone = await timeZoneOf(db, user);
  const { total } = await unregisteredPage(db, user, { ...query, page: 1, page_size: 1 });
  const batches = async function* () {
    for (let page = 1; ; page += 1) {
      const { items } = await unregisteredPage(db, user, { ...query, page, page_size: EXPORT_BATCH_ROWS });
      if (items.length > 0) yield items.map((item) => ({ ...item, last_seen_local_ms: wallTime(item.last_seen_at, zone) }));
      if (items.length < EXPORT_BATCH_ROWS) return;
    }
  };
  return { rows: total, batches: batches() };
}

/**
 * Every device of the list's filters and sort, counted, then a batch at a time from one order
 * taken at the start: a device whose status changes while the file streams is neither skipped
 * nor written twice, and the count is what is written.
 */
export async function deviceExportRows(
  deps: { db: Db; policy: DevicePolicy; now: () => Date },
  user: Person,
  language: Language,
  query: DeviceExportQuery,
): Promise<ExportRows<DeviceExportRow>> {
  const { db, policy, now } = deps;
  if (query.status === 'unregistered') return unregisteredExportRows(db, user, query);
  const scope = await policy.scopeOf(user);
  const ids = await orderedIds(db, scope, language, query, now());
  const batches = async function* () {
    for (let offset = 0; offset < ids.length; offset += EXPORT_BATCH_ROWS) {
      const rows = await rowsInOrder(db, scope, language, ids.subarray(offset, offset + EXPORT_BATCH_ROWS));
      if (rows.length > 0)
        yield rows.map((row) => ({ ...itemOf(row), last_seen_local_ms: row.last_seen_local_ms === null ? null : Number(row.last_seen_local_ms) }));
    }
  };
  return { rows: ids.length, batches: batches() };
}
