import { Form, Modal, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  open: boolean;
  title: string;
  className: string;
  form: FormInstance<T>;
  /** The values the form opens with (the record edited, or a new one's defaults). */
  initial: T;
  /** Saves; answers whether it was done (the dialog then closes). */
  onSave: (values: T) => Promise<boolean>;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}

/** The dialog of a push setting's or an upkeep reminder's form: opened on the record, Save and Cancel. */
export default function SettingDialog<T extends object>({ open, title, className, form, initial, onSave, onClose, width, children }: Props<T>) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initial, form]);

  async function save(values: T) {
    setSaving(true);
    try {
      if (await onSave(values)) onClose();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      className={className}
      open={open}
      width={width}
      title={title}
      okText={t('pushSettings.save')}
      cancelText={t('pushSettings.cancel')}
      okButtonProps={{ className: `${className}__save`, loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<T> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        {children}
      </Form>
    </Modal>
  );
}
