import { boxTopics, decodeRegister, type WriteAck, type WriteCommand } from '@cloudbox/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import { batchedLookup, groupBy } from '../../db/batched-lookup.js';
import type { Db } from '../../db/index.js';
import { commands, latestValues, type CommandRow } from '../../db/schema.js';
import { textArray } from '../../db/sql.js';
import type { RegisteredBox, Registry } from '../../fleet/registry.js';
import type { StatusService } from '../../fleet/status.js';
import type { Realtime } from '../../realtime/hub.js';
import { COMMAND_ID, PENDING, viewOf } from './presenter.js';

const SWEEP_INTERVAL_MS = 5000;
/** A sent write without an answer is sent again after this long (a box that dropped off may have missed it; writes are idempotent). */
const RESEND_AFTER_MS = 30_000;

export type CommandDelivery = ReturnType<typeof createCommandDelivery>;

/**
 * The box's side of remote writes: a stored command is sent while the box is online, sent again when
 * it came back or did not answer, expires when it waited too long, and is settled by the box's ack.
 * Every change of a command's state is announced to the browsers that may read its register.
 */
export function createCommandDelivery(deps: {
  db: Db;
  registry: Registry;
  broker: Pick<BrokerView, 'publish' | 'isConnected'>;
  status: StatusService;
  realtime: Realtime;
  logger: FastifyBaseLogger;
}) {
  const { db, registry, broker, status, realtime, logger } = deps;
  let sweeper: NodeJS.Timeout | undefined;

  const online = (boxId: string) => broker.isConnected(boxId) ?? status.isOnline(boxId);

  /** The box's controllers go along: a browser that may not read the register does not hear of the command. */
  function announce(box: RegisteredBox, row: CommandRow): void {
    realtime.publish(box, { type: 'command', command: viewOf(row) });
  }

  /** Publishes the commands to the box and marks them sent (unless an ack overtook them). */
  async function send(box: RegisteredBox, rows: CommandRow[]): Promise<void> {
    for (const row of rows) {
      const message: WriteCommand = { cmdId: row.id, station: row.station, register: row.register, value: row.raw };
      try {
        await broker.publish(boxTopics(box.id).write, JSON.stringify(message));
      } catch (error) {
        logger.warn({ err: error, command: row.id }, 'sending a write to its box failed; it stays queued');
        continue;
      }
      const [sent] = await db
        .update(commands)
        .set({ state: 'sent', sentAt: new Date() })
        .where(and(eq(commands.id, row.id), inArray(commands.state, PENDING)))
        .returning();
      if (sent && row.state === 'queued') announce(box, sent);
    }
  }

  /** What waits for a box (queued, or sent without an answer), oldest first; boxes coming back at once are asked together. */
  const waitingFor = batchedLookup(async (boxIds) => {
    const rows = await db
      .select()
      .from(commands)
      .where(and(sql`${commands.boxId} = any(${textArray(boxIds)}::text[])`, inArray(commands.state, PENDING), sql`${commands.expiresAt} > now()`))
      .orderBy(commands.createdAt);
    return groupBy(rows, (row) => row.boxId);
  });

  async function sweep(): Promise<void> {
    const expired = await db
      .update(commands)
      .set({ state: 'expired', error: 'expired' })
      .where(and(inArray(commands.state, PENDING), sql`${commands.expiresAt} < now()`))
      .returning();
    for (const row of expired) {
      const box = await registry.box(row.boxId);
      if (box) announce(box, row);
    }
    const stale = await db
      .select()
      .from(commands)
      .where(
        and(eq(commands.state, 'sent'), sql`${commands.sentAt} < now() - ${RESEND_AFTER_MS} * interval '1 millisecond'`, sql`${commands.expiresAt} > now()`),
      );
    for (const row of stale) {
      const box = online(row.boxId) ? await registry.box(row.boxId) : null;
      if (box) await send(box, [row]);
    }
  }

  return {
    online,
    announce,
    send,
    sweep,

    /** The box is back and listening: send what waits for it (queued, or sent without an answer). */
    async dispatch(box: RegisteredBox): Promise<void> {
      await send(box, (await waitingFor(box.id)) ?? []);
    },

    /** The box's answer: the command is settled, and the value it read back becomes the latest. */
    async acknowledge(box: RegisteredBox, ack: WriteAck): Promise<void> {
      if (!COMMAND_ID.test(ack.cmdId)) return;
      const [row] = await db
        .select()
        .from(commands)
        .where(and(eq(commands.id, ack.cmdId), eq(commands.boxId, box.id)));
      if (!row || row.state === 'acked' || row.state === 'failed') return;
      const controller = box.controllers.get(row.station);
      const register = controller?.deviceType.registers.get(row.register);
      const readBack = ack.ok && ack.value !== undefined && register ? decodeRegister(ack.value, register) : undefined;
      const resultValue = readBack?.ok ? readBack.value : null;
      const values = controller && resultValue !== null ? { [String(row.register)]: resultValue } : undefined;
      const ackedAt = new Date();
      // One transaction: whoever reads the command settled also reads the value it set as the latest.
      const settled = await db.transaction(async (tx) => {
        // An expired command the box carried out after all is still worth recording as done; an ack that
        // overtook the `sent` update (a quick box) still shows when it was sent.
        const [done] = await tx
          .update(commands)
          .set({
            state: ack.ok ? 'acked' : 'failed',
            error: ack.ok ? null : (ack.error ?? 'failed'),
            resultValue,
            sentAt: sql`coalesce(${commands.sentAt}, ${ackedAt.toISOString()}::timestamptz)`,
            ackedAt,
          })
          .where(and(eq(commands.id, row.id), inArray(commands.state, [...PENDING, 'expired'])))
          .returning();
        if (done && controller && values) {
          await tx
            .insert(latestValues)
            .values({ controllerId: controller.id, ts: new Date(), values })
            .onConflictDoUpdate({ target: latestValues.controllerId, set: { values: sql`${latestValues.values} || excluded.values`, updatedAt: sql`now()` } });
        }
        return done;
      });
      if (!settled) return;
      announce(box, settled);
      if (values) realtime.values(box, row.station, Date.now(), values);
    },

    start(): void {
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'the command sweep failed'));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    close(): void {
      clearInterval(sweeper);
    },
  };
}
