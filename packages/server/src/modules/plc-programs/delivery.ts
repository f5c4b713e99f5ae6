import {
  boxTopics,
  parseProgramAckId,
  type ProgramChunkMessage,
  type ProgramDeliveryState,
  type ProgramStep,
  type ProgramVerifyMessage,
  type WriteAck,
} from '@cloudbox/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { allOf } from '../box-delivery/sql.js';
import type { StatusService } from '../../fleet/status.js';
import { DELIVERY_ROW_COLUMNS } from './sql.js';
import { createWakeups } from './wakeups.js';

/** How the deliveries pace themselves; tests shorten them. */
export interface DeliveryTiming {
  /** A step (chunk or verification) not answered in this time goes again, counted as a retry. */
  ackTimeoutMs: number;
  /** Retries of one delivery before it fails (`no_answer`). */
  maxRetries: number;
  /** How often a waiting delivery looks at its row: another instance may have taken the box's ack. */
  pollMs: number;
}

export const DEFAULT_TIMING: DeliveryTiming = { ackTimeoutMs: 5_000, maxRetries: 8, pollMs: 1_000 };

/** A delivery's row as the sender reads it before each step. */
export interface DeliveryRow {
  id: string;
  boxId: string;
  station: number;
  state: ProgramDeliveryState;
  chunkSize: number;
  chunksTotal: number;
  chunksAcked: number;
  retries: number;
  error: string | null;
}

/** The program a delivery carries. */
export interface ProgramFile {
  content: Uint8Array;
  size: number;
  sha256: string;
}

/** How waiting for a step's answer ended: answered (the row moved), box back or gone, no answer in time, or the row is gone. */
type StepOutcome = 'moved' | 'back' | 'timeout' | 'gone';

async function readDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await queryRows<DeliveryRow>(db, sql`select ${DELIVERY_ROW_COLUMNS} from program_deliveries where id = ${id}`);
  return row;
}

async function updateDelivery(db: Db, id: string, changes: SQL): Promise<void> {
  await db.execute(sql`update program_deliveries set ${changes}, updated_at = now() where id = ${id}`);
}

/** The row, moved from queued to sending the first time it is sent. */
async function readStarted(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const row = await readDelivery(db, id);
  if (row?.state !== 'queued') return row;
  await updateDelivery(db, id, sql`state = 'sending', started_at = coalesce(started_at, now())`);
  return readDelivery(db, id);
}

/** The step the row stands at: the next unacknowledged chunk, or the verification once all are. */
function messageOf(row: DeliveryRow, file: ProgramFile): ProgramChunkMessage | ProgramVerifyMessage {
  if (row.chunksAcked >= row.chunksTotal) return { cmdId: row.id, type: 'verify', station: row.station, size: file.size, sha256: file.sha256 };
  const start = row.chunksAcked * row.chunkSize;
  return {
    cmdId: row.id,
    type: 'chunk',
    station: row.station,
    index: row.chunksAcked,
    count: row.chunksTotal,
    size: file.size,
    data: Buffer.from(file.content.subarray(start, start + row.chunkSize)).toString('base64'),
  };
}

/** Where the row stands, as a comparable mark: an answer moved it when the mark changed. */
const markOf = (row: DeliveryRow) => `${row.state}/${row.chunksAcked}`;

/**
 * The change a box's answer to a step makes to its delivery's row. A chunk's ack moves the row to
 * the next chunk (only while it still stands at that chunk: `atChunk`), an `out_of_order` answer to
 * the chunk the box expects; the verification's answer ends the delivery, as any other refusal does.
 */
function answerChange(step: ProgramStep, ack: WriteAck): { change: SQL; atChunk?: number } {
  if (!ack.ok && ack.error === 'out_of_order' && typeof ack.value === 'number' && Number.isInteger(ack.value) && ack.value >= 0) {
    return { change: sql`chunks_acked = least(${ack.value}::int, chunks_total), state = 'sending'` };
  }
  if (step === 'verify') {
    return {
      change: ack.ok ? sql`state = 'done', error = null, finished_at = now()` : sql`state = 'failed', error = ${ack.error ?? 'failed'}, finished_at = now()`,
    };
  }
  if (ack.ok) return { change: sql`chunks_acked = ${step + 1}::int`, atChunk: step };
  return { change: sql`state = 'failed', error = ${ack.error ?? 'failed'}, finished_at = now()` };
}

export type ProgramDelivery = ReturnType<typeof createProgramDelivery>;

/**
 * The data-plane side of PLC program deliveries (packages/server/ARCHITECTURE-plc-programs.md):
 * `send` walks one delivery step by step (the next unacknowledged chunk, then the verification),
 * `acknowledge` takes the box's answers into the row (so that whoever runs the delivery next, on
 * this instance or another, after a restart or not, goes on from there) and wakes the sender, and
 * `listening` wakes the deliveries of a box that came back.
 */
