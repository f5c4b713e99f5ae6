import { formatDateTime, FINISHED_JOB_STATES, JOB_ITEM_STATES, type JobItemState, type JobItemView, type JobState, type JobView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Popconfirm, Progress, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelJob, getJob, listJobItems } from '../../api/jobs';
import { useChange } from '../../utils/use-change';
import { XlsxExport } from '../ExportButton';
import { ItemDetail } from './detail';
import './index.css';

/** How often a job that has not ended is read again. */
const LIVE_MS = 1000;

export const JOB_STATE_COLORS: Record<JobState, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };
export const ITEM_STATE_COLORS: Record<JobItemState, string> = {
  running: 'processing',
  ok: 'success',
  failed: 'error',
  refused: 'magenta',
  queued: 'gold',
  skipped: 'default',
};

export const jobEnded = (job: Pick<JobView, 'state'> | undefined) => job !== undefined && FINISHED_JOB_STATES.includes(job.state);

/** A job, read again every second until it ends. */
export function useJob(jobId: number | undefined) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: () => getJob(jobId!),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (jobEnded(query.state.data) ? false : LIVE_MS),
  });
}

export function JobStateTag({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return (
    <Tag className="job-state" data-state={state} color={JOB_STATE_COLORS[state]}>
      {t(`jobs.states.${state}`)}
    </Tag>
  );
}

/** A job's progress bar: items finished of the items known, green when done, red when it failed. */
export function JobProgress({ job, size }: { job: JobView; size?: 'small' }) {
  const { done, total } = job.progress;
  const percent = total === 0 ? (jobEnded(job) ? 100 : 0) : Math.floor((done / total) * 100);
  const status = job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : job.state === 'running' ? 'active' : 'normal';
  return (
    <Progress
      className="job-progress"
      data-percent={percent}
      percent={percent}
      status={status}
      size={size}
      format={() => (total === 0 ? `${percent}%` : `${done}/${total}`)}
    />
  );
}

/** The job's results per outcome, as tags (only the outcomes it has). */
export function JobCounts({ job }: { job: JobView }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap className="job-counts">
      {JOB_ITEM_STATES.filter((state) => (job.counts[state] ?? 0) > 0).map((state) => (
        <Tag key={state} color={ITEM_STATE_COLORS[state]} data-count={state}>
          {t(`jobs.itemStates.${state}`)} {job.counts[state]}
        </Tag>
      ))}
    </Space>
  );
}

interface JobRunProps {
  jobId: number;
  /** An item's key as people read it (a box id, `box:station` as "box · station n", ...). */
  renderItem?: (item: JobItemView) => ReactNode;
  /** An item's detail; by default `ItemDetail` (messages, errors, chunks, values). */
  renderDetail?: (item: JobItemView) => ReactNode;
  /** Called once when the job ends (to refresh what it changed). */
  onEnded?: (job: JobView) => void;
  /** Shown beside the title (e.g. what the job was asked). */
  extra?: ReactNode;
}

/**
 * A job as it runs: its state, a live progress bar, the results per outcome, its items (paged, by
 * outcome), the xlsx report and a cancel button while it has not ended. Every screen that starts a
 * job shows it with this.
 */
export default function JobRun({ jobId, renderItem, renderDetail, onEnded, extra }: JobRunProps) {
  const { t } = useTranslation();
  const job = useJob(jobId);
  const [filter, setFilter] = useState<JobItemState | 'all'>('all');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const live = job.data !== undefined && !jobEnded(job.data);
  const items = useQuery({
    queryKey: ['jobs', jobId, 'items', filter, paging],
    queryFn: () => listJobItems(jobId, { state: filter === 'all' ? undefined : filter, page: paging.page, page_size: paging.pageSize }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_MS * 2 : false,
  });
  const { refetch: refetchItems } = items;
  const change = useChange([['jobs']]);
  const endedFor = useRef<number | null>(null);
  useEffect(() => {
    if (job.data && jobEnded(job.data) && endedFor.current !== job.data.id) {
      endedFor.current = job.data.id;
      // The items stop being read with the job: read them once more, as the job left them.
      void refetchItems();
      onEnded?.(job.data);
    }
  }, [job.data, onEnded, refetchItems]);

  if (!job.data) return <Card className="job-run" loading />;
  const current = job.data;
  return (
    <Card
      className="job-run"
      data-job={current.id}
      data-state={current.state}
      size="small"
      title={
        <Space>
          {t(`jobs.kinds.${current.kind}`)}
          <Typography.Text type="secondary">#{current.id}</Typography.Text>
          <JobStateTag state={current.state} />
        </Space>
      }
      extra={
        <Space>
          {extra}
          <XlsxExport
            className="job-run__report"
            path={`/jobs/${current.id}/report`}
            query={{}}
            file={`job-${current.id}.xlsx`}
            disabled={current.progress.done === 0}
          />
          {live && (
            <Popconfirm title={t('jobs.cancelConfirm')} onConfirm={() => void change(() => cancelJob(current.id))}>
              <Button className="job-run__cancel" danger>
                {t('jobs.cancel')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      <JobProgress job={current} />
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} className="job-run__facts">
        <Descriptions.Item label={t('jobs.startedBy')}>{current.username}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.createdAt')}>{formatDateTime(new Date(current.created_at))}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.finishedAt')}>{current.finished_at ? formatDateTime(new Date(current.finished_at)) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('jobs.attempts')}>{current.attempts}</Descriptions.Item>
      </Descriptions>
      {current.error && (
        <Typography.Paragraph type="danger" className="job-run__error">
          {current.error}
        </Typography.Paragraph>
      )}
      <JobCounts job={current} />
      <Segmented<JobItemState | 'all'>
        className="job-run__filter"
        size="small"
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPaging({ ...paging, page: 1 });
        }}
        options={[{ value: 'all', label: t('jobs.allItems') }, ...JOB_ITEM_STATES.map((state) => ({ value: state, label: t(`jobs.itemStates.${state}`) }))]}
      />
      <Table<JobItemView>
        className="job-run__items"
        rowKey="item"
        size="small"
        dataSource={items.data?.items}
        loading={items.isLoading}
        onRow={(item) => ({ 'data-item': item.item, 'data-state': item.state }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('jobs.item'), dataIndex: 'item', width: 180, render: (_, item) => renderItem?.(item) ?? item.item },
          {
            title: t('jobs.result'),
            dataIndex: 'state',
            width: 130,
            render: (state: JobItemState) => <Tag color={ITEM_STATE_COLORS[state]}>{t(`jobs.itemStates.${state}`)}</Tag>,
          },
          { title: t('jobs.detail'), dataIndex: 'detail', render: (_, item) => renderDetail?.(item) ?? <ItemDetail detail={item.detail} t={t} /> },
          { title: t('jobs.updatedAt'), dataIndex: 'updated_at', width: 170, render: (time: string) => formatDateTime(new Date(time)) },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: items.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('history.total', { count }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
    </Card>
  );
}
