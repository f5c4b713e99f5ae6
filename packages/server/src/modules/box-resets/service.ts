import type { BoxResetAction, BoxResetQuery, BoxResetStarted, BoxResetTarget, BoxResetView, Page } from '@cloudbox/domain';
import type { Db } from '../../db/index.js';
import { ApiError } from '../../http/errors.js';
import type { JobQueue, RequestActor } from '../../jobs/types.js';
import type { BoxDelivery } from '../box-delivery/delivery.js';
import { requireBoxes } from '../box-delivery/sql.js';
import type { OperationLogService } from '../oplog/service.js';
import { createResetJob, resetJobParams } from './job.js';
import { boxIdsInRange, listResets } from './sql.js';

export type BoxResetService = ReturnType<typeof createBoxResetService>;

/** How long a job waits for the online boxes' answers before it reports the rest as queued (they settle later, the report with them). */
export const RESET_ACK_WAIT_MS = 20_000;

/**
 * Rebooting boxes or resetting their configuration (`/scripts/reset-device`, root). A request
 * resolves its boxes and starts a `reset_devices` job; the job stores a reset per box (audited,
 * `reset_device`), hands it to the box delivery (modules/box-delivery/delivery.ts: sent while the
 * box is online, sent again when it is back, settled by its `up/ack`) and waits a while for the
 * online boxes' answers. Its item per box: ok when acknowledged, failed with the box's error,
 * queued while the box is away (the ack settles the item later).
 */
export function createBoxResetService(deps: { db: Db; oplog: OperationLogService; delivery: BoxDelivery; jobs: JobQueue; ackWaitMs?: number }) {
  const { db, jobs } = deps;
  const run = createResetJob({ ...deps, ackWaitMs: deps.ackWaitMs ?? RESET_ACK_WAIT_MS });

  /** The registered boxes the target names, in id order: a list must name only registered boxes, a range holds those registered in it. */
  async function boxesOf(target: BoxResetTarget): Promise<string[]> {
    if (target.box_ids !== undefined) {
      await requireBoxes(db, target.box_ids);
      return [...target.box_ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    }
    return boxIdsInRange(db, target.start_box_id, target.end_box_id);
  }

  return {
    /** Registers the `reset_devices` job's work with the queue. */
    define(): void {
      jobs.define('reset_devices', { params: resetJobParams, run, maxAttempts: 3 });
    },

    /** Starts a job that resets the target's boxes; 400 when it names none (or an unregistered one). */
    async start(actor: RequestActor, target: BoxResetTarget): Promise<BoxResetStarted> {
      const boxIds = await boxesOf(target);
      if (boxIds.length === 0) throw ApiError.rejected('resetNoBoxes');
      const jobId = await db.transaction((tx) =>
        jobs.enqueue(tx, { kind: 'reset_devices', params: { action: target.action, box_ids: boxIds }, actor, total: boxIds.length }),
      );
      jobs.wake();
      return { job_id: jobId, boxes: boxIds.length };
    },

    /** The resets, newest first, by box, state and job. */
    list(query: BoxResetQuery): Promise<Page<BoxResetView>> {
      return listResets(db, query);
    },
  };
}

/** The word of an action in a message (`resetStarted`). */
export const RESET_ACTION_WORDS: Record<BoxResetAction, 'resetActionReboot' | 'resetActionResetConfig'> = {
  reboot: 'resetActionReboot',
  reset_config: 'resetActionResetConfig',
};
