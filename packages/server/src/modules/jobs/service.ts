import { FINISHED_JOB_STATES, type JobItemQuery, type JobItemState, type JobItemView, type JobListQuery, type JobView, type Page } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { numberArray, queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { RequestActor } from '../../jobs/types.js';
import type { OperationLogService } from '../oplog/service.js';
import { EXPORT_BATCH_ROWS } from '../devices/exports.js';
import type { ExportRows } from '../devices/xlsx.js';

export type JobService = ReturnType<typeof createJobService>;

interface JobViewRow {
  id: number;
  kind: JobView['kind'];
  state: JobView['state'];
  params: Record<string, unknown>;
  username: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  progress_done: number;
  progress_total: number;
  summary: Record<string, unknown>;
  error: string | null;
  attempts: number;
}

const JOB_ID = /^\d{1,15}$/;
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const JOB_COLUMNS = sql`j.id::float8 as id, j.kind, j.state, j.params, j.username, ${iso('j.created_at')} as created_at,
  ${iso('j.started_at')} as started_at, ${iso('j.finished_at')} as finished_at, j.progress_done, j.progress_total,
  j.summary, j.error, j.attempts`;

/** Root reads every job; anyone else the jobs it started. */
const visibleTo = (user: UserRow): SQL => (user.roles.includes('root') ? sql`true` : sql`j.user_id = ${user.id}`);

/**
 * The jobs as people read them (`/jobs`): the runs with their progress and results per item, a
 * report of the items, and cancellation. The work itself is the queue's (src/jobs/queue.ts).
 */
export function createJobService(deps: { db: Db; oplog: OperationLogService; cancelLocally: (id: number) => boolean }) {
  const { db, oplog } = deps;

  async function viewsOf(rows: JobViewRow[]): Promise<JobView[]> {
    const ids = rows.map((row) => Number(row.id));
    const counts =
      ids.length === 0
        ? []
        : await queryRows<{ job_id: number; state: JobItemState; count: number }>(
            db,
            sql`select job_id::float8 as job_id, state, count(*)::int as count from job_items where job_id = any(${numberArray(ids)}::bigint[]) group by 1, 2`,
          );
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      state: row.state,
      params: row.params,
      username: row.username,
      created_at: row.created_at,
      started_at: row.started_at,
      finished_at: row.finished_at,
      progress: { done: Number(row.progress_done), total: Math.max(Number(row.progress_total), Number(row.progress_done)) },
      counts: Object.fromEntries(counts.filter((count) => Number(count.job_id) === Number(row.id)).map((count) => [count.state, Number(count.count)])),
      summary: row.summary,
      error: row.error,
      attempts: Number(row.attempts),
    }));
  }

  /** The job when the user may read it; 404 otherwise (another's job is, for it, no job). */
  async function find(user: UserRow, id: string): Promise<JobView> {
    const [row] = JOB_ID.test(id) ? await queryRows<JobViewRow>(db, sql`select ${JOB_COLUMNS} from jobs j where j.id = ${id} and ${visibleTo(user)}`) : [];
    if (!row) throw ApiError.notFound('jobNotFound');
    const [view] = await viewsOf([row]);
    return view!;
  }

  const itemWhere = (id: number, query: Pick<JobItemQuery, 'state' | 'item'>) =>
    sql`job_id = ${id} ${query.state ? sql`and state = ${query.state}` : sql``} ${query.item ? sql`and item like ${`${query.item.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;

  return {
    find,

    async list(user: UserRow, query: JobListQuery): Promise<Page<JobView>> {
      const where = sql`${visibleTo(user)} ${query.kind ? sql`and j.kind = ${query.kind}` : sql``} ${query.state ? sql`and j.state = ${query.state}` : sql``}`;
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from jobs j where ${where}`);
      const rows = await queryRows<JobViewRow>(
        db,
        sql`select ${JOB_COLUMNS} from jobs j where ${where} order by j.id desc limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      );
      return { total: Number(total?.total ?? 0), items: await viewsOf(rows) };
    },

    /** A job's items, by key. */
    async items(user: UserRow, id: string, query: JobItemQuery): Promise<Page<JobItemView>> {
      const job = await find(user, id);
      const where = itemWhere(job.id, query);
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from job_items where ${where}`);
      const items = await queryRows<JobItemView>(
        db,
        sql`select item, state, detail, ${iso('updated_at')} as updated_at from job_items where ${where}
          order by item limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      );
      return { total: Number(total?.total ?? 0), items };
    },

    /** Every item of the job, a batch at a time (the report). */
    async reportRows(user: UserRow, id: string): Promise<ExportRows<JobItemView> & { job: JobView }> {
      const job = await find(user, id);
      const [total] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from job_items where job_id = ${job.id}`);
      async function* batches(): AsyncIterable<JobItemView[]> {
        for (let after = ''; ;) {
          const rows = await queryRows<JobItemView>(
            db,
            sql`select item, state, detail, ${iso('updated_at')} as updated_at from job_items where job_id = ${job.id} and item > ${after}
              order by item limit ${EXPORT_BATCH_ROWS}`,
          );
          if (rows.length === 0) return;
          yield rows;
          after = rows.at(-1)!.item;
        }
      }
      return { job, rows: Number(total?.total ?? 0), batches: batches() };
    },

    /**
     * Cancels a job: one still queued ends at once; a running one stops after the item it works on
     * (its worker sees the request at its next heartbeat, or now when it runs here). Audited.
     */
    async cancel(actor: RequestActor, id: string): Promise<JobView> {
      const job = await find(actor.user, id);
      if (FINISHED_JOB_STATES.includes(job.state)) throw ApiError.rejected('jobAlreadyFinished', undefined, 409);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update jobs set cancel_requested = true,
            state = case when state = 'queued' then 'cancelled' else state end,
            finished_at = case when state = 'queued' then now() else finished_at end
          where id = ${job.id}`);
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'cancel_job',
          newValue: `${job.kind} #${job.id}`,
        });
      });
      deps.cancelLocally(job.id);
      return find(actor.user, id);
    },
  };
}
