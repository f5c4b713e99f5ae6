import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';

/** A list's filters: its own fields and a time range (sent as `from` and `to` in epoch ms). */
type Filters = { range?: [Dayjs, Dayjs] };
export type FilterQuery<F extends Filters> = Omit<F, 'range'> & { from?: number; to?: number };

/**
 * A server-paged list under filters: the filters (a change goes back to page 1), the page, the
 * query of the filters alone (what an export of the list takes) and the page's answer, the last
 * one kept on screen while the next loads.
 */
export function useFilteredPages<F extends Filters, T>(key: QueryKey, fetch: (query: FilterQuery<F> & { page: number; page_size: number }) => Promise<T>) {
  const [filter, setFilter] = useState<F>({} as F);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const update = (next: F) => {
    setFilter(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const { range, ...rest } = filter;
  const filterQuery = { ...rest, from: range?.[0].valueOf(), to: range?.[1].valueOf() } as FilterQuery<F>;
  const query = { ...filterQuery, page: paging.page, page_size: paging.pageSize };
  const result = useQuery({ queryKey: [...key, query], queryFn: () => fetch(query), placeholderData: keepPreviousData });
  return { filter, update, paging, setPaging, filterQuery, result };
}
