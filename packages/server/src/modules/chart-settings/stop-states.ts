import { fieldWidth, type Language, type StopState, type StopStateSetting } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { requireDeviceType } from '../../db/device-types.js';
import { deviceTypeStopStates } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import { registerProblems, refuse, type SettingsContext } from './checks.js';
import { presentStop } from './presenters.js';
import { loadChartSettings, registersOf, type RegisterRow } from './sql.js';

/** How the operation log shows a stop state. */
const describeStop = (typeId: string, stop: Pick<StopState, 'register' | 'condition'>) => `${typeId} #${stop.register} ${JSON.stringify(stop.condition)}`;

/** Root's stop states, one per type: listed, set (created or replaced) and removed, each change audited. */
export function stopStateCommands({ db, audit, changed: deviceTypesChanged, listed }: SettingsContext) {
  return {
    async listStopStates(language: Language, ref?: string): Promise<StopStateSetting[]> {
      const rows = await listed(ref);
      return rows.stops.map((stop) => presentStop(rows, stop, language));
    },

    /** The type's one stop state, created or replaced. */
    async setStopState(actor: Actor, ref: string, input: StopState, language: Language): Promise<StopStateSetting> {
      const typeId = await db.transaction(async (tx) => {
        const type = await requireDeviceType(tx, ref);
        const registers = (await registersOf(tx, type.id)).get(type.id) ?? new Map<number, RegisterRow>();
        const problems = registerProblems(registers, [['register', input.register]], 'tested');
        const register = registers.get(input.register);
        if (
          register &&
          input.condition.type === 'bit' &&
          input.condition.bit >= fieldWidth({ width: register.width === 32 ? 32 : 16, mask: register.mask ?? undefined })
        )
          problems.push({ field: 'condition.bit', key: 'chartBitOutside', params: { register: input.register, bit: input.condition.bit } });
        refuse(problems);
        const [before] = await tx.select().from(deviceTypeStopStates).where(eq(deviceTypeStopStates.deviceTypeId, type.id)).for('update');
        const values = { register: input.register, condition: input.condition, note: input.note, updatedAt: new Date() };
        await tx
          .insert(deviceTypeStopStates)
          .values({ deviceTypeId: type.id, ...values })
          .onConflictDoUpdate({ target: deviceTypeStopStates.deviceTypeId, set: values });
        await audit(tx, actor, 'set_stop_state', {
          register: input.register,
          ...(before && { oldValue: describeStop(type.id, before) }),
          newValue: describeStop(type.id, input),
        });
        return type.id;
      });
      deviceTypesChanged([typeId]);
      const rows = await loadChartSettings(db, typeId);
      return presentStop(rows, rows.stops[0]!, language);
    },

    async removeStopState(actor: Actor, ref: string): Promise<void> {
      const typeId = await db.transaction(async (tx) => {
        const type = await requireDeviceType(tx, ref);
        const [before] = await tx.delete(deviceTypeStopStates).where(eq(deviceTypeStopStates.deviceTypeId, type.id)).returning();
        if (!before) throw ApiError.notFound('chartStopNotFound');
        await audit(tx, actor, 'delete_stop_state', { register: before.register, oldValue: describeStop(type.id, before) });
        return type.id;
      });
      deviceTypesChanged([typeId]);
    },
  };
}
