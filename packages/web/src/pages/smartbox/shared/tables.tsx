import { formatDateTime } from '@cloudbox/domain';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { HTMLAttributes } from 'react';
import { Link } from 'react-router';

/* What the /smartbox tables share: server paging, rows named by their box, links and columns. */

export const PAGE_SIZE = 20;

/** Paging of a list the server pages: the page, its size (the reader may change it when given), the total answered. */
export function serverPaging(
  paging: { page: number; pageSize?: number },
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
  t: TFunction,
): TablePaginationConfig {
  return {
    current: paging.page,
    pageSize: paging.pageSize ?? PAGE_SIZE,
    total: total ?? 0,
    showSizeChanger: paging.pageSize !== undefined,
    showTotal: (count) => t('history.total', { count }),
    onChange,
  };
}

/** A row's attributes that name its box (the end-to-end tests find rows by them). */
export function boxRow(boxId: string): HTMLAttributes<HTMLElement> {
  return { 'data-box': boxId } as HTMLAttributes<HTMLElement>;
}

/** A box id as a link to its box page. */
export function boxLink(boxId: string) {
  return <Link to={`/devices/box/${boxId}`}>{boxId}</Link>;
}

/** A time of the API as the tables show it. */
export function timeText(value: string | null): string {
  return value ? formatDateTime(new Date(value)) : '—';
}

/** Blank text as a dash. */
export function text(value: string | null): string {
  return value || '—';
}

/** The address columns of a list of boxes: province, city, district, street. */
export function addressColumns<T extends { province: string; city: string; district: string; street: string }>(t: TFunction): TableColumnsType<T> {
  return [
    { title: t('boxProperties.field.province'), dataIndex: 'province', width: 90, render: text },
    { title: t('boxProperties.field.city'), dataIndex: 'city', width: 90, render: text },
    { title: t('boxProperties.field.district'), dataIndex: 'district', width: 90, render: text },
    { title: t('boxProperties.field.street'), dataIndex: 'street', width: 160, ellipsis: true, render: text },
  ];
}
