import { EVENT_KINDS, type EventKind, type EventLogEntry, type FaultSeverity, type Page } from '@cloudbox/domain';
import { Card, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listEventLog } from '../../../api/eventRules';
import { XlsxExport } from '../../../components/ExportButton';
import { useFilteredPages } from '../../../utils/use-filtered-pages';
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
  const { filter, update, paging, setPaging, filterQuery, result: log } = useFilteredPages<LogFilter, Page<EventLogEntry>>(['event-log'], listEventLog);
  const total = log.data?.total ?? 0;

  return (
    <div className="app-page events-log">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            showTime
            value={filter.range}
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
          <XlsxExport className="events-log__export" disabled={total === 0} path="/event-log/export" query={filterQuery} file="event-log.xlsx" />
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
