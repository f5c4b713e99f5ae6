import type { Language, StackedChart, StackedChartSetting } from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/index.js';
import { deviceTypeStackedCharts } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { Actor } from '../oplog/service.js';
import { registerProblems, refuse, typeWithRegisters, type SettingsContext } from './checks.js';
import { presentStacked } from './presenters.js';
import { loadChartSettings } from './sql.js';

/** How the operation log shows a stacked chart. */
const describeStacked = (typeId: string, chart: Pick<StackedChart, 'name' | 'registers'>) => `${typeId} ${chart.name.zh}: ${chart.registers.join(', ')}`;

function stackedValues(typeId: string, input: StackedChart) {
  return { deviceTypeId: typeId, name: input.name, registers: input.registers, position: input.position };
}

async function checkedStacked(tx: Executor, input: StackedChart): Promise<string> {
  const { type, registers } = await typeWithRegisters(tx, input.device_type);
  refuse(
    registerProblems(
      registers,
      input.registers.map((number, index) => [`registers.${index}`, number]),
      'drawn',
    ),
  );
  return type.id;
}

/** Root's stacked charts: listed, added, replaced and deleted, each change audited. */
export function stackedCommands({ db, audit, changed: deviceTypesChanged, listed }: SettingsContext) {
  async function stackedView(id: number, language: Language): Promise<StackedChartSetting> {
    const rows = await loadChartSettings(db);
    const chart = rows.stacked.find((row) => row.id === id);
    if (!chart) throw ApiError.notFound('chartStackedNotFound');
    return presentStacked(rows, chart, language);
  }
  return {
    async listStacked(language: Language, ref?: string): Promise<StackedChartSetting[]> {
      const rows = await listed(ref);
      return rows.stacked.map((chart) => presentStacked(rows, chart, language));
    },

    async createStacked(actor: Actor, input: StackedChart, language: Language): Promise<StackedChartSetting> {
      const { id, typeId } = await db.transaction(async (tx) => {
        const typeId = await checkedStacked(tx, input);
        const [row] = await tx.insert(deviceTypeStackedCharts).values(stackedValues(typeId, input)).returning({ id: deviceTypeStackedCharts.id });
        await audit(tx, actor, 'add_stacked_chart', { register: input.registers[0]!, newValue: describeStacked(typeId, input) });
        return { id: row!.id, typeId };
      });
      deviceTypesChanged([typeId]);
      return stackedView(id, language);
    },

    async updateStacked(actor: Actor, id: number, input: StackedChart, language: Language): Promise<StackedChartSetting> {
      const changed = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(deviceTypeStackedCharts).where(eq(deviceTypeStackedCharts.id, id)).for('update');
        if (!before) throw ApiError.notFound('chartStackedNotFound');
        const typeId = await checkedStacked(tx, input);
        await tx.update(deviceTypeStackedCharts).set(stackedValues(typeId, input)).where(eq(deviceTypeStackedCharts.id, id));
        await audit(tx, actor, 'edit_stacked_chart', {
          register: input.registers[0]!,
          oldValue: describeStacked(before.deviceTypeId, before),
          newValue: describeStacked(typeId, input),
        });
        return [...new Set([before.deviceTypeId, typeId])];
      });
      deviceTypesChanged(changed);
      return stackedView(id, language);
    },

    async removeStacked(actor: Actor, id: number): Promise<void> {
      const typeId = await db.transaction(async (tx) => {
        const [before] = await tx.delete(deviceTypeStackedCharts).where(eq(deviceTypeStackedCharts.id, id)).returning();
        if (!before) throw ApiError.notFound('chartStackedNotFound');
        await audit(tx, actor, 'delete_stacked_chart', { register: before.registers[0]!, oldValue: describeStacked(before.deviceTypeId, before) });
        return before.deviceTypeId;
      });
      deviceTypesChanged([typeId]);
    },
  };
}
