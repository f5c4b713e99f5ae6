import { act, render } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreMatchMedia, systemReducedMotion } from '../../test/reduced-motion';
import Chart from './Chart';
import type { EChartsOption } from './echarts';

/** The options each chart was given: jsdom has no canvas to draw on, so the instance only records them. */
const given = vi.hoisted(() => [] as unknown[]);
vi.mock('echarts/core', async (importOriginal) => ({
  ...(await importOriginal<typeof import('echarts/core')>()),
  init: () => ({ setOption: (option: unknown) => given.push(option), resize: () => undefined, dispose: () => undefined }) as unknown as EChartsType,
}));

// jsdom has no layout either: nothing is ever resized.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

afterEach(() => {
  restoreMatchMedia();
  given.length = 0;
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
});
