import { LOAD_TEST_LIMITS, loadTestInputSchema, loadTestSampleSchema, type LoadTestInput, type LoadTestRun, type LoadTestStatus } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { ApiError } from '../../http/errors.js';
import type { JobQueue, RequestActor } from '../../jobs/types.js';
import type { OperationLogService } from '../oplog/service.js';
import { runLoadTest, type LoadTestDeps } from './run.js';

export type LoadTestService = ReturnType<typeof createLoadTestService>;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The load test (`/scripts/load`): whether this server allows it (LOAD_TEST_ALLOWED), starting one
 * (a `load_test` job, audited as run_load_test; one at a time), and a run's samples for the chart.
 */
export function createLoadTestService(deps: LoadTestDeps & { jobs: JobQueue; oplog: Pick<OperationLogService, 'record'>; allowed: boolean }) {
  const { db, jobs, oplog, allowed } = deps;
  jobs.define('load_test', { params: loadTestInputSchema, maxAttempts: 1, run: (context) => runLoadTest(deps, context) });

  async function runningJob(executor: Pick<Db, 'execute'> = db): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      executor,
      sql`select id::float8 as id from jobs where kind = 'load_test' and state in ('queued', 'running') order by id limit 1`,
    );
    return row ? Number(row.id) : null;
  }

  return {
    async status(): Promise<LoadTestStatus> {
      return { allowed, limits: LOAD_TEST_LIMITS, running_job_id: await runningJob() };
    },

    /** Starts a run, refused when the server does not allow load tests or one is going on. Answers the job's id. */
    async start(actor: RequestActor, input: LoadTestInput): Promise<number> {
      if (!allowed) throw ApiError.forbidden('loadTestNotAllowed');
      const id = await db.transaction(async (tx) => {
        // One at a time: the lock makes two simultaneous starts wait for each other's answer.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cloudbox:load_test'))`);
        const running = await runningJob(tx);
        if (running !== null) throw ApiError.rejected('loadTestRunning', { id: running }, 409);
        const jobId = await jobs.enqueue(tx, { kind: 'load_test', params: input, actor, total: input.duration_s });
        await oplog.record(tx, {
          userId: actor.user.id,
          username: actor.user.username,
          ip: actor.ip,
          action: 'run_load_test',
          newValue: JSON.stringify({ job: jobId, ...input }),
        });
        return jobId;
      });
      jobs.wake();
      return id;
    },

    /** A run's state and the samples it recorded so far. */
    async run(id: number): Promise<LoadTestRun> {
      const [job] = await queryRows<Omit<LoadTestRun, 'samples'>>(
        db,
        sql`select id::float8 as id, state, params, ${iso('started_at')} as started_at, ${iso('finished_at')} as finished_at, summary, error
          from jobs where id = ${id} and kind = 'load_test'`,
      );
      if (!job) throw ApiError.notFound('loadTestNotFound');
      const items = await queryRows<{ detail: unknown }>(db, sql`select detail from job_items where job_id = ${id} order by item`);
      return { ...job, id: Number(job.id), samples: items.map((item) => loadTestSampleSchema.parse(item.detail)) };
    },
  };
}
