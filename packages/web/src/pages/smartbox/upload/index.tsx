import { UPLOAD_MAX_BYTES, formatMessage, type RegistryUploadResult } from '@cloudbox/domain';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, TEMPLATE_PATH, uploadSheet } from '../../../api/boxRegistry';
import SheetDragger from '../../../components/SheetDragger';
import UploadReport from '../../../components/UploadReport';
import { useAppStore } from '../../../stores/app';
import { downloadFile, saveBlob } from '../../../utils/download';
import { RequestError } from '../../../utils/request';
import { reportLines, toBase64, type ReportLine } from '../../../components/UploadReport/report';
import './upload.css';

type State =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number; step: 'reading' | 'sending' }
  | { kind: 'rejected'; lines: ReportLine[]; message: string }
  | { kind: 'registered'; result: RegistryUploadResult };

/**
 * /smartbox/upload (root): batch registration from an xlsx sheet. The server checks every row
 * first and answers a report of every bad row, registering nothing; or registers all of them and
 * answers their secrets once, offered here as the file the simulator reads.
 */
export default function BoxUpload() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function send(file: File) {
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ kind: 'rejected', lines: [], message: formatMessage(language, 'uploadTooLarge') });
      return;
    }
    setState({ kind: 'working', percent: 10, step: 'reading' });
    const encoded = toBase64(new Uint8Array(await file.arrayBuffer()));
    setState({ kind: 'working', percent: 40, step: 'sending' });
    try {
      setState({ kind: 'registered', result: await uploadSheet(encoded) });
    } catch (error) {
      const lines = reportLines(fieldErrorsOf(error));
      setState({
        kind: 'rejected',
        lines,
        message: lines.length > 0 ? t('boxRegistration.upload.failed') : error instanceof RequestError ? error.message : String(error),
      });
    }
  }

  function saveSecrets(result: RegistryUploadResult) {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    saveBlob(new Blob([JSON.stringify(result.credentials, null, 2)], { type: 'application/json' }), `box-secrets-${stamp}.json`);
  }

  const working = state.kind === 'working';
  return (
    <div className="app-page box-upload">
      <Card variant="borderless" className="box-upload__card">
        <Typography.Paragraph type="secondary">{t('boxRegistration.upload.intro')}</Typography.Paragraph>
        <Space direction="vertical" size="middle" className="box-upload__body">
          <Button
            icon={<DownloadOutlined />}
            className="box-upload__template"
            onClick={() => void downloadFile(TEMPLATE_PATH, {}, 'box-registration.xlsx', () => {})}
          >
            {t('boxRegistration.upload.template')}
          </Button>
          <SheetDragger onFile={(file) => void send(file)} disabled={working} className="box-upload__dragger" text={t('boxRegistration.upload.choose')} />
          {working && (
            <div className="box-upload__progress" data-step={state.step}>
              <Progress percent={state.percent} status="active" />
              <Typography.Text type="secondary">{t(`boxRegistration.upload.${state.step}`)}</Typography.Text>
            </div>
          )}
          {state.kind === 'rejected' && (
            <div className="box-upload__report">
              <UploadReport
                message={state.message}
                lines={state.lines}
                className="box-upload__errors"
                labels={{
                  title: t('boxRegistration.upload.errorsTitle', { count: state.lines.length }),
                  row: t('boxRegistration.upload.row'),
                  column: t('boxRegistration.upload.column'),
                  message: t('boxRegistration.upload.message'),
                }}
              />
            </div>
          )}
          {state.kind === 'registered' && (
            <Result
              status="success"
              className="box-upload__done"
              title={t('boxRegistration.upload.registered', { count: state.result.registered })}
              subTitle={t('boxRegistration.upload.secretsWarning')}
              extra={
                <Button type="primary" icon={<DownloadOutlined />} className="box-upload__secrets" onClick={() => saveSecrets(state.result)}>
                  {t('boxRegistration.upload.downloadSecrets')}
                </Button>
              }
            />
          )}
        </Space>
      </Card>
    </div>
  );
}
