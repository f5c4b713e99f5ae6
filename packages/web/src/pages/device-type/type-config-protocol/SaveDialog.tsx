import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  /** The version the save makes. */
  version: number;
  /** How many registers the saved table has. */
  count: number;
  note: string;
  onNote(note: string): void;
  onSave(): void;
  onCancel(): void;
}

/** The confirmation before an edited table is saved as the next version, with its note. */
export default function SaveDialog({ open, version, count, note, onNote, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('deviceTypes.protocol.saveTitle', { version })}
      okText={t('deviceTypes.protocol.save')}
      cancelText={t('deviceTypes.edit.cancel')}
      okButtonProps={{ className: 'protocol-save__ok' }}
      onOk={onSave}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('deviceTypes.protocol.saveHint', { count })}</Typography.Paragraph>
      <Input
        className="protocol-save__note"
        placeholder={t('deviceTypes.upload.note')}
        value={note}
        maxLength={200}
        onChange={(event) => onNote(event.target.value)}
      />
    </Modal>
  );
}
