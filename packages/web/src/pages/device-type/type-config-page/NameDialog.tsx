import { LANGUAGES, type Language, type LocalizedText } from '@cloudbox/domain';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  name: LocalizedText;
  onSave(name: LocalizedText): void;
  onClose(): void;
}

/** A parameter name in the four languages at once (the table edits the reader's language only). */
export default function NameDialog({ name, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LocalizedText>(name);
  return (
    <Modal
      open
      title={t('typeSettings.layout.namesTitle')}
      okText={t('typeSettings.common.ok')}
      cancelText={t('typeSettings.common.cancel')}
      okButtonProps={{ className: 'layout-names__ok' }}
      onOk={() => onSave(draft)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ span: 6 }} className="layout-names">
        {LANGUAGES.map((language: Language) => (
          <Form.Item key={language} label={t(`typeSettings.languages.${language}`)} required>
            <Input
              data-language={language}
              maxLength={100}
              value={draft[language]}
              status={draft[language].trim() === '' ? 'error' : undefined}
              onChange={(event) => setDraft({ ...draft, [language]: event.target.value })}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
