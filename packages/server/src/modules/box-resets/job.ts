import { BOX_RESET_ACTIONS, resetItemState } from '@cloudbox/domain';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { FinishedItem, JobContext } from '../../jobs/types.js';
import type { BoxDelivery, Outgoing } from '../box-delivery/delivery.js';
import type { OperationLogService } from '../oplog/service.js';
import { earlierReset, insertReset, resetStatesOf, settleAnsweredItems, type ResetState } from './sql.js';

/** How often a waiting job looks at its resets again (an ack also wakes it at once). */
const RESET_POLL_MS = 1000;

/** A reset job's parameters, as stored: the boxes (resolved when it was asked for) and the action. */
export const resetJobParams = z.object({ action: z.enum(BOX_RESET_ACTIONS), box_ids: z.array(z.string()).min(1) });

type ResetJobContext = JobContext<z.output<typeof resetJobParams>>;

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * The `reset_devices` job's work: stores a reset per box (audited, `reset_device`), hands them to the
 * box delivery and waits up to `ackWaitMs` for the online boxes' answers, then records each box's item.
 */
export function createResetJob(deps: { db: Db; oplog: OperationLogService; delivery: BoxDelivery; ackWaitMs: number }) {
  const { db, oplog, delivery, ackWaitMs } = deps;

  /** The job's reset of one box: stored (and audited) once, whatever attempt of the job gets there. */
  async function storeReset(context: ResetJobContext, boxId: string): Promise<Outgoing | null> {
    const { action } = context.params;
    const { actor } = context;
    return db.transaction(async (tx) => {
      const earlier = await earlierReset(tx, context.id, boxId);
      if (earlier) {
        await context.item(
          boxId,
          earlier.state === 'queued' || earlier.state === 'sent' ? 'running' : resetItemState(earlier.state),
          { action, state: earlier.state },
          tx,
        );
        return { kind: 'reset', boxId, deliveryId: earlier.deliveryId, action };
      }
      const stored = await insertReset(tx, context.id, boxId, action, actor);
      if (!stored) {
        await context.item(boxId, 'skipped', { action, error: 'box_deleted' }, tx);
        return null;
      }
      await oplog.record(tx, {
        userId: actor.userId,
        username: actor.username,
        ip: actor.ip,
        action: 'reset_device',
        ck: stored.ck,
        boxId,
        newValue: action,
        commandId: stored.deliveryId,
      });
      await context.item(boxId, 'running', { action, state: 'queued', delivery_id: stored.deliveryId }, tx);
      return { kind: 'reset', boxId, deliveryId: stored.deliveryId, action };
    });
  }

  /** The resets the job has not stored yet (a resumed job skips its finished boxes); none once it is stopped. */
  async function storeResets(context: ResetJobContext, finished: Map<string, FinishedItem>): Promise<Outgoing[] | undefined> {
    const outgoing: Outgoing[] = [];
    for (const boxId of context.params.box_ids) {
      if (context.signal.aborted) return undefined;
      if (finished.has(boxId)) continue;
      const reset = await storeReset(context, boxId);
      if (reset) outgoing.push(reset);
    }
    return outgoing;
  }

  /** Whether a reset still waits for an answer that may come soon (sent, or queued for a box that is online). */
  const open = (reset: ResetState) => reset.state === 'sent' || (reset.state === 'queued' && delivery.online(reset.boxId));

  /** Waits until every reset sent to an online box is settled, the wait is over, or the job is stopped. */
  async function settled(jobId: number, signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + ackWaitMs;
    while (!signal.aborted && Date.now() < deadline) {
      if (!(await resetStatesOf(db, jobId)).some(open)) return;
      await pause(Math.min(RESET_POLL_MS, Math.max(0, deadline - Date.now())), signal);
    }
  }

  /** Records the item of every box sent a reset as its reset stands, and tallies them. */
  async function recordItems(context: ResetJobContext, outgoing: Outgoing[]) {
    const { action } = context.params;
    const waiting = new Set(outgoing.map((reset) => reset.boxId));
    const counts = { acked: 0, failed: 0, waiting: 0 };
    for (const reset of await resetStatesOf(db, context.id)) {
      if (!waiting.has(reset.boxId)) continue;
      const state = resetItemState(reset.state);
      counts[state === 'ok' ? 'acked' : state === 'failed' ? 'failed' : 'waiting'] += 1;
      await context.item(reset.boxId, state, { action, state: reset.state, delivery_id: reset.deliveryId, ...(reset.error && { error: reset.error }) });
    }
    return counts;
  }

  return async function run(context: ResetJobContext) {
    const { action, box_ids: boxIds } = context.params;
    const finished = await context.finished();
    await context.setTotal(boxIds.length);
    const outgoing = await storeResets(context, finished);
    if (!outgoing) return;
    await delivery.deliver(outgoing);
    await settled(context.id, context.signal);
    if (context.signal.aborted) return;
    const counts = await recordItems(context, outgoing);
    // An answer that came between the last look and the items' writing settles its item here.
    await settleAnsweredItems(db, context.id);
    return { action, boxes: boxIds.length, ...counts };
  };
}
