import type { Language } from '@cloudbox/domain';
import { registerLocale, registerMap, use as install } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import langES from 'echarts/i18n/langES-obj.js';
import langJA from 'echarts/i18n/langJA-obj.js';

/**
 * The one place the console's charts come from. Every chart draws on a canvas; the chart types and
 * components it needs come with each chart (`ChartProps.parts`), so a screen's chunk carries only
 * its own (the curves' screen no longer loads the map, gauges and candlesticks). Screens import
 * charts lazily, so ECharts stays out of /login and of screens without charts.
 */
install([CanvasRenderer]);

// ECharts knows ZH and EN; the console speaks Spanish and Japanese too.
registerLocale('ES', langES);
registerLocale('JA', langJA);

export const ECHARTS_LOCALES: Record<Language, string> = { zh: 'ZH', en: 'EN', es: 'ES', ja: 'JA' };

/** The chart types and components a chart draws with (`LineChart`, `GridComponent`…), installed before it is made. */
export type ChartParts = Parameters<typeof install>[0];

export { install, registerMap };
export type { EChartsType } from 'echarts/core';
export type { EChartsOption } from 'echarts';
