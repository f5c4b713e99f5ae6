import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  /** The save button's class, by which tests find it. */
  saveClass: string;
  onSave(): void;
  onClose(): void;
  saving?: boolean;
  width?: number;
  children: ReactNode;
}

/** The dialog of the companies' forms: Save and Cancel, its content unmounted when it closes (each opening starts from the record). */
export default function FormDialog({ open, title, saveClass, onSave, onClose, saving, width, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={t('companies.form.save')}
      cancelText={t('companies.form.cancel')}
      onCancel={onClose}
      onOk={onSave}
      okButtonProps={{ className: saveClass, loading: saving }}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
