import { formatMessage, QR_LABEL_COLUMNS, QR_LABELS_MAX, QR_LABELS_PNG_MAX, type Language, type QrLabelFormat, type Violation } from '@cloudbox/domain';
import { Alert, Form, Input, Modal, Progress, Radio, Select, Typography, type FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadQrLabels, type QrLabelsRequest } from '../../../api/qrLabels';
import { useAppStore } from '../../../stores/app';
import { formatBytes } from '../../../utils/download-core';
import { feedback } from '../../../utils/feedback';
import { violationRule } from '../../../utils/form-rules';
import { RequestError } from '../../../utils/request';
import './qr-labels-dialog.css';

/** Whose labels the dialog prints: one box (a row's action), or a range the user types. */
export type QrLabelsTarget = { kind: 'box'; boxId: string } | { kind: 'range' };

interface LabelForm {
  start_box_id: string;
  end_box_id: string;
  format: QrLabelFormat;
  columns: number;
}

type Download = { percent: number | null; detail: string };

const boxIdCheck =
  (label: string) =>
  (value: string): Violation[] =>
    value === '' ? [{ key: 'fieldRequired', params: { field: label } }] : /^\d{1,32}$/.test(value) ? [] : [{ key: 'boxIdFormat' }];

/** The end id must not be below the start id (numbers of up to 32 digits: compared as BigInt). */
function notBelowStart(language: Language): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const start = String(getFieldValue('start_box_id') ?? '').trim();
      const end = String(value ?? '').trim();
      const reversed = /^\d+$/.test(start) && /^\d+$/.test(end) && BigInt(end) < BigInt(start);
      return reversed ? Promise.reject(new Error(formatMessage(language, 'rangeReversed'))) : Promise.resolve();
    },
  });
}

/**
 * Prints QR labels (the add-device scanner reads them): a box's or a range's, as a PDF of A4 sheets
 * or a PNG; the download's progress shows in the dialog, and a refusal (too many, none in the range)
 * in the server's words.
 */
export default function QrLabelsDialog({ target, onClose }: { target: QrLabelsTarget | null; onClose(): void }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [form] = Form.useForm<LabelForm>();
  const [download, setDownload] = useState<Download | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const isRange = target?.kind === 'range';
  // The form outlives the dialog: each opening starts from the default of its kind (a PNG for a box, a PDF for a range).
  useEffect(() => {
    if (target) form.setFieldsValue({ format: target.kind === 'range' ? 'pdf' : 'png', columns: QR_LABEL_COLUMNS.default });
  }, [target, form]);

  function requestOf(values: LabelForm): QrLabelsRequest {
    if (target?.kind === 'box') return { kind: 'box', boxId: target.boxId, format: values.format };
    return { kind: 'range', startBoxId: values.start_box_id.trim(), endBoxId: values.end_box_id.trim(), format: values.format, columns: values.columns };
  }

  async function start() {
    const values = await form.validateFields();
    const controller = new AbortController();
    abort.current = controller;
    setProblem(null);
    setDownload({ percent: 0, detail: t('qrLabels.preparing') });
    try {
      const file = await downloadQrLabels(
        requestOf(values),
        (progress) =>
          !controller.signal.aborted && setDownload({ percent: progress.percent, detail: t('qrLabels.received', { size: formatBytes(progress.loaded) }) }),
        controller.signal,
      );
      void feedback.message.success(t('qrLabels.saved', { file }));
      onClose();
    } catch (error) {
      if (!controller.signal.aborted) setProblem(error instanceof RequestError ? error.message : t('qrLabels.failed'));
    } finally {
      abort.current = null;
      setDownload(null);
    }
  }

  function cancel() {
    if (abort.current) abort.current.abort();
    else onClose();
  }

  return (
    <Modal
      open={target !== null}
      className="qr-labels-dialog"
      title={target?.kind === 'box' ? t('qrLabels.boxTitle', { id: target.boxId }) : t('qrLabels.rangeTitle')}
      okText={t('qrLabels.download')}
      cancelText={t('qrLabels.cancel')}
      okButtonProps={{ className: 'qr-labels-dialog__download', loading: download !== null }}
      onOk={() => void start().catch(() => undefined)}
      onCancel={cancel}
      mask={{ closable: download === null }}
      afterClose={() => {
        form.resetFields();
        setProblem(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('qrLabels.intro')}</Typography.Paragraph>
      <Form<LabelForm> form={form} layout="vertical" name="qr-labels" disabled={download !== null} onValuesChange={() => setProblem(null)}>
        {isRange && (
          <div className="qr-labels-dialog__range">
            <Form.Item
              name="start_box_id"
              label={t('qrLabels.startBoxId')}
              rules={[violationRule(boxIdCheck(t('qrLabels.startBoxId')), language, { trim: true })]}
            >
              <Input inputMode="numeric" maxLength={32} className="qr-labels-dialog__start" />
            </Form.Item>
            <Form.Item
              name="end_box_id"
              label={t('qrLabels.endBoxId')}
              dependencies={['start_box_id']}
              rules={[violationRule(boxIdCheck(t('qrLabels.endBoxId')), language, { trim: true }), notBelowStart(language)]}
            >
              <Input inputMode="numeric" maxLength={32} className="qr-labels-dialog__end" />
            </Form.Item>
          </div>
        )}
        <Form.Item name="format" label={t('qrLabels.format')}>
          <Radio.Group className="qr-labels-dialog__format">
            <Radio.Button value="pdf">{t('qrLabels.formatPdf')}</Radio.Button>
            <Radio.Button value="png">{t('qrLabels.formatPng')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {isRange && (
          <Form.Item name="columns" label={t('qrLabels.columns')} extra={t('qrLabels.limits', { pdf: QR_LABELS_MAX, png: QR_LABELS_PNG_MAX })}>
            <Select
              className="qr-labels-dialog__columns"
              style={{ width: 120 }}
              options={Array.from({ length: QR_LABEL_COLUMNS.max - QR_LABEL_COLUMNS.min + 1 }, (_, index) => ({
                value: QR_LABEL_COLUMNS.min + index,
                label: QR_LABEL_COLUMNS.min + index,
              }))}
            />
          </Form.Item>
        )}
      </Form>
      {download && (
        <div className="qr-labels-dialog__progress">
          <Progress percent={download.percent ?? 100} status="active" showInfo={download.percent !== null} />
          <Typography.Text type="secondary">{download.detail}</Typography.Text>
        </div>
      )}
      {problem && <Alert type="error" showIcon className="qr-labels-dialog__error" title={problem} />}
    </Modal>
  );
}
