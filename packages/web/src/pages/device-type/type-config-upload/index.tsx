import { DownloadOutlined } from '@ant-design/icons';
import { formatMessage, PROTOCOL_COLUMN_LABELS, PROTOCOL_COLUMNS, UPLOAD_MAX_BYTES, type ProtocolColumn, type ProtocolSaved } from '@cloudbox/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Progress, Result, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { protocolTemplatePath, uploadProtocol } from '../../../api/deviceTypes';
import SheetDragger from '../../../components/SheetDragger';
import UploadReport from '../../../components/UploadReport';
import { useAppStore } from '../../../stores/app';
import { downloadFile } from '../../../utils/download';
import { RequestError } from '../../../utils/request';
import { reportLines, toBase64, type ReportLine } from '../../../components/UploadReport/report';
import { BadTypeRoute, LANGUAGES, routes, typeName, useTypeRoute } from '../type-config/shared';
import '../type-config/index.css';

const isProtocolColumn = (column: string): column is ProtocolColumn => (PROTOCOL_COLUMNS as readonly string[]).includes(column);

type State =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number }
  | { kind: 'rejected'; lines: ReportLine[]; message: string; details?: string[] }
  | { kind: 'saved'; result: ProtocolSaved };

/**
 * A type's protocol in one language from an xlsx sheet (`type-config/upload/:id/:language`): the
 * template of that language, the file, and the server's verdict: every bad row by row and column
 * (nothing applied), or the new version.
 */
export default function TypeConfigUpload() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useAppStore((state) => state.language);
  const { number, language, valid, type } = useTypeRoute();
  const [note, setNote] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  if (!valid) return <BadTypeRoute />;

  async function send(file: File) {
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ kind: 'rejected', lines: [], message: formatMessage(viewer, 'uploadTooLarge') });
      return;
    }
    setState({ kind: 'working', percent: 20 });
    const encoded = toBase64(new Uint8Array(await file.arrayBuffer()));
    setState({ kind: 'working', percent: 60 });
    try {
      const result = await uploadProtocol(number, { language, file: encoded, note: note.trim() });
      setState({ kind: 'saved', result });
      await queryClient.invalidateQueries({ queryKey: ['device-types'] });
    } catch (error) {
      const all = reportLines(fieldErrorsOf(error));
      const lines = all.filter((line) => line.row !== null);
      const details = all.filter((line) => line.row === null).map((line) => line.message);
      setState({
        kind: 'rejected',
        lines,
        details,
        message: all.length > 0 ? t('deviceTypes.upload.failed') : error instanceof RequestError ? error.message : String(error),
      });
    }
  }

  const working = state.kind === 'working';
  return (
    <div className="app-page type-config-page type-config-upload">
      <Card variant="borderless" title={t('deviceTypes.upload.title', { name: typeName(type.data, viewer) })}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('deviceTypes.list.name')}>{type.data ? `${typeName(type.data, viewer)} (${type.data.id})` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('deviceTypes.list.protocol')}>
              {type.data && type.data.registers > 0
                ? t('deviceTypes.list.version', { version: type.data.protocol_version, count: type.data.registers })
                : t('deviceTypes.list.noProtocol')}
            </Descriptions.Item>
            <Descriptions.Item label={t('deviceTypes.upload.language')}>
              <Segmented
                size="small"
                className="type-upload__language"
                value={language}
                options={LANGUAGES.map((code) => ({ value: code, label: t(`deviceTypes.languages.${code}`) }))}
                onChange={(code) => void navigate(routes.upload(number, code))}
              />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" className="type-upload__intro">
            {type.data && type.data.registers > 0 ? t('deviceTypes.upload.introExisting') : t('deviceTypes.upload.introFirst')}
          </Typography.Paragraph>
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              className="type-upload__template"
              onClick={() => void downloadFile(protocolTemplatePath(number), { language }, `protocol-template-${language}.xlsx`, () => {})}
            >
              {t('deviceTypes.upload.template')}
            </Button>
            <Input
              className="type-upload__note"
              placeholder={t('deviceTypes.upload.note')}
              value={note}
              maxLength={200}
              onChange={(event) => setNote(event.target.value)}
              style={{ width: 320 }}
            />
          </Space>
          <SheetDragger
            onFile={(file) => void send(file)}
            disabled={working}
            className="type-upload__dragger"
            text={t('deviceTypes.upload.choose', { language: t(`deviceTypes.languages.${language}`) })}
            hint={t('deviceTypes.upload.hint')}
          />
          {working && <Progress percent={state.percent} status="active" />}
          {state.kind === 'rejected' && (
            <div className="type-upload__report">
              <UploadReport
                message={state.message}
                details={state.details}
                lines={state.lines}
                className="type-upload__errors"
                labels={{
                  title: t('deviceTypes.upload.errorsTitle', { count: state.lines.length }),
                  row: t('deviceTypes.upload.row'),
                  column: t('deviceTypes.upload.column'),
                  message: t('deviceTypes.upload.message'),
                }}
                columnText={(column) => (isProtocolColumn(column) ? formatMessage(viewer, PROTOCOL_COLUMN_LABELS[column]) : column)}
              />
            </div>
          )}
          {state.kind === 'saved' && (
            <Result
              status="success"
              className="type-upload__done"
              title={t('deviceTypes.upload.saved', { version: state.result.version, count: state.result.registers })}
              extra={
                <Link className="type-upload__view" to={routes.protocol(number, language)}>
                  <Button type="primary">{t('deviceTypes.upload.view')}</Button>
                </Link>
              }
            />
          )}
        </Space>
      </Card>
    </div>
  );
}
