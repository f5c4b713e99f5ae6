import type { Language } from '@cloudbox/domain';
import { BarChart, CandlestickChart, CustomChart, GaugeChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { registerLocale, registerMap, use as install } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import langES from 'echarts/i18n/langES-obj.js';
import langJA from 'echarts/i18n/langJA-obj.js';

/**
 * The one place the console's charts come from: only the ECharts parts its screens draw (curves,
 * bars, candlesticks, gauges, scatter on a geo map, pies, map tiles as custom series). Screens
 * import it lazily, so ECharts stays out of /login and of screens without charts.
 */
install([
  LineChart,
  BarChart,
  CandlestickChart,
  GaugeChart,
  ScatterChart,
  PieChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  DataZoomComponent,
  LegendComponent,
  TitleComponent,
  MarkLineComponent,
  MarkPointComponent,
  GeoComponent,
  CanvasRenderer,
]);

// ECharts knows ZH and EN; the console speaks Spanish and Japanese too.
registerLocale('ES', langES);
registerLocale('JA', langJA);

export const ECHARTS_LOCALES: Record<Language, string> = { zh: 'ZH', en: 'EN', es: 'ES', ja: 'JA' };

export { registerMap };
export type { EChartsType } from 'echarts/core';
export type { EChartsOption } from 'echarts';
