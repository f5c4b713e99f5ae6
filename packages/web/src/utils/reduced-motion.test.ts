import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePrefersReducedMotion } from './reduced-motion';

const original = window.matchMedia;
afterEach(() => {
  window.matchMedia = original;
});

/** A media query list whose answer the test flips, telling its listeners as a browser does. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => (query === '(prefers-reduced-motion: reduce)' ? list : original(query))) as typeof window.matchMedia;
  return {
    set(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('usePrefersReducedMotion', () => {
  it('follows the system setting, live', () => {
    const setting = systemSetting(true);
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });
});
