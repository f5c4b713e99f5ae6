import { formatDateTime, OPERATION_ACTIONS, type OperationAction, type OperationLogEntry } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listOperationLogs } from '../../../api/devices';
import { XlsxExport } from '../../../components/ExportButton';
import SearchButtons from '../../../components/SearchButtons';
import { operationLogFilterParams, operationLogParams, type OperationLogFilters } from './filters';
import './index.css';

const ACTION_COLORS: Partial<Record<OperationAction, string>> = { send_command: 'blue', switch: 'orange', modify_parameter: 'geekblue' };

/**
 * The operation log (SPEC.md section 3, Log): what people did to the devices the user may see,
 * newest first, filtered and paged on the server. The filters apply on Search, so typing does not
 * fire a query per key.
 */
export default function OperationLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OperationLogFilters>({});
  const [filters, setFilters] = useState<OperationLogFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = operationLogParams(filters, paging.page, paging.pageSize);
  const logs = useQuery({ queryKey: ['operation-logs', params], queryFn: () => listOperationLogs(params), placeholderData: keepPreviousData });
  const search = (next: OperationLogFilters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const text = (value: string | number | null) => (value === null || value === '' ? '—' : value);

  const columns: TableProps<OperationLogEntry>['columns'] = [
    { title: t('datalog.operationLog.time'), dataIndex: 'created_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    { title: t('datalog.operationLog.company'), dataIndex: 'owner_unit', width: 180, ellipsis: true, render: text },
    {
      title: t('datalog.operationLog.boxId'),
      dataIndex: 'box_id',
      width: 130,
      render: (box: string | null) => (box ? <Link to={`/devices/box/${box}`}>{box}</Link> : '—'),
    },
    { title: t('datalog.operationLog.deviceNumber'), dataIndex: 'device_number', width: 120, ellipsis: true, render: text },
    { title: t('datalog.operationLog.station'), dataIndex: 'controller_id', width: 80, render: text },
    { title: t('datalog.operationLog.user'), dataIndex: 'username', width: 120, className: 'operation-log__user' },
    {
      title: t('datalog.operationLog.action'),
      dataIndex: 'action',
      width: 120,
      render: (action: OperationAction) => (
        <Tag color={ACTION_COLORS[action]} data-action={action}>
          {t(`datalog.operationLog.actions.${action}`)}
        </Tag>
      ),
    },
    {
      title: t('datalog.operationLog.register'),
      dataIndex: 'register_name',
      width: 140,
      ellipsis: true,
      className: 'operation-log__register',
      render: (name: string | null, entry) => name ?? text(entry.register),
    },
    { title: t('datalog.operationLog.oldValue'), dataIndex: 'old_value', width: 100, ellipsis: true, className: 'operation-log__old', render: text },
    { title: t('datalog.operationLog.newValue'), dataIndex: 'new_value', width: 100, ellipsis: true, className: 'operation-log__new', render: text },
    { title: t('datalog.operationLog.ip'), dataIndex: 'ip', width: 130, render: text },
  ];

  return (
    <div className="app-page operation-log">
      <Card variant="borderless">
        <Space wrap className="operation-log__filters">
          <Input
            className="operation-log__box"
            allowClear
            placeholder={t('datalog.operationLog.boxId')}
            value={draft.boxId}
            onChange={(event) => setDraft({ ...draft, boxId: event.target.value })}
            onPressEnter={() => search(draft)}
          />
          <Input
            className="operation-log__username"
            allowClear
            placeholder={t('datalog.operationLog.username')}
            value={draft.username}
            onChange={(event) => setDraft({ ...draft, username: event.target.value })}
            onPressEnter={() => search(draft)}
          />
          <Select
            className="operation-log__action"
            allowClear
            placeholder={t('datalog.operationLog.action')}
            value={draft.action}
            onChange={(action?: OperationAction) => setDraft({ ...draft, action })}
            options={OPERATION_ACTIONS.map((action) => ({ value: action, label: t(`datalog.operationLog.actions.${action}`) }))}
          />
          <DatePicker.RangePicker
            showTime
            value={draft.range}
            onChange={(range) => setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : undefined })}
          />
          <SearchButtons
            className="operation-log__search"
            searchLabel={t('datalog.operationLog.search')}
            resetLabel={t('datalog.operationLog.reset')}
            onSearch={() => search(draft)}
            onReset={() => {
              setDraft({});
              search({});
            }}
          />
          <XlsxExport
            className="operation-log__export"
            disabled={(logs.data?.total ?? 0) === 0}
            path="/operation-logs/export"
            query={operationLogFilterParams(filters)}
            file="operation-log.xlsx"
          />
        </Space>
        <Table<OperationLogEntry>
          className="operation-log__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={logs.data?.items}
          loading={logs.isFetching}
          scroll={{ x: 1160 }}
          onRow={(entry) => ({ 'data-log': entry.id, 'data-box': entry.box_id ?? '' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: logs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('history.total', { count }),
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