export function createProgramDelivery(deps: {
  db: Db;
  broker: Pick<BrokerView, 'publish' | 'isConnected'>;
  status: StatusService;
  logger: FastifyBaseLogger;
  timing?: Partial<DeliveryTiming>;
}) {
  const { db, broker, status, logger } = deps;
  const timing: DeliveryTiming = { ...DEFAULT_TIMING, ...deps.timing };
  const wakeups = createWakeups();

  const online = (boxId: string) => broker.isConnected(boxId) ?? status.isOnline(boxId);

  async function publishStep(row: DeliveryRow, file: ProgramFile): Promise<void> {
    try {
      await broker.publish(boxTopics(row.boxId).program, JSON.stringify(messageOf(row, file)));
    } catch (error) {
      logger.warn({ err: error, delivery: row.id }, 'sending a program step failed; it goes again');
    }
  }

  /** Waits, up to the ack timeout, for the step sent from `sent` to be answered; answers how it ended and the row as last read. */
  async function awaitAnswer(sent: DeliveryRow, signal: AbortSignal): Promise<{ outcome: StepOutcome; row: DeliveryRow }> {
    const mark = markOf(sent);
    const deadline = Date.now() + timing.ackTimeoutMs;
    let row = sent;
    while (!signal.aborted && Date.now() < deadline) {
      const wake = await wakeups.wait(row, Math.min(timing.pollMs, Math.max(1, deadline - Date.now())), signal);
      const current = await readDelivery(db, sent.id);
      if (!current) return { outcome: 'gone', row };
      row = current;
      if (markOf(row) !== mark) return { outcome: 'moved', row };
      if (wake === 'back' || !online(row.boxId)) return { outcome: 'back', row };
    }
    return { outcome: 'timeout', row };
  }

  /** An unanswered step counts as a retry; past the last one the delivery fails. */
  async function retryOrFail(row: DeliveryRow): Promise<DeliveryRow | undefined> {
    if (row.retries >= timing.maxRetries) {
      await updateDelivery(db, row.id, sql`state = 'failed', error = 'no_answer', finished_at = now()`);
    } else {
      await updateDelivery(db, row.id, sql`retries = retries + 1`);
    }
    return readDelivery(db, row.id);
  }

  return {
    online,
    /** The pacing in force; tests shorten it. */
    timing,

    /**
     * Takes one delivery to its end (done or failed) and answers its final row; answers undefined
     * when the signal aborts first (the row stays as it is, to be resumed) or the row is gone (its
     * box was deleted). `progress` hears each acknowledged chunk.
     */
    async send(id: string, file: ProgramFile, signal: AbortSignal, progress: (row: DeliveryRow) => Promise<void>): Promise<DeliveryRow | undefined> {
      let row = await readStarted(db, id);
      while (row && !signal.aborted) {
        if (row.state === 'done' || row.state === 'failed' || row.state === 'cancelled') return row;
        if (!online(row.boxId)) {
          // Offline is no fault of the delivery: it waits, without retries, until the box is back.
          await wakeups.wait(row, timing.pollMs, signal);
          row = await readDelivery(db, id);
          continue;
        }
        if (row.chunksAcked >= row.chunksTotal && row.state !== 'verifying') {
          await updateDelivery(db, id, sql`state = 'verifying'`);
          row = { ...row, state: 'verifying' };
        }
        const sent = row;
        await publishStep(sent, file);
        const answer = await awaitAnswer(sent, signal);
        if (answer.outcome === 'gone' || signal.aborted) return undefined;
        row = answer.row;
        if (answer.outcome === 'moved') {
          if (row.chunksAcked > sent.chunksAcked) await progress(row);
          continue;
        }
        // The box came back or went away while we waited: the step goes again, no retry counted.
        if (answer.outcome === 'back') continue;
        row = await retryOrFail(row);
      }
      return undefined;
    },

    /**
     * The box's answer, if `cmdId` is a program step's (`<deliveryId>/<index>` or `/verify`: true;
     * anything else goes on to the other acks), taken into the row (see `answerChange`).
     */
    async acknowledge(boxId: string, ack: WriteAck): Promise<boolean> {
      const step = parseProgramAckId(ack.cmdId);
      if (!step) return false;
      const { change, atChunk } = answerChange(step.step, ack);
      const where = allOf([
        sql`id = ${step.deliveryId} and box_id = ${boxId} and state in ('sending', 'verifying')`,
        atChunk === undefined ? undefined : sql`chunks_acked = ${atChunk}::int`,
      ]);
      await db.execute(sql`update program_deliveries set ${change}, updated_at = now() where ${where}`);
      wakeups.answered(step.deliveryId);
      return true;
    },

    /** The box is back and listening: its waiting deliveries send their step again now. */
    listening(boxId: string): void {
      wakeups.back(boxId);
    },
  };
}
