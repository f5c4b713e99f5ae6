import type { RealtimeEvent } from '@cloudbox/domain';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DeviceChanges, type LiveDevice } from './device-changes';
import { useRealtimeEvents } from './hooks';

/** Status counts and closed records are read again at most this often while events arrive. */
const REFRESH_MS = 3000;
/** Rows take the changes gathered over this long at once: live to the eye, a few renders a second under a storm. */
const FLUSH_MS = 250;

interface LiveOptions<T> {
  /** The cached query whose rows follow live changes. */
  rowsKey: QueryKey;
  rows: (data: T) => readonly LiveDevice[];
  withRows: (data: T, rows: readonly LiveDevice[]) => T;
  /** Queries to read again (throttled) after status changes: the counts. */
  refreshKeys: QueryKey[];
  /** Paused while the view is hidden behind another tab; it reads afresh when shown. */
  active: boolean;
}

/**
 * Applies live status and fault events to cached device rows without a reload: events are
 * gathered and applied together every quarter second (a thousand changes a second cost four
 * renders), and the counts are refreshed at most every few seconds.
 */
export function useLiveDevices<T>({ rowsKey, rows, withRows, refreshKeys, active }: LiveOptions<T>): void {
  const queryClient = useQueryClient();
  const changes = useRef(new DeviceChanges());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetchRows = useRef(false);
  const options = useRef({ rowsKey, rows, withRows, refreshKeys, active });
  useEffect(() => {
    options.current = { rowsKey, rows, withRows, refreshKeys, active };
  });

  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    },
    [],
  );

  const wasActive = useRef(active);
  useEffect(() => {
    // Whatever happened while hidden behind another tab: read again once shown.
    if (active && !wasActive.current)
      for (const key of [options.current.rowsKey, ...options.current.refreshKeys]) void queryClient.invalidateQueries({ queryKey: key });
    wasActive.current = active;
  }, [active, queryClient]);

  function flush() {
    flushTimer.current = null;
    const { rowsKey: key, rows: read, withRows: write, refreshKeys: refresh } = options.current;
    const pending = changes.current;
    // Rows still loading may have been read before these changes: they are read again.
    if (queryClient.getQueryState(key)?.fetchStatus !== 'idle') pending.refetch = true;
    queryClient.setQueryData<T>(key, (data) => {
      if (!data) return data;
      const current = read(data);
      const next = pending.apply(current);
      return next === current ? data : write(data, next);
    });
    refetchRows.current ||= pending.refetch;
    pending.clear();
    if (refreshTimer.current) return;
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      for (const refreshKey of refresh) void queryClient.invalidateQueries({ queryKey: refreshKey });
      if (refetchRows.current) void queryClient.invalidateQueries({ queryKey: options.current.rowsKey });
      refetchRows.current = false;
    }, REFRESH_MS);
  }

  useRealtimeEvents((event: RealtimeEvent) => {
    if (!options.current.active) return;
    if (changes.current.add(event) && flushTimer.current === null) flushTimer.current = setTimeout(flush, FLUSH_MS);
  });
}
