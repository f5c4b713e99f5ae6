import { chunkCount, PROGRAM_CHUNK_BYTES, type DeliverProgram, type DeliveryStarted, type ProgramView } from '@cloudbox/domain';
import { sql } from 'drizzle-orm';
import type { DevicePolicy } from '../../access/policy.js';
import { scopeCondition } from '../../access/sql.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/types.js';
import { allOf } from '../box-delivery/sql.js';
import type { OperationLogService } from '../oplog/service.js';
import type { Caller, ProgramVersions } from './programs.js';

interface Target {
  boxId: string;
  station: number;
  ck: string;
}

/**
 * Starting deliveries: one per controller of the program's model in the range that the caller may
 * write, and the `program_delivery` job that sends them.
 */
export function createDeliveryStarter(deps: { db: Db; policy: DevicePolicy; oplog: OperationLogService; jobs: JobQueue; versions: ProgramVersions }) {
  const { db, policy, oplog, jobs, versions } = deps;

  /** The controllers of the model in the range the caller may write (its policy's scope, then each box's write right). */
  async function writableControllers(user: UserRow, deviceTypeId: string, input: DeliverProgram): Promise<Target[]> {
    const scope = await policy.scopeOf(user);
    const candidates = await queryRows<Target>(
      db,
      sql`select c.box_id as "boxId", c.station, boxes.ck from controllers c join boxes on boxes.id = c.box_id
        where ${allOf([
          sql`c.device_type_id = ${deviceTypeId}`,
          sql`boxes.id::numeric between ${input.start_box_id}::numeric and ${input.end_box_id}::numeric`,
          input.station === undefined ? undefined : sql`c.station = ${input.station}`,
          scopeCondition(scope),
        ])}
        order by boxes.id::numeric, boxes.id, c.station`,
    );
    const writable = new Map<string, boolean>();
    for (const candidate of candidates) {
      if (!writable.has(candidate.boxId))
        writable.set(candidate.boxId, (await policy.access(user, { id: candidate.boxId, ck: candidate.ck }))?.writeParameters ?? false);
    }
    return candidates.filter((candidate) => writable.get(candidate.boxId));
  }

  /** The job, its deliveries and an operation-log entry per controller, in one transaction. */
  async function enqueue(caller: Caller, program: ProgramView, input: DeliverProgram, targets: Target[]): Promise<number> {
    const chunks = chunkCount(program.size);
    return db.transaction(async (tx) => {
      const job = await jobs.enqueue(tx, {
        kind: 'program_delivery',
        params: {
          program_id: program.id,
          name: program.name,
          version: program.version,
          start_box_id: input.start_box_id,
          end_box_id: input.end_box_id,
          station: input.station ?? null,
        },
        actor: caller,
        total: targets.length,
      });
      const boxIds = targets.map((target) => target.boxId);
      const stations = targets.map((target) => target.station);
      await tx.execute(sql`insert into program_deliveries (job_id, program_id, box_id, station, chunk_size, chunks_total, user_id, username)
        select ${job}, ${program.id}, t.box_id, t.station, ${PROGRAM_CHUNK_BYTES}, ${chunks}, ${caller.user.id}, ${caller.user.username}
        from unnest(${`{${boxIds.join(',')}}`}::text[], ${`{${stations.join(',')}}`}::int[]) as t(box_id, station)`);
      await oplog.recordEach(
        tx,
        caller,
        'deliver_program',
        sql`select b.ck, b.id, null::text, ${`${program.name} ${program.version}`} || ' station ' || t.station || ' job ' || ${String(job)}
          from unnest(${`{${boxIds.join(',')}}`}::text[], ${`{${stations.join(',')}}`}::int[]) as t(box_id, station) join boxes b on b.id = t.box_id`,
      );
      return job;
    });
  }

  return {
    /**
     * One delivery per controller of the program's model in the range that the caller may write,
     * and the job that sends them, in one transaction with an operation-log entry per controller.
     */
    async deliver(caller: Caller, id: number, input: DeliverProgram): Promise<DeliveryStarted> {
      const program = await versions.get(id, caller.language);
      const targets = await writableControllers(caller.user, program.device_type_id, input);
      if (targets.length === 0) throw ApiError.rejected('programNoControllers', { start: input.start_box_id, end: input.end_box_id });
      const jobId = await enqueue(caller, program, input, targets);
      jobs.wake();
      return { job_id: jobId, deliveries: targets.length };
    },
  };
}
