import { formatDateTime, PROGRAM_DELIVERY_STATES, type ProgramDeliveryState, type ProgramDeliveryView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listProgramDeliveries, listPrograms } from '../../../api/plcPrograms';
import { useViewQuery } from '../../../router/view-query';
import { ACTIVE_STATES, DeliveryProgress, DeliveryStateTag, useDeliveryError } from '../shared/DeliveryState';
import '../shared/plc-program.css';

/** How often the record is read again while a delivery is under way. */
const LIVE_MS = 2000;

interface Filter {
  program_id?: number;
  job_id?: number;
  box_id?: string;
  state?: ProgramDeliveryState;
}

const idOf = (text: string | null) => (text && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/**
 * /plcProgram/plc-program-record (root): every delivery of a program to a controller: its box and
 * station, state, chunks acknowledged, retries, who and when; by program, box, state or job (the
 * list and the delivery drawer open it filtered). Read again every 2 s while any is under way.
 */
export default function PlcProgramRecord() {
  const { t } = useTranslation();
  const errorText = useDeliveryError();
  const query = useViewQuery();
  const fromQuery = (): Filter => ({ program_id: idOf(query.get('program_id')), job_id: idOf(query.get('job_id')) });
  const [filter, setFilter] = useState<Filter>(fromQuery);
  const [boxText, setBoxText] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  // Opened again from the list or the delivery drawer with other parameters: their filter replaces the one shown.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setFilter(fromQuery());
  }
  const programs = useQuery({ queryKey: ['plc-programs', 'all'], queryFn: () => listPrograms({ page: 1, page_size: 500 }), staleTime: 30_000 });
  const records = useQuery({
    queryKey: ['plc-program-deliveries', filter, paging],
    queryFn: () => listProgramDeliveries({ ...filter, page: paging.page, page_size: paging.pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (current.state.data?.items.some((item) => ACTIVE_STATES.includes(item.state)) ? LIVE_MS : false),
  });
  const live = records.data?.items.some((item) => ACTIVE_STATES.includes(item.state)) ?? false;
  const update = (change: Partial<Filter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  return (
    <div className="app-page plc-program-record">
      <Card variant="borderless">
        <div className="plc-program-record__filters">
          <Select
            className="plc-program-record__program"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('plcProgram.record.allPrograms')}
            style={{ minWidth: 240 }}
            value={filter.program_id}
            onChange={(id?: number) => update({ program_id: id })}
            options={(programs.data?.items ?? []).map((program) => ({ value: program.id, label: `${program.name} ${program.version}` }))}
          />
          <Select
            className="plc-program-record__state"
            allowClear
            placeholder={t('plcProgram.record.allStates')}
            style={{ minWidth: 150 }}
            value={filter.state}
            onChange={(state?: ProgramDeliveryState) => update({ state })}
            options={PROGRAM_DELIVERY_STATES.map((state) => ({ value: state, label: t(`plcProgram.states.${state}`) }))}
          />
          <Input
            className="plc-program-record__box"
            placeholder={t('plcProgram.record.box')}
            value={boxText}
            maxLength={32}
            style={{ width: 180 }}
            onChange={(event) => setBoxText(event.target.value.replace(/\D/g, ''))}
            onPressEnter={() => update({ box_id: boxText || undefined })}
          />
          <Button type="primary" onClick={() => update({ box_id: boxText || undefined })}>
            {t('plcProgram.record.search')}
          </Button>
          <Button
            onClick={() => {
              setBoxText('');
              update({ program_id: undefined, job_id: undefined, box_id: undefined, state: undefined });
            }}
          >
            {t('plcProgram.record.reset')}
          </Button>
          {filter.job_id !== undefined && (
            <Tag closable color="blue" onClose={() => update({ job_id: undefined })}>
              {t('plcProgram.record.job')} #{filter.job_id}
            </Tag>
          )}
        </div>
        {live && <Alert className="plc-program-record__live" type="info" showIcon message={t('plcProgram.record.live')} style={{ marginBottom: 12 }} />}
        <Table<ProgramDeliveryView>
          className="plc-program-record__table"
          rowKey="id"
          size="small"
          loading={records.isLoading}
          dataSource={records.data?.items ?? []}
          scroll={{ x: 1300 }}
          onRow={(row) => ({ 'data-box': row.box_id, 'data-state': row.state }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: records.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
          columns={[
            {
              title: t('plcProgram.record.program'),
              key: 'program',
              width: 180,
              render: (_, row) => (
                <span>
                  {row.program_name} <Tag color="blue">{row.version}</Tag>
                </span>
              ),
            },
            {
              title: t('plcProgram.record.box'),
              dataIndex: 'box_id',
              width: 150,
              render: (boxId: string, row) => (
                <Space size={4}>
                  {boxId}
                  {!row.online && ACTIVE_STATES.includes(row.state) && <Tag>{t('plcProgram.record.offline')}</Tag>}
                </Space>
              ),
            },
            { title: t('plcProgram.record.station'), dataIndex: 'station', width: 70 },
            {
              title: t('plcProgram.record.state'),
              dataIndex: 'state',
              width: 100,
              render: (state: ProgramDeliveryState) => <DeliveryStateTag state={state} />,
            },
            { title: t('plcProgram.record.progress'), key: 'progress', width: 200, render: (_, row) => <DeliveryProgress delivery={row} /> },
            {
              title: t('plcProgram.record.retries'),
              dataIndex: 'retries',
              width: 70,
              render: (retries: number) => (retries > 0 ? <Tag color="gold">{retries}</Tag> : 0),
            },
            {
              title: t('plcProgram.record.error'),
              dataIndex: 'error',
              width: 180,
              render: (error: string | null) => <Typography.Text type="danger">{errorText(error)}</Typography.Text>,
            },
            { title: t('plcProgram.record.by'), dataIndex: 'username', width: 110 },
            { title: t('plcProgram.record.job'), dataIndex: 'job_id', width: 80, render: (jobId: number | null) => (jobId === null ? '—' : `#${jobId}`) },
            { title: t('plcProgram.record.createdAt'), dataIndex: 'created_at', width: 170, render: (at: string) => formatDateTime(Date.parse(at)) },
            {
              title: t('plcProgram.record.finishedAt'),
              dataIndex: 'finished_at',
              width: 170,
              render: (at: string | null) => (at ? formatDateTime(Date.parse(at)) : '—'),
            },
          ]}
        />
      </Card>
    </div>
  );
}
