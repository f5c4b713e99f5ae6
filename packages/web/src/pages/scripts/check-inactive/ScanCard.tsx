import type { JobView } from '@cloudbox/domain';
import { Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { JobProgress, JobStateTag, jobEnded } from '../../../components/JobRun';

export interface ScanForm {
  days: number;
  ck?: string;
}

/** The check's form (days, CK) and, once one runs, its job: state, progress and error. */
export default function ScanCard({ job, onRun }: { job: JobView | undefined; onRun: (values: ScanForm) => void }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('inactiveBoxes.title')}>
      <Form<ScanForm> layout="inline" className="check-inactive__form" initialValues={{ days: 30 }} onFinish={onRun}>
        <Form.Item
          name="days"
          label={t('inactiveBoxes.days')}
          tooltip={t('inactiveBoxes.daysHelp')}
          rules={[{ required: true, message: t('inactiveBoxes.days') }]}
        >
          <InputNumber className="check-inactive__days" min={0} max={3650} precision={0} />
        </Form.Item>
        <Form.Item name="ck" label={t('inactiveBoxes.ck')}>
          <Input className="check-inactive__ck" placeholder={t('inactiveBoxes.ckPlaceholder')} maxLength={4} allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="check-inactive__run" loading={job !== undefined && !jobEnded(job)}>
          {t('inactiveBoxes.run')}
        </Button>
      </Form>
      {job && (
        <div className="check-inactive__job" data-job={job.id} data-state={job.state}>
          <Space>
            <JobStateTag state={job.state} />
            <Typography.Text type="secondary">
              #{job.id} · {t('inactiveBoxes.scanOf', { days: job.params.days, ck: job.params.ck ?? t('inactiveBoxes.allCks') })}
            </Typography.Text>
          </Space>
          {job.state !== 'done' && <JobProgress job={job} />}
          {job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
        </div>
      )}
    </Card>
  );
}
