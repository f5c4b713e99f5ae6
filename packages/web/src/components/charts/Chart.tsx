import { init, type EChartsType } from 'echarts/core';
import { useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { currentLanguage } from '../../i18n';
import { usePrefersReducedMotion } from '../../utils/reduced-motion';
import { ECHARTS_LOCALES, install, type ChartParts, type EChartsOption } from './echarts';
import './chart.css';

export interface ChartProps {
  option: EChartsOption;
  /** The chart types and components `option` uses: ECharts draws nothing of a part it lacks. */
  parts: ChartParts;
  className?: string;
  style?: CSSProperties;
  /**
   * Replace the whole option (default) or merge into the chart's current one: live updates of a
   * series merge, so zoom and legend choices stay as the user left them.
   */
  merge?: boolean;
  /** Components replaced, not merged, when merging (the series of a map whose roam must stay). */
  replaceMerge?: string[];
  /** Called once with the chart, for events (zoom, roam, clicks). */
  onReady?: (chart: EChartsType) => void;
  /** Marks the chart for the end-to-end tests and screen readers. */
  label?: string;
}

/**
 * An ECharts instance in a div: created once, sized with its box (kept-alive views are hidden
 * with zero size and resize when shown), disposed on unmount. Dates and toolbox texts follow the
 * console's language. When the system asks for less motion, values are drawn where they land: no
 * needle swings, no growing bars.
 */
export default function Chart({ option, parts, className, style, merge = false, replaceMerge, onReady, label }: ChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const ready = useRef(onReady);
  const still = usePrefersReducedMotion();
  useEffect(() => {
    ready.current = onReady;
  });

  // Before the chart is made and given options (layout effects run before the others): `onReady` may set options too.
  useLayoutEffect(() => install(parts), [parts]);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, undefined, { locale: ECHARTS_LOCALES[currentLanguage()], renderer: 'canvas' });
    chart.current = instance;
    ready.current?.(instance);
    // Only a change of size draws again: the observer's first call reports the size the chart was made
    // with, and a resize then would draw a year of curves a second time.
    let size = `${node.clientWidth}x${node.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const now = `${node.clientWidth}x${node.clientHeight}`;
      if (now === size || node.clientWidth === 0 || node.clientHeight === 0) return;
      size = now;
      instance.resize();
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: !merge, lazyUpdate: true, ...(replaceMerge && { replaceMerge }) });
  }, [option, merge, replaceMerge, still]);

  return <div ref={element} className={['chart', className].filter(Boolean).join(' ')} style={style} role="img" aria-label={label} data-chart={label} />;
}
