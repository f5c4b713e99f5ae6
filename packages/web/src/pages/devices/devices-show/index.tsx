import { MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DEVICE_FIELD_LABELS,
  DEVICE_SORT_FIELDS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  EXPIRY_GROUPS,
  formatMessage,
  type DeviceItem,
  type DeviceSortField,
  type Page,
} from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Input, Select, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getStatusCounts, listDevices } from '../../../api/devices';
import { StatusCountsBar, StatusTag, useStatusLabel } from '../../../components/DeviceStatus';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { currentLanguage } from '../../../i18n';
import { useLiveDevices } from '../../../realtime/useLiveDevices';
import { useView } from '../../../router/view-context';
import { useViewQuery } from '../../../router/view-query';
import { devicePath, deviceScreens } from '../../../utils/device-links';
import { downloadFile } from '../../../utils/download';
import { changeFilters, filterParams, listParams, PAGE_SIZES, parseListSearch, toListSearch, type DeviceListState } from './filters';
import { renewalState } from './renewal';
import './index.css';

const RENEWAL_COLORS = { expired: 'red', this_month: 'orange', next_month: 'gold' } as const;
/**
 * Pages longer than this render only the rows in view (a virtual table): a 500-row page of full
 * rows takes seconds to lay out, and live status changes would redraw them all.
 */
const VIRTUAL_FROM_ROWS = 100;
/** The virtual table's height: the window less the header, tabs, filters and pagination. */
const virtualHeight = () => Math.max(320, window.innerHeight - 400);

function isSortField(value: unknown): value is DeviceSortField {
  return typeof value === 'string' && (DEVICE_SORT_FIELDS as readonly string[]).includes(value);
}

