import {
  DEVICE_SORT_FIELDS,
  DEVICE_STATUSES,
  EXPIRY_GROUPS,
  RUN_STATES,
  SORT_ORDERS,
  type DeviceSortField,
  type DeviceStatus,
  type ExpiryGroup,
  type RunState,
} from '@cloudbox/domain';
import type { QueryParams } from '../../../utils/request';

/** What the device list shows: its filters, page and sort. Kept in the URL, so a tab or a reload keeps it. */
export interface DeviceListState {
  status?: DeviceStatus;
  keyword?: string;
  model?: string;
  expiry?: ExpiryGroup;
  run_state?: RunState;
  ck?: string;
  page: number;
  pageSize: number;
  sort: DeviceSortField;
  order: (typeof SORT_ORDERS)[number];
}

export const PAGE_SIZES = [20, 50, 100, 200] as const;

/**
 * Pages longer than this render only the rows in view (a virtual table): a 500-row page of full
 * rows takes seconds to lay out, and live status changes would redraw them all.
 */
const VIRTUAL_FROM_ROWS = 100;

/** Whether the list's page is a virtual table (see VIRTUAL_FROM_ROWS). */
export const isVirtualPage = (state: Pick<DeviceListState, 'pageSize'>) => state.pageSize > VIRTUAL_FROM_ROWS;

export const DEFAULT_LIST_STATE: DeviceListState = { page: 1, pageSize: 20, sort: 'box_id', order: 'asc' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const positive = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
};

const text = (value: string | null, max: number) => {
  const trimmed = value?.trim().slice(0, max);
  return trimmed ? trimmed : undefined;
};

/** The list state of a query string; anything malformed falls back to its default. */
export function parseListSearch(search: string): DeviceListState {
  const query = new URLSearchParams(search);
  const pageSize = positive(query.get('page_size'), DEFAULT_LIST_STATE.pageSize, 500);
  const ck = query.get('ck');
  return {
    status: oneOf(DEVICE_STATUSES, query.get('status')),
    keyword: text(query.get('keyword'), 100),
    model: text(query.get('model'), 100),
    expiry: oneOf(EXPIRY_GROUPS, query.get('expiry')),
    run_state: oneOf(RUN_STATES, query.get('run_state')),
    ck: ck && /^\d{4}$/.test(ck) ? ck : undefined,
    page: positive(query.get('page'), DEFAULT_LIST_STATE.page),
    pageSize,
    sort: oneOf(DEVICE_SORT_FIELDS, query.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    order: oneOf(SORT_ORDERS, query.get('order')) ?? DEFAULT_LIST_STATE.order,
  };
}

/** The filters as the API takes them (status counts and the export use them without paging). */
export function filterParams(state: DeviceListState): QueryParams {
  return { status: state.status, keyword: state.keyword, model: state.model, expiry: state.expiry, run_state: state.run_state, ck: state.ck };
}

export function listParams(state: DeviceListState): QueryParams {
  return { ...filterParams(state), page: state.page, page_size: state.pageSize, sort: state.sort, order: state.order };
}

/** The query string of a list state: only what differs from the defaults, in a stable order. */
export function toListSearch(state: DeviceListState): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filterParams(state))) if (value !== undefined && value !== '') query.set(name, String(value));
  if (state.page !== DEFAULT_LIST_STATE.page) query.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) query.set('page_size', String(state.pageSize));
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    query.set('sort', state.sort);
    query.set('order', state.order);
  }
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** A change of any filter goes back to the first page; paging and sorting keep the filters. */
export function changeFilters(state: DeviceListState, change: Partial<Omit<DeviceListState, 'page' | 'pageSize' | 'sort' | 'order'>>): DeviceListState {
  return { ...state, ...change, page: 1 };
}
