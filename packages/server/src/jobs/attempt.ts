import { FINAL_ITEM_STATES, type JobItemState, type JobKind, type Language } from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Executor } from '../db/index.js';
import { queryRows, textArray } from '../db/sql.js';
import type { JobRow } from '../db/schema.js';
import type { FinishedItem, JobContext, JobDefinition } from './types.js';

/** One attempt at a job, as a worker (an instance of the queue) runs it: claim, hold, record, settle. */

/** What an attempt needs of its worker. */
export interface Worker {
  db: Db;
  logger: FastifyBaseLogger;
  /** The worker's name in `locked_by`. */
  instance: string;
  leaseMs: number;
  leaseInterval: SQL;
  retryBaseMs: number;
  /** A job that failed for good (the server log). */
  failed?: (job: { id: number; kind: JobKind; error: string }) => void;
}

/** Why a running job was aborted: its `signal.reason`. */
export type AbortReason = 'cancelled' | 'lease_lost' | 'closing';

const RETRY_MAX_MS = 300_000;
/** What a job failed with, for the jobs table and the server log. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);
const FINALS = sql.raw(FINAL_ITEM_STATES.map((state) => `'${state}'`).join(', '));

/** Takes the oldest due job of a kind this instance runs, or a running one whose worker stopped renewing. */
export async function claim(worker: Worker, kinds: readonly JobKind[]): Promise<JobRow | undefined> {
  const { db, instance, leaseInterval } = worker;
  const [row] = await queryRows<JobRow>(
    db,
    sql`update jobs set state = 'running', attempts = attempts + 1, locked_by = ${instance},
          locked_until = now() + ${leaseInterval}, started_at = coalesce(started_at, now())
        where id = (
          select id from jobs
          where kind = any(${textArray(kinds)}::text[])
            and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
          order by run_at, id
          for update skip locked
          limit 1)
        returning id, kind, state, params, user_id as "userId", username, ip, language, attempts,
          max_attempts as "maxAttempts", cancel_requested as "cancelRequested"`,
  );
  return row;
}

/** Ends the job as its worker holds it; false when another worker took it over meanwhile. */
async function settle({ db, instance }: Worker, id: number, set: SQL): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set ${set}, locked_by = null, locked_until = null where id = ${id} and locked_by = ${instance} and state = 'running' returning id`,
  );
  return rows.length > 0;
}

function contextOf(db: Db, job: JobRow, params: unknown, signal: AbortSignal): JobContext<unknown> {
  return {
    id: Number(job.id),
    kind: job.kind,
    params,
    actor: { userId: job.userId, username: job.username, ip: job.ip, language: job.language as Language },
    attempt: job.attempts,
    signal,
    async finished() {
      const rows = await queryRows<{ item: string } & FinishedItem>(
        db,
        sql`select item, state, detail from job_items where job_id = ${job.id} and state in (${FINALS})`,
      );
      return new Map(rows.map((row) => [row.item, { state: row.state, detail: row.detail }]));
    },
    async setTotal(total: number, executor: Executor = db) {
      await executor.execute(sql`update jobs set progress_total = ${total} where id = ${job.id}`);
    },
    async item(item: string, state: JobItemState, detail: Record<string, unknown> = {}, executor: Executor = db) {
      // The progress moves by the item's change of finality: a queued item that is later done counts once.
      await executor.execute(sql`
        with previous as (select state from job_items where job_id = ${job.id} and item = ${item}),
        saved as (
          insert into job_items (job_id, item, state, detail) values (${job.id}, ${item}, ${state}, ${JSON.stringify(detail)}::jsonb)
          on conflict (job_id, item) do update set state = excluded.state, detail = excluded.detail, updated_at = now()
          returning 1)
        update jobs set progress_done = progress_done
            + (case when ${state} in (${FINALS}) then 1 else 0 end)
            - coalesce((select case when p.state in (${FINALS}) then 1 else 0 end from previous p), 0)
          where id = ${job.id} and exists (select 1 from saved)`);
    },
  };
}

export async function execute(worker: Worker, definition: JobDefinition<z.ZodType> | undefined, job: JobRow, controller: AbortController): Promise<void> {
  const id = Number(job.id);
  const parsed = definition?.params.safeParse(job.params);
  if (!definition || !parsed?.success) {
    const error = definition ? `the job's parameters are not valid: ${parsed?.error?.message ?? ''}` : `no worker for jobs of kind ${job.kind}`;
    await settle(worker, id, sql`state = 'failed', error = ${error}, finished_at = now()`);
    worker.failed?.({ id, kind: job.kind, error });
    return;
  }
  if (job.attempts > job.maxAttempts) {
    const error = `interrupted ${job.attempts - 1} times`;
    await settle(worker, id, sql`state = 'failed', error = ${error}, finished_at = now()`);
    worker.failed?.({ id, kind: job.kind, error });
    return;
  }
  if (job.cancelRequested) {
    await settle(worker, id, sql`state = 'cancelled', finished_at = now()`);
    return;
  }
  try {
    const summary = (await definition.run(contextOf(worker.db, job, parsed.data, controller.signal))) ?? {};
    const reason = controller.signal.aborted ? (controller.signal.reason as AbortReason) : null;
    if (reason === 'closing' || reason === 'lease_lost') return;
    const state = reason === 'cancelled' ? 'cancelled' : 'done';
    await settle(worker, id, sql`state = ${state}, summary = ${JSON.stringify(summary)}::jsonb, error = null, finished_at = now()`);
  } catch (error) {
    const reason = controller.signal.aborted ? (controller.signal.reason as AbortReason) : null;
    if (reason === 'closing' || reason === 'lease_lost') return;
    if (reason === 'cancelled') {
      await settle(worker, id, sql`state = 'cancelled', finished_at = now()`);
      return;
    }
    const message = messageOf(error);
    const maxAttempts = definition.maxAttempts ?? job.maxAttempts;
    if (job.attempts < maxAttempts) {
      const delay = Math.min(worker.retryBaseMs * 2 ** (job.attempts - 1), RETRY_MAX_MS);
      worker.logger.warn({ err: error, job: id, kind: job.kind, attempt: job.attempts }, 'a job failed; it is retried');
      await settle(worker, id, sql`state = 'queued', error = ${message}, run_at = now() + ${delay} * interval '1 millisecond'`);
    } else {
      worker.logger.error({ err: error, job: id, kind: job.kind, attempt: job.attempts }, 'a job failed for good');
      await settle(worker, id, sql`state = 'failed', error = ${message}, finished_at = now()`);
      worker.failed?.({ id, kind: job.kind, error: message });
    }
  }
}

/** Renews the lease while the job runs; a lost lease or a cancellation aborts the job's signal. */
export function heartbeat(worker: Worker, id: number, controller: AbortController): NodeJS.Timeout {
  const { db, instance, leaseInterval, logger } = worker;
  const timer = setInterval(
    () => {
      queryRows<{ cancel: boolean }>(
        db,
        sql`update jobs set locked_until = now() + ${leaseInterval} where id = ${id} and locked_by = ${instance} and state = 'running'
        returning cancel_requested as cancel`,
      )
        .then(([row]) => {
          if (!row) controller.abort('lease_lost' satisfies AbortReason);
          else if (row.cancel) controller.abort('cancelled' satisfies AbortReason);
        })
        .catch((error: unknown) => logger.warn({ err: error, job: id }, 'renewing a job lease failed'));
    },
    Math.max(50, Math.floor(worker.leaseMs / 4)),
  );
  timer.unref();
  return timer;
}
