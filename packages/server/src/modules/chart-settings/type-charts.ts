import type { ChartRegisterOption, DeviceTypeCharts, Language } from '@cloudbox/domain';
import { requireDeviceType } from '../../db/device-types.js';
import type { Db } from '../../db/index.js';
import { presentCharts } from './presenters.js';
import { loadChartSettings, registersOf, type ChartSettingRows, type RegisterRow } from './sql.js';

/**
 * What a type's pages draw, kept per type (by the id or number asked) in memory until `forget`
 * (the bus's `device-types-changed`: settings or registers changed on some instance); and the
 * registers root's forms offer.
 */
export function typeChartsReader(db: Db) {
  const charts = new Map<string, Promise<{ typeId: string; rows: ChartSettingRows }>>();
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
