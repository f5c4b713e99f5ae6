import type { ProgramView } from '@cloudbox/domain';
import { App, Button, Card, Form, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { uploadProgram } from '../../../api/plcPrograms';
import { toBase64 } from '../../../components/UploadReport/report';
import { RequestError } from '../../../utils/request';
import { sha256Of, tooLarge, type ProgramFile } from '../shared/program-file';
import '../shared/plc-program.css';
import ProgramFileField from './ProgramFileField';
import UploadDone from './UploadDone';
import VersionFields from './VersionFields';

interface FormValues {
  name: string;
  device_type_id?: string;
  version: string;
  notes: string;
}

type Step = { kind: 'idle' } | { kind: 'working'; step: 'reading' | 'hashing' | 'sending'; percent: number } | { kind: 'uploaded'; program: ProgramView };

/**
 * /plcProgram/plc-program-upload (root): a program file for a controller model, with its name,
 * version and notes. The file's size and SHA-256 show before it goes; the server computes the
 * SHA-256 again and refuses a version the program already has.
 */
export default function PlcProgramUpload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<ProgramFile>();
  const [fileError, setFileError] = useState<string>();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  async function choose(chosen: File) {
    setFile(undefined);
    if (tooLarge(chosen.size)) {
      setFileError(t('plcProgram.upload.tooLarge'));
      return;
    }
    setFileError(undefined);
    setStep({ kind: 'working', step: 'reading', percent: 10 });
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setStep({ kind: 'working', step: 'hashing', percent: 30 });
    const sha256 = await sha256Of(bytes);
    setFile({ name: chosen.name, size: chosen.size, bytes, sha256 });
    setStep({ kind: 'idle' });
    if (!form.getFieldValue('name')) form.setFieldValue('name', chosen.name.replace(/\.[^.]*$/, ''));
  }

  async function submit(values: FormValues) {
    if (!file) {
      setFileError(t('plcProgram.upload.fileRequired'));
      return;
    }
    setStep({ kind: 'working', step: 'sending', percent: 60 });
    try {
      const answer = await uploadProgram({
        name: values.name,
        device_type_id: values.device_type_id ?? '',
        version: values.version,
        notes: values.notes ?? '',
        file_name: file.name,
        content: toBase64(file.bytes),
      });
      void message.success(answer.message);
      setStep({ kind: 'uploaded', program: answer.data });
    } catch (error) {
      setStep({ kind: 'idle' });
      const errors = fieldErrorsOf(error);
      const onForm = errors.filter((entry) => ['name', 'device_type_id', 'version', 'notes'].includes(entry.field));
      form.setFields(onForm.map((entry) => ({ name: entry.field as keyof FormValues, errors: [entry.message] })));
      const onFile = errors.find((entry) => entry.field === 'content' || entry.field === 'file_name');
      if (onFile) setFileError(onFile.message);
      if (onForm.length === 0 && !onFile) void message.error(error instanceof RequestError ? error.message : String(error));
    }
  }

  function again() {
    form.resetFields();
    setFile(undefined);
    setStep({ kind: 'idle' });
  }

  if (step.kind === 'uploaded') return <UploadDone program={step.program} onAgain={again} />;

  const working = step.kind === 'working';
  return (
    <div className="app-page plc-program-upload">
      <Card variant="borderless">
        <Typography.Paragraph type="secondary">{t('plcProgram.upload.intro')}</Typography.Paragraph>
        <Form<FormValues> form={form} layout="vertical" initialValues={{ notes: '' }} onFinish={(values) => void submit(values)} style={{ maxWidth: 720 }}>
          <ProgramFileField file={file} error={fileError} disabled={working} onChoose={(chosen) => void choose(chosen)} />
          <VersionFields />
          {working && (
            <div className="plc-program-upload__progress" data-step={step.step}>
              <Progress percent={step.percent} status="active" />
              <Typography.Text type="secondary">{t(`plcProgram.upload.${step.step}`)}</Typography.Text>
            </div>
          )}
          <Space>
            <Button type="primary" htmlType="submit" className="plc-program-upload__submit" loading={working}>
              {t('plcProgram.upload.submit')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