/** The device list: filters, server paging and sorting, status counts and live status changes. */
export default function DevicesShow() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const statusLabel = useStatusLabel();
  const navigate = useNavigate();
  const { path, active } = useView();
  const viewQuery = useViewQuery();
  const [state, setState] = useState<DeviceListState>(() => parseListSearch(viewQuery.toString()));
  const [keyword, setKeyword] = useState(state.keyword ?? '');

  function update(next: DeviceListState) {
    setState(next);
    void navigate({ pathname: path, search: toListSearch(next) }, { replace: true });
  }

  const listKey = ['devices', 'list', listParams(state)] as const;
  const countsKey = ['devices', 'counts', { ...filterParams(state), status: undefined }] as const;
  const list = useQuery({ queryKey: listKey, queryFn: () => listDevices(listParams(state)), placeholderData: keepPreviousData });
  const counts = useQuery({ queryKey: countsKey, queryFn: () => getStatusCounts({ ...filterParams(state), status: undefined }) });

  useLiveDevices<Page<DeviceItem>>({
    rowsKey: listKey,
    rows: (data) => data.items,
    withRows: (data, items) => ({ ...data, items: items as DeviceItem[] }),
    refreshKeys: [countsKey],
    active,
  });

  const label = (field: keyof typeof DEVICE_FIELD_LABELS) => formatMessage(language, DEVICE_FIELD_LABELS[field]);
  const sortOrder = (field: DeviceSortField): SortOrder => (state.sort === field ? (state.order === 'asc' ? 'ascend' : 'descend') : null);
  const sortable = (field: DeviceSortField) => ({ sorter: true, sortOrder: sortOrder(field), key: field });
  const screenLabel = (screen: ReturnType<typeof deviceScreens>[number]) => t(`device.screen.${screen}`);

  const columns: TableProps<DeviceItem>['columns'] = [
    { title: label('owner_unit'), dataIndex: 'owner_unit', ellipsis: true, width: 220, ...sortable('owner_unit') },
    { title: label('controller_id'), dataIndex: 'controller_id', width: 80, align: 'center', ...sortable('controller_id') },
    { title: label('status'), dataIndex: 'status', width: 130, render: (_, device) => <StatusTag state={device.status} />, ...sortable('status') },
    { title: label('model'), dataIndex: 'model', width: 150, ellipsis: true, ...sortable('model') },
    { title: label('remark'), dataIndex: 'remark', ellipsis: true, width: 140, render: (remark: string) => remark || '—' },
    {
      title: label('box_id'),
      dataIndex: 'box_id',
      width: 120,
      ...sortable('box_id'),
      render: (boxId: string) => <Link to={`/devices/box/${boxId}`}>{boxId}</Link>,
    },
    { title: label('iot_model'), dataIndex: 'iot_model', width: 120, ...sortable('iot_model') },
    { title: label('install_date'), dataIndex: 'install_date', width: 120, ...sortable('install_date') },
    { title: label('expiry_date'), dataIndex: 'expiry_date', width: 120, ...sortable('expiry_date') },
    { title: label('iccid'), dataIndex: 'iccid', width: 190, ...sortable('iccid') },
    {
      title: t('device.renewal'),
      key: 'renewal',
      width: 110,
      render: (_, device) => {
        const renewal = renewalState(device.expiry_date);
        return renewal ? (
          <Tag color={RENEWAL_COLORS[renewal]}>{t(`device.renewalState.${renewal}`)}</Tag>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        );
      },
    },
    {
      title: t('device.actions'),
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, device) => {
        const [first, ...rest] = deviceScreens(device);
        if (!first) return null;
        return (
          <Space size={4} className="device-actions">
            <Link to={devicePath(device, first)} className="device-action" data-screen={first}>
              {screenLabel(first)}
            </Link>
            {rest.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: rest.map((screen) => ({
                    key: screen,
                    label: (
                      <Link to={devicePath(device, screen)} data-screen={screen}>
                        {screenLabel(screen)}
                      </Link>
                    ),
                  })),
                }}
              >
                <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('device.more')} className="device-more" />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

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
  return (
    <div className="app-page devices-show">
      <Card variant="borderless" className="devices-show__filters">
        <StatusCountsBar counts={counts.data} selected={state.status} onSelect={(status) => update(changeFilters(state, { status }))} />
        <div className="devices-show__toolbar">
          <Input.Search
            className="devices-show__keyword"
            allowClear
            placeholder={t('device.keywordPlaceholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => update(changeFilters(state, { keyword: value.trim() || undefined }))}
          />
          <Select
            className="devices-show__status"
            allowClear
            placeholder={t('device.statusFilter')}
            value={state.status}
            onChange={(status) => update(changeFilters(state, { status }))}
            options={DEVICE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))}
          />
          <Select
            className="devices-show__model"
            allowClear
            placeholder={t('device.modelFilter')}
            value={state.model}
            onChange={(model) => update(changeFilters(state, { model }))}
            options={DEVICE_TYPES.map((type) => ({ value: type.id, label: type.name[language] }))}
          />
          <Select
            className="devices-show__expiry"
            allowClear
            placeholder={t('device.expiryFilter')}
            value={state.expiry}
            onChange={(expiry) => update(changeFilters(state, { expiry }))}
            options={EXPIRY_GROUPS.map((group) => ({ value: group, label: t(`device.expiry.${group}`) }))}
          />
          <Space className="devices-show__buttons">
            <Tooltip title={t('device.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={() => void Promise.all([list.refetch(), counts.refetch()])} aria-label={t('device.refresh')} />
            </Tooltip>
            <ExportButton
              disabled={total === 0}
              run={(report, signal) =>
                downloadFile(
                  '/devices/export',
                  { ...filterParams(state), sort: state.sort, order: state.order },
                  'devices.xlsx',
                  (progress) => report(streamedReport(progress, t)),
                  signal,
                )
              }
            >
              {t('export.xlsx')}
            </ExportButton>
          </Space>
        </div>
      </Card>
      <Card variant="borderless" className="devices-show__table">
        <Table<DeviceItem>
          rowKey={(device) => `${device.box_id}/${device.controller_id ?? ''}`}
          size="middle"
          columns={columns}
          dataSource={list.data?.items}
          loading={list.isFetching && !list.data}
          onChange={onChange}
          virtual={state.pageSize > VIRTUAL_FROM_ROWS}
          scroll={state.pageSize > VIRTUAL_FROM_ROWS ? { x: 1640, y: virtualHeight() } : { x: 1640 }}
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
      </Card>
    </div>
  );
}
