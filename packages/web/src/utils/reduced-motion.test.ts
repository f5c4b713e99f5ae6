import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreMatchMedia, systemReducedMotion } from '../test/reduced-motion';
import { usePrefersReducedMotion } from './reduced-motion';

afterEach(restoreMatchMedia);

describe('usePrefersReducedMotion', () => {
  it('follows the system setting, live', () => {
    const setting = systemReducedMotion(true);
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(setting.listeners.size).toBe(0);
  });
});
