import { InboxOutlined } from '@ant-design/icons';
import { Descriptions, Form, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../utils/download-core';
import type { ProgramFile } from '../shared/program-file';

/** The program file's drop zone, and once chosen its name, size and SHA-256 (as computed here, before it goes). */
export default function ProgramFileField({
  file,
  error,
  disabled,
  onChoose,
}: {
  file: ProgramFile | undefined;
  error: string | undefined;
  disabled: boolean;
  onChoose(chosen: File): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('plcProgram.upload.file')} required validateStatus={error ? 'error' : undefined} help={error}>
        <Upload.Dragger
          className="plc-program-upload__file"
          multiple={false}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(chosen) => {
            onChoose(chosen);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('plcProgram.upload.choose')}</p>
          <p className="ant-upload-hint">{t('plcProgram.upload.chooseHint')}</p>
        </Upload.Dragger>
      </Form.Item>
      {file && (
        <Descriptions className="plc-program-upload__facts" size="small" column={1} bordered style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('plcProgram.upload.file')}>{file.name}</Descriptions.Item>
          <Descriptions.Item label={t('plcProgram.upload.size')}>
            <span className="plc-program-upload__size">{formatBytes(file.size)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('plcProgram.upload.sha256')}>
            {file.sha256 ? (
              <Typography.Text code copyable className="plc-program-upload__sha256">
                {file.sha256}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('plcProgram.upload.shaUnavailable')}</Typography.Text>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}
