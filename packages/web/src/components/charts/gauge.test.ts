import { describe, expect, it } from 'vitest';
import { bandStops, GAUGE_PARTS, gaugeOption, needleValue } from './gauge';
import { missingParts } from '../../test/chart-parts';

describe('gauge scales', () => {
  it('colour the axis line band by band, the rest of the scale plain', () => {
    const bands = [
      { to: 20000, color: '#52c41a' },
      { to: 27000, color: '#faad14' },
    ];
    expect(bandStops({ min: 0, max: 30000, bands }, '#eee')).toEqual([
      [2 / 3, '#52c41a'],
      [0.9, '#faad14'],
      [1, '#eee'],
    ]);
    expect(bandStops({ min: -10, max: 10, bands: [{ to: 10, color: '#f5222d' }] })).toEqual([[1, '#f5222d']]);
    expect(bandStops({ min: 0, max: 10, bands: [] }, '#eee')).toEqual([[1, '#eee']]);
  });

  it('clamp a band beyond a scale narrowed later', () => {
    expect(bandStops({ min: 0, max: 100, bands: [{ to: 300, color: '#f5222d' }] })).toEqual([[1, '#f5222d']]);
  });

  it('pin the needle at the ends of the scale, at the start without a value', () => {
    expect(needleValue(120, { min: 0, max: 100 })).toBe(100);
    expect(needleValue(-5, { min: 0, max: 100 })).toBe(0);
    expect(needleValue(null, { min: 10, max: 100 })).toBe(10);
  });
});

describe('a gauge chart', () => {
  it('has every ECharts part its option draws with', () => {
    const scale = { title: 'Motor speed', unit: 'rpm', min: 0, max: 35_000, bands: [{ to: 28_000, color: '#52c41a' }] };
    expect(missingParts(GAUGE_PARTS, gaugeOption(scale, 22_000, '22000'))).toEqual([]);
  });

  it("puts a small gauge's unit under its value, where one line is wider than the tile", () => {
    const scale = { title: 'Air flow', unit: 'm³/min', min: 0, max: 200, bands: [] };
    const detail = (option: ReturnType<typeof gaugeOption>) => {
      const series = option.series as { detail: { formatter: () => string } }[];
      return series[0]!.detail.formatter();
    };
    expect(detail(gaugeOption(scale, 100.2, '100.2'))).toBe('100.2 m³/min');
    expect(detail(gaugeOption(scale, 100.2, '100.2', { compact: true }))).toBe('{value|100.2}\n{unit|m³/min}');
    expect(detail(gaugeOption({ ...scale, unit: '' }, null, null, { compact: true }))).toBe('{value|—}');
  });
});
