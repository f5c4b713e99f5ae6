import { RENEWAL_NOTE_MAX } from '@cloudbox/domain';
import { Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addRechargeRequest } from '../../../api/iotCard';
import { useChange } from '../../../utils/use-change';
import { RENEWAL_CHANGED } from '../shared';

/** The renewal request of one or many boxes, with a note; closes (and refreshes the list and the header) once sent. */
export default function RequestRenewalModal({ boxIds, onClose }: { boxIds: string[]; onClose(sent: boolean): void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const change = useChange(RENEWAL_CHANGED);

  async function send() {
    setSending(true);
    const answer = await change(() => addRechargeRequest({ box_ids: boxIds, note }));
    setSending(false);
    if (answer) onClose(true);
  }

  return (
    <Modal
      open
      className="renewal-request"
      title={t('simRenewal.requestTitle')}
      okText={t('simRenewal.submit')}
      okButtonProps={{ className: 'renewal-request__submit', loading: sending }}
      onOk={() => void send()}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical">
        <Form.Item label={t('simRenewal.requestBoxes', { count: boxIds.length })}>
          <div className="renewal-request__boxes">
            {boxIds.map((id) => (
              <Tag key={id}>{id}</Tag>
            ))}
          </div>
        </Form.Item>
        <Form.Item label={t('simRenewal.note')}>
          <Input.TextArea
            className="renewal-request__note"
            rows={3}
            maxLength={RENEWAL_NOTE_MAX}
            showCount
            value={note}
            placeholder={t('simRenewal.notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
