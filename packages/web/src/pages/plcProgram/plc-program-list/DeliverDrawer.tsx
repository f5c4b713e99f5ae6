import type { JobItemView, ProgramView } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { deliverProgram } from '../../../api/plcPrograms';
import JobRun from '../../../components/JobRun';
import { RequestError } from '../../../utils/request';

interface FormValues {
  start_box_id: string;
  end_box_id: string;
  station?: number | null;
}

/** A delivery's job item (`box:station`) as people read it. */
function itemLabel(item: JobItemView, station: string) {
  const [box, number] = item.item.split(':');
  return `${box} · ${station} ${number}`;
}

/**
 * Delivers a program version: a box id range (both required, SPEC.md section 5) and an optional
 * station; the job that carries it then shows live until every delivery ended.
 */
export default function DeliverDrawer({ program, onClose }: { program: ProgramView | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [jobId, setJobId] = useState<number>();
  const [sending, setSending] = useState(false);
  /** A refusal that names no field (no controller to reach): shown in the drawer until the next try. */
  const [refusal, setRefusal] = useState<string>();
  const boxId = (field: string) => [
    { required: true, whitespace: true, message: t('plcProgram.deliver.required', { field }) },
    { pattern: /^\d{1,32}$/, message: t('plcProgram.deliver.digits') },
  ];

  function close() {
    form.resetFields();
    setJobId(undefined);
    setRefusal(undefined);
    onClose();
  }

  async function submit(values: FormValues) {
    if (!program) return;
    setSending(true);
    setRefusal(undefined);
    try {
      const answer = await deliverProgram(program.id, {
        start_box_id: values.start_box_id.trim(),
        end_box_id: values.end_box_id.trim(),
        ...(values.station !== undefined && values.station !== null && { station: values.station }),
      });
      void message.success(answer.message);
      setJobId(answer.data.job_id);
      void client.invalidateQueries({ queryKey: ['plc-programs'] });
    } catch (error) {
      const errors = fieldErrorsOf(error);
      form.setFields(errors.map((entry) => ({ name: entry.field as keyof FormValues, errors: [entry.message] })));
      if (errors.length === 0) setRefusal(error instanceof RequestError ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Drawer
      className="plc-program-deliver"
      open={program !== undefined}
      size="large"
      destroyOnHidden
      title={program && t('plcProgram.deliver.title', { name: program.name, version: program.version })}
      onClose={close}
      extra={
        jobId !== undefined && (
          <Space>
            <Button onClick={() => setJobId(undefined)}>{t('plcProgram.deliver.again')}</Button>
            <Button
              type="primary"
              className="plc-program-deliver__records"
              onClick={() => {
                // The list stays alive in its tab: its drawer closes before the record opens.
                close();
                void navigate(`/plcProgram/plc-program-record?job_id=${jobId}`);
              }}
            >
              {t('plcProgram.deliver.records')}
            </Button>
          </Space>
        )
      }
    >
      {program && jobId === undefined && (
        <>
          <Typography.Paragraph type="secondary">{t('plcProgram.deliver.intro', { model: program.device_type_name })}</Typography.Paragraph>
          <Form<FormValues> form={form} layout="vertical" className="plc-program-deliver__form" onFinish={(values) => void submit(values)}>
            <Space wrap align="start" size="large">
              <Form.Item name="start_box_id" label={t('plcProgram.deliver.startBoxId')} rules={boxId(t('plcProgram.deliver.startBoxId'))}>
                <Input className="plc-program-deliver__start" maxLength={32} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name="end_box_id"
                label={t('plcProgram.deliver.endBoxId')}
                dependencies={['start_box_id']}
                rules={[
                  ...boxId(t('plcProgram.deliver.endBoxId')),
                  ({ getFieldValue }) => ({
                    validator: async (_, end?: string) => {
                      const start = getFieldValue('start_box_id') as string | undefined;
                      if (start && end && /^\d+$/.test(start) && /^\d+$/.test(end) && BigInt(end) < BigInt(start))
                        throw new Error(t('plcProgram.deliver.rangeReversed'));
                    },
                  }),
                ]}
              >
                <Input className="plc-program-deliver__end" maxLength={32} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name="station"
                label={t('plcProgram.deliver.station')}
                extra={t('plcProgram.deliver.stationHint')}
                rules={[{ type: 'integer', min: 0, max: 255, message: t('plcProgram.deliver.station255') }]}
              >
                <InputNumber className="plc-program-deliver__station" min={0} max={255} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Space>
            {refusal && <Alert className="plc-program-deliver__refusal" type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" className="plc-program-deliver__submit" loading={sending}>
              {t('plcProgram.deliver.submit')}
            </Button>
          </Form>
        </>
      )}
      {jobId !== undefined && (
        <JobRun
          jobId={jobId}
          renderItem={(item) => itemLabel(item, t('plcProgram.record.station'))}
          onEnded={() => {
            // The items as the job left them (a short job ends between two reads of its items).
            void client.invalidateQueries({ queryKey: ['jobs', jobId, 'items'] });
            void client.invalidateQueries({ queryKey: ['plc-programs'] });
          }}
        />
      )}
    </Drawer>
  );
}
