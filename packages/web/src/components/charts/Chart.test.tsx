import { act, render } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
  given.length = 0;
});

/** The system's reduced-motion setting, flipped by the test as a person flips it in their settings. */
function reducedMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => (query === '(prefers-reduced-motion: reduce)' ? list : original(query))) as typeof window.matchMedia;
  return (next: boolean) => {
    reduce = next;
    for (const listener of listeners) listener();
  };
}

const option: EChartsOption = { series: [{ type: 'gauge', data: [{ value: 42 }] }] };

describe('a chart', () => {
  it('draws without animation while the system asks for less motion, and animates again when it no longer does', () => {
    const setReduced = reducedMotion(true);
    render(<Chart option={option} parts={[]} label="speed" />);
    expect(given.at(-1)).toEqual({ ...option, animation: false });
    act(() => setReduced(false));
    expect(given.at(-1)).toEqual(option);
  });

  it('keeps the option as it is otherwise', () => {
    reducedMotion(false);
    render(<Chart option={option} parts={[]} label="speed" />);
    expect(given).toEqual([option]);
  });
});
