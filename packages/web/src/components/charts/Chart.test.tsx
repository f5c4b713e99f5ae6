import { act, render } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreMatchMedia, systemReducedMotion } from '../../test/reduced-motion';
import Chart from './Chart';
import type { EChartsOption } from './echarts';

/** The options each chart was given: jsdom has no canvas to draw on, so the instance only records them. */
const given = vi.hoisted(() => [] as unknown[]);
/** How often a chart was resized (drawn again at its new size). */
const resized = vi.hoisted(() => ({ count: 0 }));
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('echarts/core')>()),
  init: () => ({ setOption: (option: unknown) => given.push(option), resize: () => void resized.count++, dispose: () => undefined }) as unknown as EChartsType,
}));

// jsdom has no layout either: the test reports sizes through the observer itself.
const observers: (() => void)[] = [];
vi.stubGlobal(
  'ResizeObserver',
  class {
    constructor(private readonly report: () => void) {}
    observe() {
      observers.push(this.report);
    }
    disconnect() {}
  },
);

/** Gives every chart's box this size and lets the observers report it. */
function sizeCharts(width: number, height: number) {
  for (const node of document.querySelectorAll<HTMLElement>('.chart')) {
    Object.defineProperty(node, 'clientWidth', { configurable: true, value: width });
    Object.defineProperty(node, 'clientHeight', { configurable: true, value: height });
  }
  for (const report of observers) report();
}

afterEach(() => {
  restoreMatchMedia();
  given.length = 0;
  observers.length = 0;
  resized.count = 0;
});

const option: EChartsOption = { series: [{ type: 'gauge', data: [{ value: 42 }] }] };

describe('a chart', () => {
  it('draws without animation while the system asks for less motion, and animates again when it no longer does', () => {
    const setting = systemReducedMotion(true);
    render(<Chart option={option} parts={[]} label="speed" />);
    expect(given.at(-1)).toEqual({ ...option, animation: false });
    act(() => setting.set(false));
    expect(given.at(-1)).toEqual(option);
  });

  it('keeps the option as it is otherwise', () => {
    systemReducedMotion(false);
    render(<Chart option={option} parts={[]} label="speed" />);
    expect(given).toEqual([option]);
  });

  it('draws again only when its box changes size: not for the first report of the observer, nor while hidden', () => {
    systemReducedMotion(false);
    render(<Chart option={option} parts={[]} label="speed" />);
    sizeCharts(0, 0);
    expect(resized.count).toBe(0);
    sizeCharts(600, 300);
    sizeCharts(600, 300);
    expect(resized.count).toBe(1);
    sizeCharts(0, 0);
    sizeCharts(800, 300);
    expect(resized.count).toBe(2);
  });
});
