import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReadAheadStart } from './read-ahead-query';
import { READ_AHEAD_TTL_MS } from './request-core';

describe('useReadAheadStart', () => {
  it('starts the query of the key it was read for from the arrived reply, fresh while a read ahead waits, and takes it once', () => {
    const take = vi.fn(() => ({ data: { total: 3 }, at: 1000 }));
    const { result, rerender } = renderHook(({ key }) => useReadAheadStart(key, take), { initialProps: { key: ['devices', { page: 1 }] } });
    expect(result.current).toMatchObject({ initialData: { total: 3 }, initialDataUpdatedAt: 1000 });
    const { staleTime } = result.current as { staleTime: (query: { state: { dataUpdatedAt: number } }) => number };
    expect(staleTime({ state: { dataUpdatedAt: 1000 } })).toBe(READ_AHEAD_TTL_MS);
    // Data fetched or patched since is stale at once, as every query's.
    expect(staleTime({ state: { dataUpdatedAt: 2000 } })).toBe(0);

    // New filters: their query starts empty.
    rerender({ key: ['devices', { page: 2 }] });
    expect(result.current).toEqual({});
    rerender({ key: ['devices', { page: 1 }] });
    expect(result.current).toMatchObject({ initialData: { total: 3 } });
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('leaves a query without a reply read ahead as it is', () => {
    const { result } = renderHook(() => useReadAheadStart(['devices'], () => undefined));
    expect(result.current).toEqual({});
  });
});
