import { credentialOf, type BoxWithSecret } from '@cloudbox/domain';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../utils/download';
import './secret-dialog.css';

/** What the label's QR code holds: the box id and its secret, as a box's installer scans them. */
export function labelCode({ box, secret }: BoxWithSecret): string {
  return JSON.stringify({ id: box.id, secret });
}

/**
 * A box's secret, shown this once (after registering or a new secret): the printable label (box id,
 * CK, QR code of the id and secret) and the credentials file the simulator reads. Printing prints the
 * label alone (see secret-dialog.css).
 */
export default function SecretDialog({ issued, onClose }: { issued: BoxWithSecret | null; onClose(): void }) {
  const { t } = useTranslation();

  function print() {
    document.body.classList.add('printing-box-label');
    const done = () => {
      document.body.classList.remove('printing-box-label');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  }

  function download(answer: BoxWithSecret) {
    saveBlob(new Blob([JSON.stringify(credentialOf(answer), null, 2)], { type: 'application/json' }), `box-${answer.box.id}-credentials.json`);
  }

  return (
    <Modal
      open={issued !== null}
      title={issued && t('boxRegistration.secret.title', { id: issued.box.id })}
      className="secret-dialog"
      closable={false}
      mask={{ closable: false }}
      width={520}
      footer={
        <Button type="primary" className="secret-dialog__close" onClick={onClose}>
          {t('boxRegistration.secret.close')}
        </Button>
      }
    >
      {issued && (
        <Space direction="vertical" size="middle" className="secret-dialog__body">
          <Alert type="warning" showIcon message={t('boxRegistration.secret.warning')} />
          <Typography.Paragraph copyable={{ text: issued.secret }} className="secret-dialog__secret" code>
            {issued.secret}
          </Typography.Paragraph>
          <div className="box-label" data-box={issued.box.id}>
            <QRCode value={labelCode(issued)} size={160} bordered={false} className="box-label__qr" />
            <div className="box-label__text">
              <div className="box-label__id">
                {t('boxRegistration.common.boxId')}: <strong>{issued.box.id}</strong>
              </div>
              <div className="box-label__ck">
                {t('boxRegistration.common.ck')}: <strong>{issued.box.ck}</strong>
              </div>
              <div className="box-label__hint">{t('boxRegistration.secret.label')}</div>
            </div>
          </div>
          <Space wrap>
            <Button icon={<PrinterOutlined />} className="secret-dialog__print" onClick={print}>
              {t('boxRegistration.secret.print')}
            </Button>
            <Button icon={<DownloadOutlined />} className="secret-dialog__download" onClick={() => download(issued)}>
              {t('boxRegistration.secret.download')}
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
