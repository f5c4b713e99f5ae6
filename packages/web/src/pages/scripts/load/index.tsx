import { PlayCircleOutlined } from '@ant-design/icons';
import { FINISHED_JOB_STATES, type LoadTestInput, type LoadTestRun, type LoadTestStatus } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Form, InputNumber, Result, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoadTestRun, getLoadTestStatus, startLoadTest } from '../../../api/loadTest';
import Chart from '../../../components/charts/Chart';
import JobRun from '../../../components/JobRun';
import { useChange } from '../../../utils/use-change';
import { THROUGHPUT_PARTS, throughputOption } from './chart';
import './index.css';

const LIVE_MS = 1000;

/** The form: boxes, interval and duration within the server's limits; disabled while a run goes on. */
function LoadForm({ status, onStarted }: { status: LoadTestStatus; onStarted(id: number): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoadTestInput>();
  const change = useChange([['load-test'], ['jobs']]);
  const { limits } = status;
  const busy = status.running_job_id !== null;
  const submit = async (input: LoadTestInput) => {
    const answer = await change(() => startLoadTest(input));
    if (answer) onStarted(answer.data.job_id);
  };
  return (
    <Form<LoadTestInput>
      form={form}
      layout="inline"
      className="load-test__form"
      disabled={!status.allowed || busy}
      initialValues={{ boxes: limits.boxes.default, interval_s: limits.interval_s.default, duration_s: limits.duration_s.default }}
      onFinish={(input) => void submit(input)}
    >
      <Form.Item name="boxes" label={t('scripts.load.boxes')} rules={[{ required: true }]}>
        <InputNumber className="load-test__boxes" min={limits.boxes.min} max={limits.boxes.max} precision={0} />
      </Form.Item>
      <Form.Item name="interval_s" label={t('scripts.load.interval')} rules={[{ required: true }]}>
        <InputNumber className="load-test__interval" min={limits.interval_s.min} max={limits.interval_s.max} step={0.1} />
      </Form.Item>
      <Form.Item name="duration_s" label={t('scripts.load.duration')} rules={[{ required: true }]}>
        <InputNumber className="load-test__duration" min={limits.duration_s.min} max={limits.duration_s.max} precision={0} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlayCircleOutlined />} className="load-test__start">
          {t('scripts.load.start')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** The live chart of a run's samples and, once it ended, its totals. */
function Throughput({ run }: { run: LoadTestRun }) {
  const { t } = useTranslation();
  const names = { points: t('scripts.load.pointsPerSecond'), messages: t('scripts.load.messagesPerSecond'), sent: t('scripts.load.sentPerSecond') };
  const option = useMemo(() => throughputOption(run.samples, names), [run.samples, names.points, names.messages, names.sent]); // eslint-disable-line react-hooks/exhaustive-deps
  const ended = FINISHED_JOB_STATES.includes(run.state);
  const { summary } = run;
  return (
    <Card variant="borderless" title={t('scripts.load.chart')} className="load-test__throughput" data-samples={run.samples.length}>
      {run.samples.length === 0 ? (
        <Empty description={ended ? undefined : t('scripts.load.waiting')} />
      ) : (
        <Chart option={option} parts={THROUGHPUT_PARTS} className="load-test__chart" style={{ height: 300 }} label={t('scripts.load.chart')} />
      )}
      {ended && summary.seconds !== undefined && (
        <Descriptions size="small" title={t('scripts.load.totals')} column={{ xs: 1, sm: 2, lg: 4 }} className="load-test__totals">
          <Descriptions.Item label={t('scripts.load.seconds')}>{summary.seconds} s</Descriptions.Item>
          <Descriptions.Item label={t('scripts.load.messagesSent')}>{summary.messages_sent}</Descriptions.Item>
          <Descriptions.Item label={t('scripts.load.pointsIngested')}>{summary.points_ingested}</Descriptions.Item>
          <Descriptions.Item label={t('scripts.load.averagePoints')}>{summary.points_per_s}</Descriptions.Item>
          <Descriptions.Item label={t('scripts.load.peakPoints')}>{summary.peak_points_per_s}</Descriptions.Item>
          <Descriptions.Item label={t('scripts.load.boxesRemoved')}>{summary.boxes_removed}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Text type="secondary">{t('scripts.load.measureNote')}</Typography.Text>
    </Card>
  );
}

/**
 * `/scripts/load` (root): the built-in simulator run against this deployment as a job. Refused,
 * and said so, unless the server allows it (LOAD_TEST_ALLOWED). The run's progress is the job's
 * (JobRun), its throughput a live chart.
 */
export default function LoadTest() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['load-test', 'status'], queryFn: getLoadTestStatus });
  const [started, setStarted] = useState<number>();
  const jobId = started ?? status.data?.running_job_id ?? undefined;
  const run = useQuery({
    queryKey: ['load-test', 'run', jobId],
    queryFn: () => getLoadTestRun(jobId!),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data && FINISHED_JOB_STATES.includes(query.state.data.state) ? false : LIVE_MS),
  });
  if (!status.data) return <Spin className="load-test__loading" />;
  return (
    <div className="app-page load-test">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('scripts.load.intro')}</Typography.Paragraph>
        {!status.data.allowed && (
          <Result className="load-test__not-allowed" status="warning" title={t('scripts.load.notAllowed')} subTitle={t('scripts.load.notAllowedHint')} />
        )}
        {status.data.running_job_id !== null && (
          <Alert className="load-test__busy" type="info" showIcon message={t('scripts.load.running', { id: status.data.running_job_id })} />
        )}
        <LoadForm status={status.data} onStarted={setStarted} />
      </Card>
      {jobId !== undefined && (
        <>
          {run.data && <Throughput run={run.data} />}
          <JobRun jobId={jobId} onEnded={() => void queryClient.invalidateQueries({ queryKey: ['load-test'] })} />
        </>
      )}
    </div>
  );
}
