import { describe, expect, it } from 'vitest';
import { renewalState } from './renewal';
import { changeFilters, DEFAULT_LIST_STATE, filterParams, listParams, parseListSearch, toListSearch } from './filters';

describe('device list filters and the query string', () => {
  it('round-trips every filter, the page and the sort', () => {
    const state = {
      status: 'online_fault',
      keyword: '郑州',
      model: 'maglev_blower',
      expiry: 'this_month',
      ck: '1001',
      page: 3,
      pageSize: 50,
      sort: 'expiry_date',
      order: 'desc',
    } as const;
    const search = toListSearch(state);
    expect(search).toBe(
      '?status=online_fault&keyword=%E9%83%91%E5%B7%9E&model=maglev_blower&expiry=this_month&ck=1001&page=3&page_size=50&sort=expiry_date&order=desc',
    );
    expect(parseListSearch(search)).toEqual(state);
  });

  it('leaves defaults out of the URL', () => {
    expect(toListSearch(DEFAULT_LIST_STATE)).toBe('');
    expect(parseListSearch('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('drops malformed values instead of sending them to the server', () => {
    expect(parseListSearch('?status=broken&expiry=soon&ck=12&page=-2&page_size=100000&sort=password&order=up&keyword=%20%20')).toEqual(DEFAULT_LIST_STATE);
  });

  it('goes back to the first page when a filter changes, and keeps the sort', () => {
    const state = { ...DEFAULT_LIST_STATE, page: 7, sort: 'status', order: 'desc' } as const;
    expect(changeFilters(state, { status: 'alert' })).toEqual({ ...state, status: 'alert', page: 1 });
  });

  it('gives the API its parameter names', () => {
    const state = parseListSearch('?status=offline&page=2&page_size=50');
    expect(listParams(state)).toEqual({
      status: 'offline',
      keyword: undefined,
      model: undefined,
      expiry: undefined,
      ck: undefined,
      page: 2,
      page_size: 50,
      sort: 'box_id',
      order: 'asc',
    });
    expect(filterParams(state)).not.toHaveProperty('page');
  });
});

describe('renewal state', () => {
  const today = new Date(2026, 10, 22);
  it('names expired boxes and those due this or next month', () => {
    expect(renewalState('2026-11-21', today)).toBe('expired');
    expect(renewalState('2026-11-22', today)).toBe('this_month');
    expect(renewalState('2026-12-31', today)).toBe('next_month');
    expect(renewalState('2027-01-01', today)).toBeNull();
    expect(renewalState(null, today)).toBeNull();
  });
});
