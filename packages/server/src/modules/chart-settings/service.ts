import {
  fieldWidth,
  type ChartRegisterOption,
  type DeviceTypeCharts,
  type Gauge,
  type GaugeSetting,
  type Language,
  type OperationAction,
  type StackedChart,
  type StackedChartSetting,
  type StopState,
  type StopStateSetting,
} from '@cloudbox/domain';
import { eq } from 'drizzle-orm';
import { findDeviceType, requireDeviceType, type DeviceTypeRef } from '../../db/device-types.js';
import type { Db, Executor } from '../../db/index.js';
import { deviceTypeGauges, deviceTypeStackedCharts, deviceTypeStopStates } from '../../db/schema.js';
import { ApiError, type Problem } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { presentCharts, presentGauge, presentStacked, presentStop } from './presenters.js';
import { loadChartSettings, registersOf, type ChartSettingRows, type RegisterRow } from './sql.js';

export type ChartSettingsService = ReturnType<typeof createChartSettingsService>;

export interface ChartSettingsDeps {
  db: Db;
  oplog: OperationLogService;
  /** Told the types whose charts changed, after the commit (the bus's `device-types-changed`). */
  deviceTypesChanged: (deviceTypeIds: string[]) => void;
}

/** What a register must be to take part: drawn on a scale or a curve (a number), or tested by a condition (anything but text). */
type Use = 'drawn' | 'tested';

function registerProblems(registers: Map<number, RegisterRow>, wanted: [field: string, number: number][], use: Use): Problem[] {
  return wanted.flatMap(([field, number]): Problem[] => {
    const register = registers.get(number);
    if (!register) return [{ field, key: 'chartRegisterUnknown', params: { register: number } }];
    if (use === 'drawn' && register.format !== 'number') return [{ field, key: 'chartRegisterNotNumeric', params: { register: number } }];
    if (use === 'tested' && register.format === 'text') return [{ field, key: 'chartRegisterText', params: { register: number } }];
    return [];
  });
}

/** The type a body names and its registers; an unknown type is the field's error. */
async function typeWithRegisters(tx: Executor, ref: string): Promise<{ type: DeviceTypeRef; registers: Map<number, RegisterRow> }> {
  const type = await findDeviceType(tx, ref);
  if (!type) throw ApiError.invalidInput([{ field: 'device_type', key: 'deviceTypeNotFound' }]);
  return { type, registers: (await registersOf(tx, type.id)).get(type.id) ?? new Map() };
}

function refuse(problems: Problem[]): void {
  if (problems.length > 0) throw ApiError.invalidInput(problems);
}

// How the operation log shows a setting (old and new value).
const describeGauge = (typeId: string, gauge: Pick<Gauge, 'register' | 'min' | 'max' | 'bands'>) =>
  `${typeId} #${gauge.register} ${gauge.min}..${gauge.max}${gauge.bands.map((band) => ` ≤${band.to} ${band.color}`).join('')}`;
const describeStacked = (typeId: string, chart: Pick<StackedChart, 'name' | 'registers'>) => `${typeId} ${chart.name.zh}: ${chart.registers.join(', ')}`;
const describeStop = (typeId: string, stop: Pick<StopState, 'register' | 'condition'>) => `${typeId} #${stop.register} ${JSON.stringify(stop.condition)}`;

/**
 * The chart settings of device types: root's gauges, stacked charts and stop states (each change
 * one transaction with its operation-log entry, then `device-types-changed`), and what a type's
 * pages draw, kept per type in memory until the bus says that type's settings or registers changed.
 */
export function createChartSettingsService({ db, oplog, deviceTypesChanged }: ChartSettingsDeps) {
  const charts = new Map<string, Promise<{ typeId: string; rows: ChartSettingRows }>>();

  const audit = (tx: Executor, actor: Actor, action: OperationAction, entry: { register: number; oldValue?: string; newValue?: string }) =>
    oplog.record(tx, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action, ...entry });

  async function listed(ref: string | undefined): Promise<ChartSettingRows> {
    const type = ref === undefined ? undefined : await requireDeviceType(db, ref);
    return loadChartSettings(db, type?.id);
  }

  async function gaugeView(id: number, language: Language): Promise<GaugeSetting> {
    const rows = await loadChartSettings(db);
    const gauge = rows.gauges.find((row) => row.id === id);
    if (!gauge) throw ApiError.notFound('chartGaugeNotFound');
    return presentGauge(rows, gauge, language);
  }

  async function stackedView(id: number, language: Language): Promise<StackedChartSetting> {
    const rows = await loadChartSettings(db);
    const chart = rows.stacked.find((row) => row.id === id);
    if (!chart) throw ApiError.notFound('chartStackedNotFound');
    return presentStacked(rows, chart, language);
  }

  function gaugeValues(typeId: string, input: Gauge) {
    return { deviceTypeId: typeId, register: input.register, title: input.title, min: input.min, max: input.max, bands: input.bands, position: input.position };
  }

  function stackedValues(typeId: string, input: StackedChart) {
    return { deviceTypeId: typeId, name: input.name, registers: input.registers, position: input.position };
  }

  async function checkedGauge(tx: Executor, input: Gauge): Promise<string> {
    const { type, registers } = await typeWithRegisters(tx, input.device_type);
    refuse(registerProblems(registers, [['register', input.register]], 'drawn'));
    return type.id;
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

  return {
    /** The registers of a type, for root's forms. */
    async registers(language: Language, ref: string): Promise<ChartRegisterOption[]> {
      const type = await requireDeviceType(db, ref);
      const registers = (await registersOf(db, type.id)).get(type.id) ?? new Map<number, RegisterRow>();
      return [...registers.values()].map((register) => ({
        number: register.number,
        name: register.name[language],
        unit: register.unit,
        decimals: register.decimals,
        format: register.format,
        min: register.min,
        max: register.max,
      }));
    },

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

    /** What a type's pages draw, for every signed-in user; kept until `forget`. */
    async charts(language: Language, ref: string): Promise<DeviceTypeCharts> {
      let entry = charts.get(ref);
      if (!entry) {
        entry = (async () => {
          const type = await requireDeviceType(db, ref);
          return { typeId: type.id, rows: await loadChartSettings(db, type.id) };
        })();
        charts.set(ref, entry);
        // An unknown type is not kept: asking again asks the database again.
        entry.catch(() => charts.delete(ref));
      }
      const { typeId, rows } = await entry;
      return presentCharts(rows, typeId, language);
    },

    /** Device types changed (any instance): what was kept of their charts is stale. */
    forget(): void {
      charts.clear();
    },
  };
}
