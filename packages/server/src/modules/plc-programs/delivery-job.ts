import { FINISHED_PROGRAM_DELIVERY_STATES, type JobItemState } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { JobContext, JobQueue } from '../../jobs/types.js';
import type { DeliveryRow, ProgramDelivery, ProgramFile } from './delivery.js';
import { DELIVERY_ROW_COLUMNS } from './sql.js';

/** Deliveries of one job that go on at the same time (each waits for its box's answers). */
export const PARALLEL_DELIVERIES = 8;
/** A running delivery's job item is brought up to date every this many chunks (its row, on the record screen, at every chunk). */
const ITEM_EVERY_CHUNKS = 8;

/** What a `program_delivery` job stores: the program and the target, as the console shows them. */
export const programDeliveryParamsSchema = z.object({
  program_id: z.number().int(),
  name: z.string(),
  version: z.string(),
  start_box_id: z.string(),
  end_box_id: z.string(),
  station: z.number().int().nullable(),
});

type DeliveryJobContext = JobContext<z.output<typeof programDeliveryParamsSchema>>;

/** A delivery's job item: the box and station, and how far it got. */
const itemOf = (row: Pick<DeliveryRow, 'boxId' | 'station'>) => `${row.boxId}:${row.station}`;
const detailOf = (row: DeliveryRow) => ({
  state: row.state,
  chunks_acked: row.chunksAcked,
  chunks_total: row.chunksTotal,
  retries: row.retries,
  ...(row.error ? { error: row.error } : {}),
});
const itemStateOf = (row: DeliveryRow): JobItemState => (row.state === 'done' ? 'ok' : row.state === 'cancelled' ? 'skipped' : 'failed');

async function programFileOf(db: Db, programId: number): Promise<ProgramFile | undefined> {
  const [file] = await queryRows<ProgramFile>(db, sql`select content, size, sha256 from plc_programs where id = ${programId}`);
  if (!file) return undefined;
  return { ...file, content: typeof file.content === 'string' ? Buffer.from(file.content) : file.content };
}

async function deliveriesOf(db: Db, jobId: number): Promise<DeliveryRow[]> {
  return queryRows<DeliveryRow>(db, sql`select ${DELIVERY_ROW_COLUMNS} from program_deliveries where job_id = ${jobId} order by box_id, station`);
}

/**
 * The `program_delivery` job: every delivery of the job not finished yet, `PARALLEL_DELIVERIES` at
 * a time, each from where its row stands (so a job taken up again after a restart resumes them).
 */
export function defineProgramDeliveryJob(deps: { db: Db; jobs: JobQueue; delivery: ProgramDelivery }): void {
  const { db, jobs, delivery } = deps;

  /** A delivery's final row as its job item. */
  const settle = (context: DeliveryJobContext, row: DeliveryRow) => context.item(itemOf(row), itemStateOf(row), detailOf(row));

  /** The program was deleted under the job: what is left cannot go. */
  async function failAll(context: DeliveryJobContext, waiting: DeliveryRow[]): Promise<Record<string, unknown>> {
    for (const row of waiting) {
      await db.execute(
        sql`update program_deliveries set state = 'failed', error = 'program_deleted', finished_at = now(), updated_at = now() where id = ${row.id}`,
      );
      await settle(context, { ...row, state: 'failed', error: 'program_deleted' });
    }
    return { done: 0, failed: waiting.length };
  }

  async function sendAll(context: DeliveryJobContext, program: ProgramFile, waiting: DeliveryRow[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < waiting.length && !context.signal.aborted) {
        const row = waiting[next++]!;
        await context.item(itemOf(row), 'running', detailOf(row));
        const final = await delivery.send(row.id, program, context.signal, async (current) => {
          // Every few chunks, so that a job's items tell how far each delivery got without a write per chunk.
          if (current.chunksAcked % ITEM_EVERY_CHUNKS === 0) await context.item(itemOf(current), 'running', detailOf(current));
        });
        if (final) await settle(context, final);
        else if (!context.signal.aborted) await context.item(itemOf(row), 'failed', { ...detailOf(row), error: 'box_removed' });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_DELIVERIES, waiting.length) }, worker));
  }

  async function outcome(context: DeliveryJobContext): Promise<Record<string, unknown>> {
    if (context.signal.aborted) {
      // A cancelled job ends its deliveries; a server going down (or a lost lease) leaves them to be resumed.
      if (context.signal.reason === 'cancelled') {
        await db.execute(sql`update program_deliveries set state = 'cancelled', error = 'cancelled', finished_at = now(), updated_at = now()
          where job_id = ${context.id} and state in ('queued', 'sending', 'verifying')`);
      }
      return {};
    }
    const [counts] = await queryRows<{ done: number; failed: number }>(
      db,
      sql`select count(*) filter (where state = 'done')::int as done, count(*) filter (where state <> 'done')::int as failed
        from program_deliveries where job_id = ${context.id}`,
    );
    return { ...counts };
  }

  async function run(context: DeliveryJobContext): Promise<Record<string, unknown>> {
    const program = await programFileOf(db, context.params.program_id);
    const rows = await deliveriesOf(db, context.id);
    const finished = await context.finished();
    const waiting: DeliveryRow[] = [];
    for (const row of rows) {
      if (!FINISHED_PROGRAM_DELIVERY_STATES.includes(row.state)) waiting.push(row);
      else if (!finished.has(itemOf(row))) await settle(context, row);
    }
    if (!program) return failAll(context, waiting);
    await sendAll(context, program, waiting);
    return outcome(context);
  }

  jobs.define('program_delivery', { params: programDeliveryParamsSchema, run });
}
