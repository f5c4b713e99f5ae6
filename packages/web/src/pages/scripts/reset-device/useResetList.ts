import type { BoxDeliveryState } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listBoxResets } from '../../../api/boxResets';

/** While a reset is on its way the list follows it closely; otherwise it looks again now and then (acks of boxes coming back). */
const LIVE_MS = 2000;
const IDLE_MS = 10_000;

export type ResetFilters = { box_id?: string; state?: BoxDeliveryState };

/** The resets' page under the applied filters, and the filters being edited (`draft`) until they are applied. */
export function useResetList() {
  const [draft, setDraft] = useState<ResetFilters>({});
  const [filters, setFilters] = useState(draft);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = { ...filters, page: paging.page, page_size: paging.pageSize };
  const resets = useQuery({
    queryKey: ['box-resets', params],
    queryFn: () => listBoxResets(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.state === 'queued' || item.state === 'sent') ? LIVE_MS : IDLE_MS),
  });
  return { resets, draft, setDraft, setFilters, paging, setPaging };
}

export type ResetList = ReturnType<typeof useResetList>;
