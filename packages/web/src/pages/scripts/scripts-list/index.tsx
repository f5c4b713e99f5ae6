import { ReloadOutlined } from '@ant-design/icons';
import { formatDateTime, JOB_KINDS, JOB_STATES, type JobKind, type JobState, type JobView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Popconfirm, Row, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cancelJob, listJobs } from '../../../api/jobs';
import { XlsxExport } from '../../../components/ExportButton';
import JobRun, { jobEnded, JobCounts, JobProgress, JobStateTag } from '../../../components/JobRun';
import { useChange } from '../../../utils/use-change';
import { CATALOGUE, paramsText } from './catalogue';
import './index.css';

const LIVE_MS = 2000;

/** The scripts as cards: title, what it does, a link. */
function Catalogue() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('scripts.catalogue.title')} className="scripts-list__catalogue">
      <Row gutter={[16, 16]}>
        {CATALOGUE.map((script) => (
          <Col key={script.name} xs={24} sm={12} lg={8} xxl={6}>
            <Card
              size="small"
              className="scripts-list__script"
              data-script={script.name}
              title={t(`route.${script.name}`)}
              extra={<Link to={script.path}>{t('scripts.catalogue.open')}</Link>}
            >
              <Typography.Paragraph type="secondary" className="scripts-list__description">
                {t(`scripts.catalogue.${script.name}`)}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** Every run of every job kind, newest first, by kind and state; read again while one runs; a run's detail in a drawer. */
function Runs() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<JobKind>();
  const [state, setState] = useState<JobState>();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<number>();
  const change = useChange([['jobs']]);
  const runs = useQuery({
    queryKey: ['jobs', 'list', kind, state, paging],
    queryFn: () => listJobs({ kind, state, page: paging.page, page_size: paging.pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((job) => !jobEnded(job)) ? LIVE_MS : false),
  });
  const live = runs.data?.items.some((job) => !jobEnded(job)) ?? false;
  return (
    <Card
      variant="borderless"
      title={t('scripts.runs.title')}
      className="scripts-list__runs"
      extra={
        <Space wrap>
          {live && <Typography.Text type="secondary">{t('scripts.runs.live')}</Typography.Text>}
          <Select<JobKind>
            className="scripts-list__kind"
            allowClear
            placeholder={t('scripts.runs.allKinds')}
            style={{ width: 190 }}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPaging({ ...paging, page: 1 });
            }}
            options={JOB_KINDS.map((value) => ({ value, label: t(`jobs.kinds.${value}`) }))}
          />
          <Select<JobState>
            className="scripts-list__state"
            allowClear
            placeholder={t('scripts.runs.allStates')}
            style={{ width: 140 }}
            value={state}
            onChange={(value) => {
              setState(value);
              setPaging({ ...paging, page: 1 });
            }}
            options={JOB_STATES.map((value) => ({ value, label: t(`jobs.states.${value}`) }))}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void runs.refetch()} loading={runs.isFetching}>
            {t('scripts.runs.refresh')}
          </Button>
        </Space>
      }
    >
      <Table<JobView>
        className="scripts-list__table"
        rowKey="id"
        size="small"
        loading={runs.isLoading}
        dataSource={runs.data?.items}
        scroll={{ x: 1500 }}
        onRow={(job) => ({ 'data-job': job.id, 'data-kind': job.kind, 'data-state': job.state }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('scripts.runs.id'), dataIndex: 'id', width: 70 },
          { title: t('scripts.runs.kind'), dataIndex: 'kind', width: 160, render: (value: JobKind) => t(`jobs.kinds.${value}`) },
          { title: t('scripts.runs.who'), dataIndex: 'username', width: 120 },
          { title: t('scripts.runs.when'), dataIndex: 'created_at', width: 170, render: (time: string) => formatDateTime(new Date(time)) },
          {
            title: t('scripts.runs.params'),
            dataIndex: 'params',
            width: 280,
            ellipsis: true,
            render: (params: Record<string, unknown>) => <Typography.Text title={paramsText(params)}>{paramsText(params)}</Typography.Text>,
          },
          { title: t('scripts.runs.state'), dataIndex: 'state', width: 100, render: (value: JobState) => <JobStateTag state={value} /> },
          { title: t('scripts.runs.progress'), key: 'progress', width: 170, render: (_, job) => <JobProgress job={job} size="small" /> },
          { title: t('scripts.runs.results'), key: 'counts', width: 180, render: (_, job) => <JobCounts job={job} /> },
          {
            title: t('scripts.runs.actions'),
            key: 'actions',
            width: 260,
            fixed: 'right',
            render: (_, job) => (
              <Space size="small">
                <Button size="small" type="link" className="scripts-list__details" onClick={() => setOpen(job.id)}>
                  {t('scripts.runs.details')}
                </Button>
                <XlsxExport path={`/jobs/${job.id}/report`} query={{}} file={`job-${job.id}.xlsx`} disabled={job.progress.done === 0} />
                {!jobEnded(job) && (
                  <Popconfirm title={t('jobs.cancelConfirm')} onConfirm={() => void change(() => cancelJob(job.id))}>
                    <Button size="small" danger className="scripts-list__cancel">
                      {t('jobs.cancel')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: runs.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
      <Drawer open={open !== undefined} onClose={() => setOpen(undefined)} size="large" className="scripts-list__drawer" destroyOnHidden>
        {open !== undefined && <JobRun jobId={open} />}
      </Drawer>
    </Card>
  );
}

/** `/scripts/scripts-list` (root): the catalogue of scripts, and every run of every job. */
export default function ScriptsList() {
  return (
    <div className="app-page scripts-list">
      <Catalogue />
      <Runs />
    </div>
  );
}
