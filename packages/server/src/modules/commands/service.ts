import {
  boxTopics,
  decodeRegister,
  encodeRegister,
  type CommandView,
  type Language,
  type Register,
  type WriteAck,
  type WriteCommand,
  type WriteRequest,
} from '@cloudbox/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { commands, latestValues, type CommandRow, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { RegisteredBox, Registry } from '../../fleet/registry.js';
import type { StatusService } from '../../fleet/status.js';
import type { Realtime } from '../../realtime/hub.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayWrite, type DeviceAccess } from '../../access/scope.js';
import type { OperationLogService } from '../oplog/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SWEEP_INTERVAL_MS = 5000;
/** A sent write without an answer is sent again after this long (a box that dropped off may have missed it; writes are idempotent). */
const RESEND_AFTER_MS = 30_000;
const PENDING: CommandRow['state'][] = ['queued', 'sent'];

export interface Caller {
  user: UserRow;
  ip: string;
  language: Language;
}

export type CommandService = ReturnType<typeof createCommandService>;

/**
 * Remote writes. A write is checked against the register (writable, the codec's range and
 * decimals, in the caller's language), stored as a command together with its operation-log entry,
 * and sent when the box is online. A box that is offline gets it when it comes back, unless the
 * command expires first (COMMAND_TTL_S). The box's ack settles the command and updates the
 * latest value.
 */
