import { init } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { vi } from 'vitest';
import { install, type ChartParts, type EChartsOption } from '../components/charts/echarts';

/**
 * The chart types and components `option` draws with that `parts` lacks, as ECharts names them
 * ("legend", "bar"): its development build says so when an option uses one that is not installed,
 * where a production build draws nothing. ECharts installs for good, so a test file checks one set
 * of parts (each file has its own modules).
 */
export function missingParts(parts: ChartParts, option: EChartsOption): string[] {
  install([SVGRenderer]);
  install(parts);
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width: 640, height: 400 });
  const said: string[] = [];
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void said.push(args.join(' ')));
  try {
    chart.setOption(option);
  } finally {
    error.mockRestore();
    chart.dispose();
  }
  return said.flatMap((text) => /(?:Component|Series) (\S+) is used but not imported/.exec(text)?.[1] ?? []);
}
