import { decodeRegister, encodeRegister, type CommandView, type Language, type WriteRequest } from '@cloudbox/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerView } from '../../broker/types.js';
import type { Db, Executor } from '../../db/index.js';
import { queryRows } from '../../db/sql.js';
import { commands, latestValues, type CommandRow, type UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { RegisteredBox, RegisteredController, Registry } from '../../fleet/registry.js';
import type { StatusService } from '../../fleet/status.js';
import type { Realtime } from '../../realtime/hub.js';
import type { DevicePolicy } from '../../access/policy.js';
import { mayRead, mayWrite, type DeviceAccess } from '../../access/scope.js';
import type { OperationLogService } from '../oplog/service.js';
import { createCommandDelivery } from './delivery.js';
import { COMMAND_ID, shown, viewOf } from './presenter.js';

export interface Caller {
  user: UserRow;
  ip: string;
  language: Language;
}

export type CommandService = ReturnType<typeof createCommandService>;

/**
 * The register a write names, and the value as the box takes it (raw) and as people read it, when
 * the caller may write it: writable, in the codec's range and decimals (refused in the caller's language).
 */
function checkedWrite(access: DeviceAccess, controller: RegisteredController, input: WriteRequest, language: Language) {
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
  const encoded = encodeRegister(input.value, register, language);
  if (!encoded.ok) throw ApiError.invalidInput([{ field: 'value', key: encoded.message.key, params: encoded.message.params }]);
  const decoded = decodeRegister(encoded.raw, register);
  return { register, raw: encoded.raw, value: decoded.ok ? decoded.value : Number(input.value) };
}

/**
 * Remote writes. A write is checked against the register (writable, the codec's range and
 * decimals, in the caller's language), stored as a command together with its operation-log entry,
 * and sent when the box is online. A box that is offline gets it when it comes back, unless the
 * command expires first (COMMAND_TTL_S). The box's ack settles the command and updates the
 * latest value (delivery.ts).
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
  const { db, registry, oplog, policy } = deps;
  const delivery = createCommandDelivery(deps);

  async function boxOf(caller: Caller, boxId: string): Promise<{ box: RegisteredBox; access: DeviceAccess }> {
    const box = await registry.box(boxId);
    const access = box && (await policy.access(caller.user, box));
    if (!box || !access) throw ApiError.notFound('boxNotFound');
    return { box, access };
  }

  return {
    /**
     * `within` runs in the command's transaction (a batch records its item there, so that a resumed
     * batch never writes the same controller twice).
     */
    async write(
      caller: Caller,
      boxId: string,
      station: number,
      input: WriteRequest,
      within?: (tx: Executor, command: CommandRow) => Promise<void>,
    ): Promise<CommandView> {
      const { box, access } = await boxOf(caller, boxId);
      const controller = box.controllers.get(station);
      if (!controller) throw ApiError.notFound('deviceNotFound');
      const { register, raw, value } = checkedWrite(access, controller, input, caller.language);

      const row = await db.transaction(async (tx) => {
        const [latest] = await queryRows<{ value: number | null }>(
          tx,
          sql`select (${latestValues.values} ->> ${String(register.number)})::float8 as value from ${latestValues} where ${latestValues.controllerId} = ${controller.id}`,
        );
        const [created] = await tx
          .insert(commands)
          .values({ boxId: box.id, station, register: register.number, value, raw, userId: caller.user.id, expiresAt: new Date(Date.now() + deps.ttlMs) })
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
        await within?.(tx, created!);
        return created!;
      });
      delivery.announce(box, row);
      if (delivery.online(box.id)) await delivery.send(box, [row]);
      const [current] = await db.select().from(commands).where(eq(commands.id, row.id));
      return viewOf(current ?? row);
    },

    async get(caller: Caller, id: string): Promise<CommandView> {
      const [row] = COMMAND_ID.test(id) ? await db.select().from(commands).where(eq(commands.id, id)) : [];
      if (!row) throw ApiError.notFound('commandNotFound');
      const box = await registry.box(row.boxId);
      const access = box && (await policy.access(caller.user, box));
      // A command of a register the caller may not read is, for it, a command that does not exist.
      const deviceType = box?.controllers.get(row.station)?.deviceType.id;
      if (!access || !mayRead(access, deviceType ?? '', row.register)) throw ApiError.notFound('commandNotFound');
      return viewOf(row);
    },

    dispatch: delivery.dispatch,
    acknowledge: delivery.acknowledge,
    start: delivery.start,
    sweep: delivery.sweep,
    close: delivery.close,
  };
}