export function createCommandService(deps: {
  db: Db;
  registry: Registry;
  broker: Pick<BrokerView, 'publish' | 'isConnected'>;
  status: StatusService;
  realtime: Realtime;
  oplog: OperationLogService;
  policy: DevicePolicy;
  ttlMs: number;
  logger: FastifyBaseLogger;
}) {
  const { db, registry, broker, status, realtime, oplog, policy, logger } = deps;
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

  async function boxOf(caller: Caller, boxId: string): Promise<{ box: RegisteredBox; access: DeviceAccess }> {
    const box = await registry.box(boxId);
    const access = box && (await policy.access(caller.user, box));
    if (!box || !access) throw ApiError.notFound('boxNotFound');
    return { box, access };
  }

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
    async write(caller: Caller, boxId: string, station: number, input: WriteRequest): Promise<CommandView> {
      const { box, access } = await boxOf(caller, boxId);
      const controller = box.controllers.get(station);
      if (!controller) throw ApiError.notFound('deviceNotFound');
      const typeId = controller.deviceType.id;
      const register = controller.deviceType.registers.get(input.register);
      // A register the caller may not read is, for it, a register the device does not have.
      if (!register || !mayRead(access, typeId, register.number)) {
        throw ApiError.invalidInput([{ field: 'register', key: 'registerUnknown', params: { register: input.register } }]);
      }
      if (!register.writable) throw ApiError.invalidInput([{ field: 'register', key: 'registerNotWritable', params: { register: input.register } }]);
      if (!mayWrite(access, typeId, { number: register.number, onOff: register.onOff ?? false })) {
        throw ApiError.forbidden(register.onOff ? 'switchNotAuthorized' : 'registerNotPermitted', { register: register.number });
      }
      const encoded = encodeRegister(input.value, register, caller.language);
      if (!encoded.ok) throw ApiError.invalidInput([{ field: 'value', key: encoded.message.key, params: encoded.message.params }]);
      const decoded = decodeRegister(encoded.raw, register);
      const value = decoded.ok ? decoded.value : Number(input.value);

      const row = await db.transaction(async (tx) => {
        const [latest] = await queryRows<{ value: number | null }>(
          tx,
          sql`select (${latestValues.values} ->> ${String(register.number)})::float8 as value from ${latestValues} where ${latestValues.controllerId} = ${controller.id}`,
        );
        const [created] = await tx
          .insert(commands)
          .values({
            boxId: box.id,
            station,
            register: register.number,
            value,
            raw: encoded.raw,
            userId: caller.user.id,
            expiresAt: new Date(Date.now() + deps.ttlMs),
          })
          .returning();
        await oplog.record(tx, {
          userId: caller.user.id,
          username: caller.user.username,
          ck: box.ck,
          boxId: box.id,
          station,
          register: register.number,
          action: register.onOff ? 'switch' : 'modify_parameter',
          oldValue: latest?.value === null || latest?.value === undefined ? null : shown(latest.value, register),
          newValue: shown(value, register),
          ip: caller.ip,
          commandId: created!.id,
        });
        return created!;
      });
      announce(box, row);
      if (online(box.id)) await send(box, [row]);
      const [current] = await db.select().from(commands).where(eq(commands.id, row.id));
      return viewOf(current ?? row);
    },

    async get(caller: Caller, id: string): Promise<CommandView> {
      const [row] = UUID.test(id) ? await db.select().from(commands).where(eq(commands.id, id)) : [];
      if (!row) throw ApiError.notFound('commandNotFound');
      const box = await registry.box(row.boxId);
      const access = box && (await policy.access(caller.user, box));
      // A command of a register the caller may not read is, for it, a command that does not exist.
      const deviceType = box?.controllers.get(row.station)?.deviceType.id;
      if (!access || !mayRead(access, deviceType ?? '', row.register)) throw ApiError.notFound('commandNotFound');
      return viewOf(row);
    },

    /** The box is back and listening: send what waits for it (queued, or sent without an answer). */
    async dispatch(box: RegisteredBox): Promise<void> {
      const waiting = await db
        .select()
        .from(commands)
        .where(and(eq(commands.boxId, box.id), inArray(commands.state, PENDING), sql`${commands.expiresAt} > now()`))
        .orderBy(commands.createdAt);
      await send(box, waiting);
    },

    /** The box's answer: the command is settled, and the value it read back becomes the latest. */
    async acknowledge(box: RegisteredBox, ack: WriteAck): Promise<void> {
      if (!UUID.test(ack.cmdId)) return;
      const [row] = await db
        .select()
        .from(commands)
        .where(and(eq(commands.id, ack.cmdId), eq(commands.boxId, box.id)));
      if (!row || row.state === 'acked' || row.state === 'failed') return;
      const controller = box.controllers.get(row.station);
      const register = controller?.deviceType.registers.get(row.register);
      const readBack = ack.ok && ack.value !== undefined && register ? decodeRegister(ack.value, register) : undefined;
      const resultValue = readBack?.ok ? readBack.value : null;
      // An expired command the box carried out after all is still worth recording as done.
      const [settled] = await db
        .update(commands)
        .set({ state: ack.ok ? 'acked' : 'failed', error: ack.ok ? null : (ack.error ?? 'failed'), resultValue, ackedAt: new Date() })
        .where(and(eq(commands.id, row.id), inArray(commands.state, [...PENDING, 'expired'])))
        .returning();
      if (!settled) return;
      announce(box, settled);
      if (controller && resultValue !== null) {
        const values = { [String(row.register)]: resultValue };
        await db
          .insert(latestValues)
          .values({ controllerId: controller.id, ts: new Date(), values })
          .onConflictDoUpdate({ target: latestValues.controllerId, set: { values: sql`${latestValues.values} || excluded.values`, updatedAt: sql`now()` } });
        realtime.values(box, row.station, Date.now(), values);
      }
    },

    start(): void {
      sweeper = setInterval(() => {
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'the command sweep failed'));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    sweep,

    close(): void {
      clearInterval(sweeper);
    },
  };
}

/** A value as the operation log shows it: with the register's decimals, or the code of a choice. */
function shown(value: number, register: Register): string {
  return register.format === 'number' ? value.toFixed(register.decimals) : String(value);
}

export function viewOf(row: CommandRow): CommandView {
  return {
    id: row.id,
    box_id: row.boxId,
    controller_id: row.station,
    register: row.register,
    value: row.value,
    state: row.state,
    error: row.error,
    result_value: row.resultValue,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    acked_at: row.ackedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
  };
}
