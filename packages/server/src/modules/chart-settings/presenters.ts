import type { DeviceTypeCharts, GaugeSetting, Language, StackedChartSetting, StopStateSetting } from '@cloudbox/domain';
import type { ChartSettingRows, GaugeRow, RegisterRow, StackedRow, StopRow } from './sql.js';

/** Chart settings as answered: the type's and registers' names in the caller's language. */

function typeFields(rows: ChartSettingRows, deviceTypeId: string, language: Language) {
  const type = rows.types.get(deviceTypeId);
  return { device_type: deviceTypeId, device_type_number: type?.number ?? 0, device_type_name: type?.name[language] ?? deviceTypeId };
}

/** A register as a chart names it; a register the type no longer declares keeps its number, without name. */
function registerOf(rows: ChartSettingRows, deviceTypeId: string, number: number, language: Language) {
  const register: RegisterRow | undefined = rows.registers.get(deviceTypeId)?.get(number);
  return { number, name: register?.name[language] ?? null, unit: register?.unit ?? '', decimals: register?.decimals ?? 0 };
}

function registerFields(rows: ChartSettingRows, deviceTypeId: string, number: number, language: Language) {
  const { name, unit, decimals } = registerOf(rows, deviceTypeId, number, language);
  return { register: number, register_name: name, unit, decimals };
}

export function presentGauge(rows: ChartSettingRows, gauge: GaugeRow, language: Language): GaugeSetting {
  return {
    id: gauge.id,
    ...typeFields(rows, gauge.deviceTypeId, language),
    ...registerFields(rows, gauge.deviceTypeId, gauge.register, language),
    title: gauge.title,
    min: gauge.min,
    max: gauge.max,
    bands: gauge.bands,
    position: gauge.position,
  };
}

export function presentStacked(rows: ChartSettingRows, chart: StackedRow, language: Language): StackedChartSetting {
  return {
    id: chart.id,
    ...typeFields(rows, chart.deviceTypeId, language),
    name: chart.name,
    registers: chart.registers.map((number) => registerOf(rows, chart.deviceTypeId, number, language)),
    position: chart.position,
  };
}

export function presentStop(rows: ChartSettingRows, stop: StopRow, language: Language): StopStateSetting {
  return {
    ...typeFields(rows, stop.deviceTypeId, language),
    ...registerFields(rows, stop.deviceTypeId, stop.register, language),
    condition: stop.condition,
    note: stop.note,
    updated_at: stop.updatedAt.toISOString(),
  };
}

/** What a type's pages draw (`rows` hold that one type): gauges titled, stacked charts named, the stop state. */
export function presentCharts(rows: ChartSettingRows, deviceTypeId: string, language: Language): DeviceTypeCharts {
  const type = rows.types.get(deviceTypeId)!;
  const stop = rows.stops[0];
  return {
    device_type: { id: type.id, number: type.number, name: type.name[language] },
    gauges: rows.gauges.map((gauge) => {
      const { register_name, unit, decimals } = registerFields(rows, deviceTypeId, gauge.register, language);
      return {
        id: gauge.id,
        register: gauge.register,
        title: gauge.title?.[language] ?? register_name ?? `#${gauge.register}`,
        register_name,
        unit,
        decimals,
        min: gauge.min,
        max: gauge.max,
        bands: gauge.bands,
      };
    }),
    stacked_charts: rows.stacked.map((chart) => ({
      id: chart.id,
      name: chart.name[language],
      registers: chart.registers.map((number) => registerOf(rows, deviceTypeId, number, language)),
    })),
    stop_state: stop
      ? { register: stop.register, register_name: registerOf(rows, deviceTypeId, stop.register, language).name, condition: stop.condition, note: stop.note }
      : null,
  };
}
