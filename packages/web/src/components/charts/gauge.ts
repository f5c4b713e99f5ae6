import { GaugeChart } from 'echarts/charts';
import type { EChartsOption } from './echarts';

/** What a gauge chart draws with. */
export const GAUGE_PARTS = [GaugeChart];

/** A gauge as a device type's chart settings declare it (`/device-types/:id/charts`). */
export interface GaugeScale {
  title: string;
  unit: string;
  min: number;
  max: number;
  bands: readonly { to: number; color: string }[];
}

/** The arc without a band: the part of the scale the bands leave uncoloured. */
const BAND_REST = '#e6ebf8';
const BAND_REST_DARK = '#2a3a5a';

/**
 * The axis line's colour stops of a gauge (ECharts: `[fraction of the scale, colour]`): each band
 * up to its `to`, the rest of the scale plain. Bands are checked on the server (rising, within the
 * scale); a stored band outside a scale narrowed later is clamped.
 */
export function bandStops(scale: Pick<GaugeScale, 'min' | 'max' | 'bands'>, rest = BAND_REST): [number, string][] {
  const span = scale.max - scale.min;
  const stops = scale.bands.map((band): [number, string] => [Math.min(1, Math.max(0, (band.to - scale.min) / span)), band.color]);
  const last = stops.at(-1)?.[0] ?? 0;
  return last < 1 ? [...stops, [1, rest]] : stops;
}

/** The value on the needle: held to the scale, so a value beyond it pins the needle at the end. */
export function needleValue(value: number | null, scale: Pick<GaugeScale, 'min' | 'max'>): number {
  return Math.min(scale.max, Math.max(scale.min, value ?? scale.min));
}

/**
 * A small gauge's value and unit on two lines: on one, "100.2 m³/min" is wider than a tile of the
 * wall's narrow panel and ECharts clips both ends.
 */
function compactDetail(display: string | null, unit: string, color: string | undefined, unitColor: string) {
  return {
    valueAnimation: true,
    offsetCenter: [0, '52%'],
    lineHeight: 16,
    formatter: () => (unit ? `{value|${display ?? '—'}}\n{unit|${unit}}` : `{value|${display ?? '—'}}`),
    rich: { value: { fontSize: 14, fontWeight: 600, color, lineHeight: 16 }, unit: { fontSize: 10, color: unitColor, lineHeight: 13 } },
  };
}

/**
 * One gauge: the scale with its colour bands on the axis line, the needle, the shown value and the
 * title. `compact`: a small gauge without scale labels or title (the wall's narrow panel), where
 * they would overlap.
 */
export function gaugeOption(scale: GaugeScale, value: number | null, display: string | null, { dark = false, compact = false } = {}): EChartsOption {
  const banded = scale.bands.length > 0;
  const text = dark ? '#c8d3e6' : '#595959';
  return {
    series: [
      {
        type: 'gauge',
        min: scale.min,
        max: scale.max,
        radius: '92%',
        progress: { show: !banded, width: 10 },
        axisLine: { lineStyle: { width: 10, color: bandStops(scale, dark ? BAND_REST_DARK : BAND_REST) } },
        axisTick: { show: false },
        splitLine: { length: 8, lineStyle: { width: 1, color: '#999' } },
        splitNumber: 5,
        axisLabel: {
          show: !compact,
          distance: 14,
          fontSize: 10,
          color: dark ? '#8fa3c4' : '#8c8c8c',
          formatter: (label: number) => (Math.abs(label) >= 1000 ? `${Math.round(label / 100) / 10}k` : String(Math.round(label * 100) / 100)),
        },
        pointer: { width: 4, length: '60%' },
        anchor: { show: true, size: 10, itemStyle: { borderWidth: 2 } },
        // A small gauge's title is the caption under it (KeyGauges): in the chart, a long one was cut at both ends.
        title: { show: !compact, offsetCenter: [0, '88%'], fontSize: 12, color: text },
        detail: compact
          ? compactDetail(display, scale.unit, dark ? '#ffffff' : undefined, text)
          : {
              valueAnimation: true,
              offsetCenter: [0, '62%'],
              fontSize: 15,
              fontWeight: 600,
              color: dark ? '#ffffff' : undefined,
              formatter: () => `${display ?? '—'} ${scale.unit}`.trim(),
            },
        data: [{ value: needleValue(value, scale), name: scale.title }],
      },
    ],
  };
}
