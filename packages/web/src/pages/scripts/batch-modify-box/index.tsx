import type { BatchBoxInput, BatchBoxPreview } from '@cloudbox/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Popconfirm, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewBatchBoxes, startBatchBoxes } from '../../../api/batchJobs';
import JobRun from '../../../components/JobRun';
import BoxRangeFields from '../../notice/notification-management/BoxRangeFields';
import '../batch.css';
import BoxListFields from './BoxListFields';
import ChangeFields from './ChangeFields';
import { requestOf, type BoxForm, type Target } from './form';
import PreviewCard from './PreviewCard';

export { requestOf } from './form';

/** The job that applies the changes, with a button back to a fresh form. */
function AppliedJob({ jobId, onAgain }: { jobId: number; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="app-page batch-page batch-box">
      <JobRun
        jobId={jobId}
        extra={
          <Button className="batch-page__again" onClick={onAgain}>
            {t('batchJobs.again')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * batch-modify-box (root): company, IoT model, expiry date, software or server address of the boxes
 * of an id range or a list (pasted, or read from an uploaded xlsx, csv or txt file). The preview
 * shows every box before → after; apply runs it as a job, each box audited.
 */
export default function BatchModifyBox() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BoxForm>();
  const [target, setTarget] = useState<Target>('range');
  const fields = Form.useWatch('fields', form) ?? [];
  const [checked, setChecked] = useState<{ input: BatchBoxInput; preview: BatchBoxPreview }>();
  const [jobId, setJobId] = useState<number>();
  const [listed, setListed] = useState<number>();

  const preview = useMutation({
    mutationFn: async (input: BatchBoxInput) => ({ input, preview: await previewBatchBoxes(input) }),
    onSuccess: setChecked,
  });
  const start = useMutation({ mutationFn: startBatchBoxes, onSuccess: (started) => setJobId(started.job_id) });

  if (jobId !== undefined) {
    return (
      <AppliedJob
        jobId={jobId}
        onAgain={() => {
          setJobId(undefined);
          setChecked(undefined);
        }}
      />
    );
  }

  return (
    <div className="app-page batch-page batch-box">
      <Card variant="borderless" title={t('route.scriptBatchModifyBox')}>
        <Typography.Paragraph type="secondary">{t('batchJobs.box.intro')}</Typography.Paragraph>
        <Form<BoxForm>
          form={form}
          layout="vertical"
          className="batch-box__form"
          initialValues={{ fields: [] }}
          onValuesChange={() => setChecked(undefined)}
          onFinish={(values) => preview.mutate(requestOf(target, values))}
        >
          <Form.Item label={t('batchJobs.box.target')}>
            <Segmented<Target>
              className="batch-box__target"
              value={target}
              onChange={(next) => {
                setTarget(next);
                setChecked(undefined);
              }}
              options={[
                { value: 'range', label: t('batchJobs.box.byRange') },
                { value: 'list', label: t('batchJobs.box.byList') },
              ]}
            />
          </Form.Item>
          {target === 'range' ? (
            <BoxRangeFields classPrefix="batch-box" />
          ) : (
            <BoxListFields
              listed={listed}
              onUploaded={(ids) => {
                form.setFieldsValue({ list: ids.join('\n') });
                setListed(ids.length);
                setChecked(undefined);
              }}
            />
          )}
          <ChangeFields fields={fields} />
          <Space>
            <Button htmlType="submit" loading={preview.isPending} className="batch-box__preview">
              {t('batchJobs.preview')}
            </Button>
            <Popconfirm title={t('batchJobs.applyConfirm')} disabled={!checked} onConfirm={() => checked && start.mutate(checked.input)}>
              <Button type="primary" disabled={!checked || checked.preview.changing === 0} loading={start.isPending} className="batch-box__apply">
                {t('batchJobs.apply')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </Card>
      {checked && <PreviewCard preview={checked.preview} changes={checked.input.changes} />}
    </div>
  );
}
