import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readAheadStaleTime, useReadAheadStart } from './read-ahead-query';
import { READ_AHEAD_TTL_MS } from './request-core';

describe('useReadAheadStart', () => {
  it('starts the query of the key it was read for from the arrived reply, and takes it once', () => {
    const take = vi.fn(() => ({ data: { total: 3 }, at: 1000 }));
    const { result, rerender } = renderHook(({ key }) => useReadAheadStart(key, take), { initialProps: { key: ['devices', { page: 1 }] } });
    expect(result.current).toEqual({ initialData: { total: 3 }, initialDataUpdatedAt: 1000, staleTime: readAheadStaleTime });

    // New filters: their query starts empty.
    rerender({ key: ['devices', { page: 2 }] });
    expect(result.current).toEqual({ staleTime: readAheadStaleTime });
    rerender({ key: ['devices', { page: 1 }] });
    expect(result.current).toMatchObject({ initialData: { total: 3 } });
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('starts a query without a reply read ahead empty', () => {
    const { result } = renderHook(() => useReadAheadStart(['devices'], () => undefined));
    expect(result.current).toEqual({ staleTime: readAheadStaleTime });
  });

  it('keeps the data read ahead fresh while a read ahead waits, and nothing fetched or patched since', () => {
    expect(readAheadStaleTime({ state: { dataUpdateCount: 0 } })).toBe(READ_AHEAD_TTL_MS);
    expect(readAheadStaleTime({ state: { dataUpdateCount: 1 } })).toBe(0);
  });
});
