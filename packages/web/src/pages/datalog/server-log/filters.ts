import type { ServerLogKind, ServerLogLevel } from '@cloudbox/domain';
import type { Dayjs } from 'dayjs';
import type { QueryParams } from '../../../utils/request';

/** What the toolbar filters by. */
export interface ServerLogFilters {
  level?: ServerLogLevel;
  kind?: ServerLogKind;
  boxId?: string;
  keyword?: string;
  range?: [Dayjs, Dayjs];
}

/** The filters as GET /server-logs/export and /hours take them; blanks are left out. */
export function serverLogFilterParams(filters: ServerLogFilters): QueryParams {
  return {
    level: filters.level,
    kind: filters.kind,
    box_id: filters.boxId?.trim() || undefined,
    keyword: filters.keyword?.trim() || undefined,
    from: filters.range?.[0].valueOf(),
    to: filters.range?.[1].valueOf(),
  };
}

/** The filters and page as GET /server-logs takes them. */
export function serverLogParams(filters: ServerLogFilters, page: number, pageSize: number): QueryParams {
  return { ...serverLogFilterParams(filters), page, page_size: pageSize };
}
