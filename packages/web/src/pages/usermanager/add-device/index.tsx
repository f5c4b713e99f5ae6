import { CameraOutlined, PictureOutlined } from '@ant-design/icons';
import { parseBoxCode, validateCkCode, type BoxCode, type ScanMode, type Violation } from '@cloudbox/domain';
import { App, Button, Card, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { bindDevice } from '../../../api/userRegister';
import { useAppStore } from '../../../stores/app';
import { useUserStore } from '../../../stores/user';
import { violationRule } from '../../../utils/form-rules';
import { useRelationChange } from '../shared/useRelationChange';
import { readQrFromFile, scanVideo } from './scan';
import '../shared/usermanager.css';

interface BindForm {
  device_id: string;
  ck: string;
}

const validateBoxId = (value: string): Violation[] => (/^\d{1,32}$/.test(value) ? [] : [{ key: 'boxIdFormat' }]);

/**
 * add-device: bind a box to the signed-in user by its id and CK code, typed or read from its QR code
 * (the camera, a photo, or the label's link opened by a phone: `?box_id=`). An id bound as it was read
 * is sent with how it was read, which the server records as a QR binding.
 */
export default function AddDevice() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((state) => state.language);
  const ck = useUserStore((state) => state.user?.ck ?? '');
  const [form] = Form.useForm<BindForm>();
  const [scanning, setScanning] = useState(false);
  const [searchParams] = useSearchParams();
  /** The id last read from a code, and how; an id typed over it is no longer a scanned one. */
  const scanned = useRef<{ id: string; mode: ScanMode } | null>(null);
  const run = useRelationChange();

  function fill(code: BoxCode, mode: ScanMode) {
    scanned.current = { id: code.id, mode };
    form.setFieldsValue({ device_id: code.id, ...(code.ck ? { ck: code.ck } : {}) });
  }

  function applyCode(text: string | null, mode: ScanMode) {
    const code: BoxCode | null = text === null ? null : parseBoxCode(text);
    if (!code) {
      void message.error(t('usermanager.addDevice.noCode'));
      return;
    }
    fill(code, mode);
    void message.success(t('usermanager.addDevice.scanned', { id: code.id }));
  }

  // A label's link opened by a phone's camera app: the box id comes in the address.
  const linked = searchParams.get('box_id');
  useEffect(() => {
    const code = linked === null ? null : parseBoxCode(`box_id=${linked}`);
    if (code) fill(code, 'camera');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link; fill only writes the form
  }, [linked]);

  async function submit({ device_id, ck: code }: BindForm) {
    const id = device_id.trim();
    const scanMode = scanned.current?.id === id ? scanned.current.mode : undefined;
    if (await run(() => bindDevice(id, code.trim(), scanMode))) {
      scanned.current = null;
      void message.success(t('usermanager.addDevice.bound', { id }));
      form.resetFields(['device_id']);
    }
  }

  return (
    <div className="app-page usermanager-page add-device">
      <Card variant="borderless" className="usermanager-form-card" title={t('route.addDevice')}>
        <Typography.Paragraph type="secondary">{t('usermanager.addDevice.intro')}</Typography.Paragraph>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button icon={<CameraOutlined />} onClick={() => setScanning(true)} className="scan-camera">
            {t('usermanager.addDevice.scanCamera')}
          </Button>
          <Upload
            accept="image/*"
            showUploadList={false}
            beforeUpload={(file) => {
              readQrFromFile(file).then(
                (text) => applyCode(text, 'photo'),
                () => applyCode(null, 'photo'),
              );
              return false;
            }}
          >
            <Button icon={<PictureOutlined />} className="scan-photo">
              {t('usermanager.addDevice.scanPhoto')}
            </Button>
          </Upload>
        </Space>
        <Form<BindForm> form={form} name="add-device" layout="vertical" initialValues={{ ck }} onFinish={(values) => void submit(values)}>
          <Form.Item name="device_id" label={t('usermanager.common.boxId')} rules={[violationRule(validateBoxId, language, { trim: true })]}>
            <Input inputMode="numeric" maxLength={32} />
          </Form.Item>
          <Form.Item name="ck" label={t('usermanager.common.ck')} rules={[violationRule(validateCkCode, language, { trim: true })]}>
            <Input inputMode="numeric" maxLength={4} />
          </Form.Item>
          <Button type="primary" htmlType="submit" className="bind-device-submit">
            {t('usermanager.addDevice.bind')}
          </Button>
        </Form>
      </Card>
      {scanning && (
        <CameraScanner
          onClose={() => setScanning(false)}
          onCode={(text) => {
            setScanning(false);
            applyCode(text, 'camera');
          }}
        />
      )}
    </div>
  );
}

/** The camera in a dialog (mounted while scanning), scanned frame by frame until a code is read. */
function CameraScanner({ onClose, onCode }: { onClose(): void; onCode(text: string): void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopScan: (() => void) | undefined;
    let closed = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (closed || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      stopScan = scanVideo(video.current, (text) => found.current(text));
    })().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
    return () => {
      closed = true;
      stopScan?.();
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Modal
      open
      title={t('usermanager.addDevice.scanCamera')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('usermanager.addDevice.stopCamera')}</Button>}
      destroyOnHidden
    >
      {problem ? (
        <Typography.Text type="danger">{t('usermanager.addDevice.noCamera', { reason: problem })}</Typography.Text>
      ) : (
        <>
          <video ref={video} className="qr-video" muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
          <Typography.Paragraph type="secondary">{t('usermanager.addDevice.cameraHint')}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
