import type { OperationAction } from '@cloudbox/domain';
import type { Dayjs } from 'dayjs';
import type { QueryParams } from '../../../utils/request';

export interface OperationLogFilters {
  boxId?: string;
  username?: string;
  action?: OperationAction;
  range?: [Dayjs, Dayjs];
}

/** The filters as GET /operation-logs/export takes them; blanks are left out. */
export function operationLogFilterParams(filters: OperationLogFilters): QueryParams {
  return {
    box_id: filters.boxId?.trim() || undefined,
    username: filters.username?.trim() || undefined,
    action: filters.action,
    from: filters.range?.[0].valueOf(),
    to: filters.range?.[1].valueOf(),
  };
}

/** The filters and page as GET /operation-logs takes them. */
export function operationLogParams(filters: OperationLogFilters, page: number, pageSize: number): QueryParams {
  return { ...operationLogFilterParams(filters), page, page_size: pageSize };
}
