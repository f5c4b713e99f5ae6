import { DEVICE_SORT_FIELDS, type DeviceItem, type DeviceSortField, type Page } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { arrivedDevices, arrivedStatusCounts, getStatusCounts, listDevices } from '../../../api/devices';
import { useLiveDevices } from '../../../realtime/useLiveDevices';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { useReadAheadStart } from '../../../utils/read-ahead-query';
import { useDeviceColumns } from './columns';
import DeviceFilters from './DeviceFilters';
import { filterParams, listParams, PAGE_SIZES, parseListSearch, toListSearch, isVirtualPage, type DeviceListState } from './filters';
import { LeanRows, leanRowsProps, rowKeyOf } from './LeanRows';
import './index.css';

/** The table's least width: the virtual table's scroll width, and (`--devices-table-width`) a page of full rows' in index.css. */
const TABLE_WIDTH = 1640;
/** The virtual table's height: the window less the header, tabs, filters and pagination. */
const virtualHeight = () => Math.max(320, window.innerHeight - 400);

function isSortField(value: unknown): value is DeviceSortField {
  return typeof value === 'string' && (DEVICE_SORT_FIELDS as readonly string[]).includes(value);
}

/** The list state (kept in the view's URL), its page of devices and status counts, patched by live status changes. */
function useDeviceList() {
  const navigate = useNavigate();
  const { path, active } = useView();
  const viewQuery = useViewQuery();
  const [state, setState] = useState<DeviceListState>(() => parseListSearch(viewQuery.toString()));

  function update(next: DeviceListState) {
    setState(next);
    void navigate({ pathname: path, search: toListSearch(next) }, { replace: true });
  }

  const listKey = ['devices', 'list', listParams(state)] as const;
  const countsKey = ['devices', 'counts', { ...filterParams(state), status: undefined }] as const;
  // The first page of a visit starts from what the guard read ahead for it: rows in the first render.
  const listStart = useReadAheadStart(listKey, () => arrivedDevices(listParams(state)));
  const countsStart = useReadAheadStart(countsKey, () => arrivedStatusCounts({ ...filterParams(state), status: undefined }));
  const list = useQuery({ queryKey: listKey, queryFn: () => listDevices(listParams(state)), placeholderData: keepPreviousData, ...listStart });
  const counts = useQuery({ queryKey: countsKey, queryFn: () => getStatusCounts({ ...filterParams(state), status: undefined }), ...countsStart });

  useLiveDevices<Page<DeviceItem>>({
    rowsKey: listKey,
    rows: (data) => data.items,
    withRows: (data, items) => ({ ...data, items: items as DeviceItem[] }),
    refreshKeys: [countsKey],
    active,
  });

  return { state, update, list, counts };
}

/** The device list: filters, server paging and sorting, status counts and live status changes. */
export default function DevicesShow() {
  const { t } = useTranslation();
  const { state, update, list, counts } = useDeviceList();
  const columns = useDeviceColumns(state);

  const onChange: TableProps<DeviceItem>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const field = isSortField(sorter.columnKey) && sorter.order ? sorter.columnKey : 'box_id';
      update({ ...state, page: 1, sort: field, order: sorter.order === 'descend' ? 'desc' : 'asc' });
    } else if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? state.pageSize;
      update({ ...state, page: pageSize === state.pageSize ? (pagination.current ?? 1) : 1, pageSize });
    }
  };

  const total = list.data?.total ?? 0;
  const virtual = isVirtualPage(state);
  return (
    <div className="app-page devices-show">
      <DeviceFilters state={state} update={update} counts={counts.data} total={total} refresh={() => void Promise.all([list.refetch(), counts.refetch()])} />
      <Card variant="borderless" className="devices-show__table" style={{ '--devices-table-width': `${TABLE_WIDTH}px` } as React.CSSProperties}>
        <LeanRows items={virtual ? [] : (list.data?.items ?? [])} columns={columns}>
          <Table<DeviceItem>
            rowKey={rowKeyOf}
            size="middle"
            columns={columns}
            // A page of up to a hundred rows is drawn by LeanRows; a longer one is antd's virtual table.
            {...(virtual ? { dataSource: list.data?.items } : leanRowsProps)}
            loading={list.isFetching && !list.data}
            onChange={onChange}
            virtual={virtual}
            // A page of full rows scrolls sideways in its own box (index.css), so rc-table has no widths to measure and draw twice.
            scroll={virtual ? { x: TABLE_WIDTH, y: virtualHeight() } : undefined}
            tableLayout="fixed"
            // The arrows say a column sorts: a tooltip for each sortable header was made with every page load (nine, 37 ms of it).
            showSorterTooltip={false}
            onRow={(device) => ({ 'data-box': device.box_id, 'data-status': device.status }) as React.HTMLAttributes<HTMLElement>}
            pagination={{
              current: state.page,
              pageSize: state.pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (count) => t('device.total', { count }),
            }}
          />
        </LeanRows>
      </Card>
    </div>
  );
}
