import type { RechargeRequestItem } from '@cloudbox/domain';
import { DatePicker, Form, Modal, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleRechargeRequest } from '../../../api/iotCard';
import { useChange } from '../../../utils/use-change';
import { RENEWAL_CHANGED } from '../shared';

/** Marks a renewal request handled with the boxes' new expiry date (a year from today unless chosen otherwise). */
export default function HandleModal({ request, onClose }: { request: RechargeRequestItem; onClose(): void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState<Dayjs | null>(dayjs().add(1, 'year'));
  const [sending, setSending] = useState(false);
  const change = useChange(RENEWAL_CHANGED);

  async function send() {
    if (!date) return;
    setSending(true);
    const answer = await change(() => handleRechargeRequest({ id: request.id, new_expiry_date: date.format('YYYY-MM-DD') }));
    setSending(false);
    if (answer) onClose();
  }

  return (
    <Modal
      open
      className="renewal-handle"
      title={t('simRenewal.feedback.handleTitle', { id: request.id })}
      okText={t('simRenewal.feedback.confirmHandle')}
      okButtonProps={{ className: 'renewal-handle__submit', loading: sending, disabled: !date }}
      onOk={() => void send()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('simRenewal.feedback.handleHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('simRenewal.feedback.column.boxes')}>
          <div className="renewal-request__boxes">
            {request.box_ids.map((id) => (
              <Tag key={id}>{id}</Tag>
            ))}
          </div>
        </Form.Item>
        <Form.Item label={t('simRenewal.feedback.newExpiryDate')} required>
          <DatePicker className="renewal-handle__date" value={date} onChange={setDate} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
