import { INACTIVE_MAX_BOXES, inactiveScanInputSchema, type InactiveBox, type InactiveScanParams, type InactiveScanResult } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { JobContext, JobQueue, RequestActor } from '../../jobs/types.js';
import { iso } from '../box-delivery/sql.js';
import { EXPORT_BATCH_ROWS, exportDate, timeZoneOf, wallTime } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';

export type InactiveBoxService = ReturnType<typeof createInactiveBoxService>;

/** A box of a scan as the export reads it: the times also as wall times of the reader's CK zone. */
export type InactiveExportRow = InactiveBox & { last_seen_local_ms: number | null; registered_local_ms: number };

/** Items are written this many to a transaction: one commit per batch, not per box. */
const ITEM_BATCH = 200;

/** The boxes silent for at least `days` days or never seen, of one CK or all, the longest silent first. */
function silentBoxes(params: InactiveScanParams) {
  return sql`select b.id as box_id, b.ck, b.model, b.owner_unit, o.username as owner,
      ${iso(sql`b.last_seen_at`)} as last_seen_at, ${iso(sql`b.registered_at`)} as registered_at, b.online,
      floor(extract(epoch from now() - b.last_seen_at) / 86400)::int as days_silent
    from boxes b left join users o on o.id = b.owner_id
    where (b.last_seen_at is null or b.last_seen_at < now() - ${params.days} * interval '1 day')
      ${params.ck ? sql`and b.ck = ${params.ck}` : sql``}
    order by b.last_seen_at nulls first, b.id
    limit ${INACTIVE_MAX_BOXES}`;
}

/**
 * Boxes that went silent (`/scripts/check-inactive`, root): a scan is an `inactive_scan` job whose
 * items are the boxes it found, each with what the box was at the scan (CK, model, owner, last
 * seen, registered, online), so the result can be read, sorted and exported later, and its rows
 * handed to the resets (modules/box-resets).
 */
export function createInactiveBoxService(deps: { db: Db; jobs: JobQueue }) {
  const { db, jobs } = deps;

  async function run(context: JobContext<InactiveScanParams>) {
    const found = await queryRows<InactiveBox>(db, silentBoxes(context.params));
    const finished = await context.finished();
    await context.setTotal(found.length);
    const todo = found.filter((box) => !finished.has(box.box_id));
    for (let start = 0; start < todo.length; start += ITEM_BATCH) {
      if (context.signal.aborted) return;
      await db.transaction(async (tx) => {
        for (const box of todo.slice(start, start + ITEM_BATCH)) await context.item(box.box_id, 'ok', box, tx);
      });
    }
    return { boxes: found.length, never_seen: found.filter((box) => box.last_seen_at === null).length, truncated: found.length === INACTIVE_MAX_BOXES };
  }

  /** A scan's parameters and the boxes it found; 404 for any other job. */
  async function result(jobId: number): Promise<InactiveScanResult> {
    const [job] = await queryRows<{ params: InactiveScanParams }>(db, sql`select params from jobs where id = ${jobId} and kind = 'inactive_scan'`);
    if (!job) throw ApiError.notFound('inactiveScanNotFound');
    const rows = await queryRows<{ detail: InactiveBox }>(
      db,
      sql`select detail from job_items where job_id = ${jobId} and state = 'ok'
        order by (detail->>'last_seen_at') nulls first, item`,
    );
    return { job_id: jobId, days: job.params.days, ck: job.params.ck ?? null, boxes: rows.map((row) => row.detail) };
  }

  return {
    /** Registers the `inactive_scan` job's work with the queue. */
    define(): void {
      jobs.define('inactive_scan', { params: inactiveScanInputSchema, run, maxAttempts: 3 });
    },

    async start(actor: RequestActor, params: InactiveScanParams): Promise<{ job_id: number }> {
      const jobId = await db.transaction((tx) => jobs.enqueue(tx, { kind: 'inactive_scan', params: { days: params.days, ck: params.ck ?? null }, actor }));
      jobs.wake();
      return { job_id: jobId };
    },

    result,

    exportDate: (user: UserRow): Promise<string> => exportDate(db, user, new Date()),

    /** The scan's boxes for the workbook, in one batch per EXPORT_BATCH_ROWS; times as wall times of the reader's zone. */
    async exportRows(user: UserRow, jobId: number): Promise<ExportRows<InactiveExportRow>> {
      const [scan, zone] = await Promise.all([result(jobId), timeZoneOf(db, user)]);
      const rows = scan.boxes.map((box) => ({
        ...box,
        last_seen_local_ms: wallTime(box.last_seen_at, zone),
        registered_local_ms: wallTime(box.registered_at, zone)!,
      }));
      const batches = async function* () {
        for (let start = 0; start < rows.length; start += EXPORT_BATCH_ROWS) yield rows.slice(start, start + EXPORT_BATCH_ROWS);
      };
      return { rows: rows.length, batches: batches() };
    },
  };
}
