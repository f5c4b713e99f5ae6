import { EVENT_KINDS, type EventKind, type EventLogEntry, type FaultSeverity } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listEventLog } from '../../../api/eventRules';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { downloadFile } from '../../../utils/download';
import { boxLink, boxRow, serverPaging, timeText } from '../../smartbox/shared/tables';
import DeviceTypeSelect from '../shared/DeviceTypeSelect';
import SeveritySelect, { SeverityTag } from '../shared/SeveritySelect';

interface LogFilter {
  box_id?: string;
  device_type?: string;
  severity?: FaultSeverity;
  kind?: EventKind;
  range?: [Dayjs, Dayjs];
}

/** Every firing and clearing of the fleet's rules (root), newest first: filtered, paged, exported as a streamed xlsx. */
export default function EventsLog() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LogFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const update = (next: LogFilter) => {
    setFilter(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const { range, ...rest } = filter;
  const filterQuery = { ...rest, from: range?.[0].valueOf(), to: range?.[1].valueOf() };
  const query = { ...filterQuery, page: paging.page, page_size: paging.pageSize };
  const log = useQuery({ queryKey: ['event-log', query], queryFn: () => listEventLog(query), placeholderData: keepPreviousData });
  const total = log.data?.total ?? 0;

  return (
    <div className="app-page events-log">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            showTime
            value={range}
            onChange={(next) => update({ ...filter, range: next?.[0] && next[1] ? [next[0], next[1]] : undefined })}
          />
          <Input.Search
            className="events-log__box"
            allowClear
            placeholder={t('eventRules.log.boxId')}
            style={{ width: 180 }}
            onSearch={(value) => update({ ...filter, box_id: value.trim() || undefined })}
          />
          <DeviceTypeSelect allowClear value={filter.device_type} onChange={(device_type) => update({ ...filter, device_type })} />
          <SeveritySelect allowClear value={filter.severity} onChange={(severity) => update({ ...filter, severity })} />
          <Select
            className="events-log__kind"
            allowClear
            placeholder={t('eventRules.log.kind')}
            style={{ width: 120 }}
            value={filter.kind}
            onChange={(kind?: EventKind) => update({ ...filter, kind })}
            options={EVENT_KINDS.map((kind) => ({ value: kind, label: t(`eventRules.log.${kind}`) }))}
          />
          <ExportButton
            className="events-log__export"
            disabled={total === 0}
            run={(report, signal) =>
              downloadFile('/event-log/export', filterQuery, 'event-log.xlsx', (progress) => report(streamedReport(progress, t)), signal)
            }
          >
            {t('export.xlsx')}
          </ExportButton>
        </Space>
        <Table<EventLogEntry>
          className="events-log__table"
          rowKey={(entry) => `${entry.record_id}-${entry.kind}`}
          size="small"
          loading={log.isFetching}
          dataSource={log.data?.items}
          scroll={{ x: 1100 }}
          onRow={(entry) => boxRow(entry.box_id)}
          pagination={serverPaging(paging, log.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            { title: t('eventRules.log.time'), dataIndex: 'time', width: 170, render: timeText },
            {
              title: t('eventRules.log.kind'),
              dataIndex: 'kind',
              width: 80,
              render: (kind: EventKind) => <Tag color={kind === 'fired' ? 'volcano' : 'green'}>{t(`eventRules.log.${kind}`)}</Tag>,
            },
            { title: t('eventRules.log.boxId'), dataIndex: 'box_id', width: 110, render: boxLink },
            { title: t('eventRules.log.station'), dataIndex: 'controller_id', width: 70 },
            { title: t('eventRules.deviceType'), dataIndex: 'model', width: 190, ellipsis: true },
            { title: t('eventRules.code'), dataIndex: 'code', width: 70 },
            {
              title: t('eventRules.severity'),
              dataIndex: 'severity',
              width: 80,
              render: (severity: FaultSeverity) => <SeverityTag severity={severity} />,
            },
            { title: t('eventRules.message'), dataIndex: 'message', ellipsis: true },
            { title: t('eventRules.log.value'), dataIndex: 'value', width: 80, align: 'right' },
          ]}
        />
      </Card>
    </div>
  );
}
