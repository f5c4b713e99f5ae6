import type { ProgramView } from '@cloudbox/domain';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatBytes } from '../../../utils/download-core';

/** The uploaded version with the SHA-256 the server computed, and the ways on: to the list, or another upload. */
export default function UploadDone({ program, onAgain }: { program: ProgramView; onAgain(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="app-page plc-program-upload">
      <Card variant="borderless">
        <Result
          status="success"
          className="plc-program-upload__done"
          title={t('plcProgram.upload.uploaded')}
          subTitle={
            <span className="plc-program-upload__result" data-sha256={program.sha256}>
              {t('plcProgram.upload.uploadedDetail', {
                name: program.name,
                version: program.version,
                size: formatBytes(program.size),
                sha256: program.sha256,
              })}
            </span>
          }
          extra={[
            <Button key="list" type="primary" className="plc-program-upload__to-list" onClick={() => void navigate('/plcProgram/plc-program-list')}>
              {t('plcProgram.upload.toList')}
            </Button>,
            <Button key="again" onClick={onAgain}>
              {t('plcProgram.upload.another')}
            </Button>,
          ]}
        />
      </Card>
    </div>
  );
}
