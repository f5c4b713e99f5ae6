import { EXPIRY_GROUPS, type FaultRecordView } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { arrivedFaults, arrivedStatusCounts, getStatusCounts, searchFaults } from '../../api/devices';
import { useReadAheadStart } from '../../utils/read-ahead-query';
import { useRealtimeEvents } from '../../realtime/hooks';
import { RECENT_FAULTS } from './read-ahead';
import { faultsPerHour } from './trend';

const REFRESH_MS = 30_000;
const TREND_PAGES = 4;

/** Records opened in the last 24 hours (up to a few pages: a trend, not an audit). */
async function lastDayFaults(): Promise<FaultRecordView[]> {
  const from = Date.now() - 24 * 3_600_000;
  const records: FaultRecordView[] = [];
  for (let page = 1; page <= TREND_PAGES; page++) {
    const result = await searchFaults({ from, page, page_size: 500 });
    records.push(...result.items.filter((record) => new Date(record.started_at).getTime() >= from));
    if (result.items.length < 500) break;
  }
  return records;
}

/**
 * What the dashboard and the big screen show: counts by status, the newest faults, faults per hour
 * of the last day and the SIMs expiring by month. Live status and fault events refresh them
 * (at most every few seconds), and they are read again every half minute while the view is shown.
 */
export function useOverview(active: boolean) {
  const queryClient = useQueryClient();
  const refetchInterval = active ? REFRESH_MS : false;
  // The dashboard's first render has what was read ahead for it (./read-ahead.ts).
  const countsKey = ['overview', 'counts'];
  const recentKey = ['overview', 'recent'];
  const countsStart = useReadAheadStart(countsKey, () => arrivedStatusCounts());
  const recentStart = useReadAheadStart(recentKey, () => arrivedFaults(RECENT_FAULTS));
  const counts = useQuery({ queryKey: countsKey, queryFn: () => getStatusCounts(), refetchInterval, ...countsStart });
  const recent = useQuery({ queryKey: recentKey, queryFn: () => searchFaults(RECENT_FAULTS), refetchInterval, ...recentStart });
  const trend = useQuery({
    queryKey: ['overview', 'trend'],
    queryFn: async () => faultsPerHour(await lastDayFaults(), Date.now()),
    refetchInterval: active ? 5 * 60_000 : false,
  });
  const expiry = useQuery({
    queryKey: ['overview', 'expiry'],
    queryFn: async () =>
      Object.fromEntries(await Promise.all(EXPIRY_GROUPS.map(async (group) => [group, (await getStatusCounts({ expiry: group })).total] as const))),
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useRealtimeEvents((event) => {
    if (!active || (event.type !== 'status' && event.type !== 'fault') || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: ['overview', 'counts'] });
      if (event.type === 'fault') void queryClient.invalidateQueries({ queryKey: ['overview', 'recent'] });
    }, 3000);
  });

  return { counts, recent, trend, expiry };
}
