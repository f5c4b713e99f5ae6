import type { Gauge, GaugeSetting, Language } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { deviceTypeGauges } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import { registerProblems, refuse, typeWithRegisters, type SettingsContext } from './checks.js';
import { presentGauge } from './presenters.js';
import { loadChartSettings } from './sql.js';

/** How the operation log shows a gauge. */
const describeGauge = (typeId: string, gauge: Pick<Gauge, 'register' | 'min' | 'max' | 'bands'>) =>
  `${typeId} #${gauge.register} ${gauge.min}..${gauge.max}${gauge.bands.map((band) => ` ≤${band.to} ${band.color}`).join('')}`;

function gaugeValues(typeId: string, input: Gauge) {
  return { deviceTypeId: typeId, register: input.register, title: input.title, min: input.min, max: input.max, bands: input.bands, position: input.position };
}

async function checkedGauge(tx: Executor, input: Gauge): Promise<string> {
  const { type, registers } = await typeWithRegisters(tx, input.device_type);
  refuse(registerProblems(registers, [['register', input.register]], 'drawn'));
  return type.id;
}

/** Root's gauges: listed, added, replaced and deleted, each change audited. */
export function gaugeCommands({ db, audit, changed: deviceTypesChanged, listed }: SettingsContext) {
  async function gaugeView(id: number, language: Language): Promise<GaugeSetting> {
    const rows = await loadChartSettings(db);
    const gauge = rows.gauges.find((row) => row.id === id);
    if (!gauge) throw ApiError.notFound('chartGaugeNotFound');
    return presentGauge(rows, gauge, language);
  }
  return {
    async listGauges(language: Language, ref?: string): Promise<GaugeSetting[]> {
      const rows = await listed(ref);
      return rows.gauges.map((gauge) => presentGauge(rows, gauge, language));
    },

    async createGauge(actor: Actor, input: Gauge, language: Language): Promise<GaugeSetting> {
      const { id, typeId } = await db.transaction(async (tx) => {
        const typeId = await checkedGauge(tx, input);
        const [row] = await tx.insert(deviceTypeGauges).values(gaugeValues(typeId, input)).returning({ id: deviceTypeGauges.id });
        await audit(tx, actor, 'add_gauge', { register: input.register, newValue: describeGauge(typeId, input) });
        return { id: row!.id, typeId };
      });
      deviceTypesChanged([typeId]);
      return gaugeView(id, language);
    },

    async updateGauge(actor: Actor, id: number, input: Gauge, language: Language): Promise<GaugeSetting> {
      const changed = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(deviceTypeGauges).where(eq(deviceTypeGauges.id, id)).for('update');
        if (!before) throw ApiError.notFound('chartGaugeNotFound');
        const typeId = await checkedGauge(tx, input);
        await tx.update(deviceTypeGauges).set(gaugeValues(typeId, input)).where(eq(deviceTypeGauges.id, id));
        await audit(tx, actor, 'edit_gauge', {
          register: input.register,
          oldValue: describeGauge(before.deviceTypeId, before),
          newValue: describeGauge(typeId, input),
        });
        return [...new Set([before.deviceTypeId, typeId])];
      });
      deviceTypesChanged(changed);
      return gaugeView(id, language);
    },

    async removeGauge(actor: Actor, id: number): Promise<void> {
      const typeId = await db.transaction(async (tx) => {
        const [before] = await tx.delete(deviceTypeGauges).where(eq(deviceTypeGauges.id, id)).returning();
        if (!before) throw ApiError.notFound('chartGaugeNotFound');
        await audit(tx, actor, 'delete_gauge', { register: before.register, oldValue: describeGauge(before.deviceTypeId, before) });
        return before.deviceTypeId;
      });
      deviceTypesChanged([typeId]);
    },
  };
}
