import {
  formatDateTime,
  formatMessage,
  SERVER_LOG_KIND_LABELS,
  SERVER_LOG_KINDS,
  SERVER_LOG_LEVEL_LABELS,
  SERVER_LOG_LEVELS,
  type Language,
  type ServerLogEntry,
  type ServerLogKind,
  type ServerLogLevel,
} from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Select, Space, Switch, Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listServerLogs, serverLogHours } from '../../../api/serverLog';
import { XlsxExport } from '../../../components/ExportButton';
import SearchButtons from '../../../components/SearchButtons';
import { currentLanguage } from '../../../i18n';
import { serverLogFilterParams, serverLogParams, type ServerLogFilters } from './filters';
import { LEVEL_COLORS } from './levels';
import './index.css';

const HourChart = lazy(() => import('./HourChart'));
const REFRESH_MS = 10_000;
const hourLabel = (iso: string) => dayjs(iso).format('MM-DD HH:00');

/**
 * The server log (/datalog/server-log): the server's own events (starts and stops, broker
 * refusals, unknown boxes, ingest rejections, request errors) the user may read, newest first,
 * filtered and paged on the server, each in the reader's language; a chart of entries per hour
 * shows storms. Filters apply on Search; auto refresh polls the list and chart.
 */
export default function ServerLog() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState<ServerLogFilters>({});
  const [filters, setFilters] = useState<ServerLogFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [autoRefresh, setAutoRefresh] = useState(false);
  const refetchInterval = autoRefresh ? REFRESH_MS : false;
  const params = serverLogParams(filters, paging.page, paging.pageSize);
  const logs = useQuery({
    queryKey: ['server-logs', params, language],
    queryFn: () => listServerLogs(params),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const filterParams = serverLogFilterParams(filters);
  const hours = useQuery({ queryKey: ['server-log-hours', filterParams], queryFn: () => serverLogHours(filterParams), refetchInterval });
  const search = (next: ServerLogFilters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  return (
    <div className="app-page server-log">
      <Card variant="borderless">
        <Space wrap className="server-log__filters">
          <FilterFields draft={draft} setDraft={setDraft} onSearch={() => search(draft)} language={language} />
          <SearchButtons
            className="server-log__search"
            searchLabel={t('serverLog.search')}
            resetLabel={t('serverLog.reset')}
            onSearch={() => search(draft)}
            onReset={() => {
              setDraft({});
              search({});
            }}
          />
          <XlsxExport
            className="server-log__export"
            disabled={(logs.data?.total ?? 0) === 0}
            path="/server-logs/export"
            query={filterParams}
            file="server-log.xlsx"
          />
          <Space className="server-log__refresh">
            <Switch size="small" checked={autoRefresh} onChange={setAutoRefresh} aria-label={t('serverLog.autoRefresh')} />
            {t('serverLog.autoRefresh')}
          </Space>
        </Space>
        <Suspense fallback={<div className="server-log__chart" />}>
          <Typography.Text type="secondary" className="server-log__chart-title">
            {t('serverLog.chartTitle')}
          </Typography.Text>
          <HourChart hours={hours.data ?? []} language={language} label={t('serverLog.chartTitle')} hourLabel={hourLabel} />
        </Suspense>
        <Table<ServerLogEntry>
          className="server-log__table"
          rowKey="id"
          size="small"
          columns={serverLogColumns(t, language)}
          dataSource={logs.data?.items}
          loading={logs.isFetching && !autoRefresh}
          scroll={{ x: 1200 }}
          expandable={{ expandedRowRender: (entry) => <EntryDetails entry={entry} empty={t('serverLog.noDetails')} /> }}
          onRow={(entry) => ({ 'data-log': entry.id, 'data-box': entry.box_id ?? '', 'data-kind': entry.kind }) as React.HTMLAttributes<HTMLElement>}
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

/** The toolbar's inputs: level, kind, box id, keyword and time range. */
function FilterFields(props: { draft: ServerLogFilters; setDraft: (next: ServerLogFilters) => void; onSearch: () => void; language: Language }) {
  const { t } = useTranslation();
  const { draft, setDraft, onSearch, language } = props;
  return (
    <>
      <Select
        className="server-log__level"
        allowClear
        placeholder={t('serverLog.level')}
        value={draft.level}
        onChange={(level?: ServerLogLevel) => setDraft({ ...draft, level })}
        options={SERVER_LOG_LEVELS.map((level) => ({ value: level, label: formatMessage(language, SERVER_LOG_LEVEL_LABELS[level]) }))}
      />
      <Select
        className="server-log__kind"
        allowClear
        placeholder={t('serverLog.kind')}
        value={draft.kind}
        onChange={(kind?: ServerLogKind) => setDraft({ ...draft, kind })}
        options={SERVER_LOG_KINDS.map((kind) => ({ value: kind, label: formatMessage(language, SERVER_LOG_KIND_LABELS[kind]) }))}
      />
      <Input
        className="server-log__box"
        allowClear
        placeholder={t('serverLog.boxId')}
        value={draft.boxId}
        onChange={(event) => setDraft({ ...draft, boxId: event.target.value })}
        onPressEnter={onSearch}
      />
      <Input
        className="server-log__keyword"
        allowClear
        placeholder={t('serverLog.keyword')}
        value={draft.keyword}
        onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
        onPressEnter={onSearch}
      />
      <DatePicker.RangePicker
        showTime
        value={draft.range}
        onChange={(range) => setDraft({ ...draft, range: range?.[0] && range[1] ? [range[0], range[1]] : undefined })}
      />
    </>
  );
}

/** The table's columns; a registered box links to its device page (the reader may read it, or the entry would not be here). */
function serverLogColumns(t: (key: string) => string, language: Language): TableProps<ServerLogEntry>['columns'] {
  const text = (value: string | null) => (value === null || value === '' ? '—' : value);
  return [
    { title: t('serverLog.time'), dataIndex: 'created_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    {
      title: t('serverLog.level'),
      dataIndex: 'level',
      width: 90,
      render: (level: ServerLogLevel) => (
        <Tag color={LEVEL_COLORS[level].tag} data-level={level}>
          {formatMessage(language, SERVER_LOG_LEVEL_LABELS[level])}
        </Tag>
      ),
    },
    { title: t('serverLog.kind'), dataIndex: 'kind', width: 130, render: (kind: ServerLogKind) => formatMessage(language, SERVER_LOG_KIND_LABELS[kind]) },
    {
      title: t('serverLog.boxId'),
      dataIndex: 'box_id',
      width: 150,
      render: (box: string | null, entry) => (box && entry.ck ? <Link to={`/devices/box/${box}`}>{box}</Link> : text(box)),
    },
    { title: t('serverLog.message'), dataIndex: 'text', className: 'server-log__message', ellipsis: true },
    { title: t('serverLog.requestId'), dataIndex: 'request_id', width: 150, ellipsis: true, render: text },
    { title: t('serverLog.instance'), dataIndex: 'instance', width: 160, ellipsis: true, render: text },
  ];
}

/** An entry's details (reason, address, topic, repeats) and its raw message, as a key/value list. */
function EntryDetails({ entry, empty }: { entry: ServerLogEntry; empty: string }) {
  const pairs = Object.entries(entry.details);
  return (
    <dl className="server-log__details">
      {pairs.length === 0 && <dd>{empty}</dd>}
      {pairs.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
      <div>
        <dt>message</dt>
        <dd>{entry.message}</dd>
      </div>
    </dl>
  );
}
