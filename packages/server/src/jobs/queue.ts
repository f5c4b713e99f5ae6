import type { JobKind } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/index.js';
import { numberArray, queryRows } from '../db/sql.js';
import type { JobRow } from '../db/schema.js';
import { claim, execute, heartbeat, type AbortReason, type Worker } from './attempt.js';
import type { JobDefinition, JobQueue } from './types.js';

export type { AbortReason } from './attempt.js';

export interface JobQueueOptions {
  /** Jobs this instance runs at once. */
  slots: number;
  /** How long a claim holds without a heartbeat: a worker that died gives its job up after this long. */
  leaseMs: number;
  /** How often an idle instance looks for work it was not woken for (another instance's jobs, retries). */
  pollMs: number;
  /** A failed attempt waits this long times 2^(attempts-1) before the next (at most five minutes). */
  retryBaseMs: number;
}

export const DEFAULT_JOB_OPTIONS: JobQueueOptions = { slots: 4, leaseMs: 20_000, pollMs: 1000, retryBaseMs: 2000 };
/** How long `close` waits for running jobs to notice the abort before it gives their leases back anyway. */
const CLOSE_GRACE_MS = 5000;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Durable jobs on the server's own database (PostgreSQL or the embedded PGlite alike): a job is a
 * row, claimed with `for update skip locked` by one worker, which holds it with a lease it renews
 * (the heartbeat). A worker that dies (kill -9) stops renewing: another instance takes the job once
 * the lease ran out, and this instance, restarted under the same name, at once. Items finished by an
 * attempt stay finished (`job_items`), so the next attempt resumes where the last one stopped.
 * See ARCHITECTURE.md "Durable jobs".
 */
export function createJobQueue(deps: {
  db: Db;
  logger: FastifyBaseLogger;
  /** This instance's name (the MQTT client id): its claims carry it. */
  instance: string;
  /** A job that failed for good is written to the server log. */
  failed?: (job: { id: number; kind: JobKind; error: string }) => void;
  options?: Partial<JobQueueOptions>;
}): JobQueue & { cancelLocally(id: number): boolean } {
  const { db, logger, instance } = deps;
  const options = { ...DEFAULT_JOB_OPTIONS, ...deps.options };
  const definitions = new Map<JobKind, JobDefinition<z.ZodType>>();
  const running = new Map<number, Running>();
  let poller: NodeJS.Timeout | undefined;
  let filling: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const worker: Worker = {
    db,
    logger,
    instance,
    leaseMs: options.leaseMs,
    leaseInterval: sql`${options.leaseMs} * interval '1 millisecond'`,
    retryBaseMs: options.retryBaseMs,
    failed: deps.failed,
  };

  function launch(job: JobRow): void {
    const id = Number(job.id);
    const controller = new AbortController();
    const timer = heartbeat(worker, id, controller);
    const done = execute(worker, definitions.get(job.kind), job, controller)
      .catch((error: unknown) => logger.error({ err: error, job: id }, 'ending a job failed'))
      .finally(() => {
        clearInterval(timer);
        running.delete(id);
        if (!closed) void fill();
      });
    running.set(id, { controller, done });
  }

  /** Claims jobs while slots are free; one fill at a time (a wake during it fills again after). */
  function fill(): Promise<void> {
    if (closed || definitions.size === 0) return Promise.resolve();
    if (filling) {
      again = true;
      return filling;
    }
    filling = (async () => {
      do {
        again = false;
        while (!closed && running.size < options.slots) {
          const job = await claim(worker, [...definitions.keys()]);
          if (!job) break;
          launch(job);
        }
      } while (again && !closed);
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'claiming jobs failed'))
      .finally(() => {
        filling = null;
      });
    return filling;
  }

  return {
    define(kind, definition) {
      if (definitions.has(kind)) throw new Error(`jobs of kind ${kind} are defined twice`);
      definitions.set(kind, definition as unknown as JobDefinition<z.ZodType>);
    },

    async enqueue(executor, { kind, params, actor, total = 0 }) {
      const [row] = await queryRows<{ id: number }>(
        executor,
        sql`insert into jobs (kind, params, user_id, username, ip, language, progress_total)
          values (${kind}, ${JSON.stringify(params)}::jsonb, ${actor.user.id}, ${actor.user.username}, ${actor.ip}, ${actor.language}, ${total})
          returning id`,
      );
      return Number(row!.id);
    },

    wake() {
      void fill();
    },

    /** Aborts a job this instance runs now (its cancellation is stored by the caller); false when it runs elsewhere or not at all. */
    cancelLocally(id: number): boolean {
      const job = running.get(id);
      job?.controller.abort('cancelled' satisfies AbortReason);
      return job !== undefined;
    },

    async start() {
      closed = false;
      // This instance's earlier life died holding these (kill -9): they are free at once, not after the lease.
      await db.execute(sql`update jobs set locked_until = now() where locked_by = ${instance} and state = 'running'`);
      poller = setInterval(() => void fill(), options.pollMs);
      poller.unref();
      await fill();
    },

    async close() {
      closed = true;
      clearInterval(poller);
      const jobs = [...running.entries()];
      for (const [, job] of jobs) job.controller.abort('closing' satisfies AbortReason);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(jobs.map(([, job]) => job.done)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, CLOSE_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      await filling;
      // Given back as they were: a graceful stop does not count as an attempt, and the next start takes them up at once.
      const ids = jobs.map(([id]) => id);
      if (ids.length > 0) {
        await db.execute(
          sql`update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), locked_by = null, locked_until = null, run_at = now()
            where id = any(${numberArray(ids)}::bigint[]) and locked_by = ${instance} and state = 'running'`,
        );
      }
    },
  };
}
