import { encodeRegister, formatMessage } from '@cloudbox/domain';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { feedback } from '../../../utils/feedback';
import type { LiveRegister } from './useDeviceLive';

interface WriteDialogProps {
  register: LiveRegister | null;
  onClose: () => void;
  onWrite: (register: LiveRegister, value: string) => void;
}

/** The spec's number messages for what was typed, checked by the register codec before anything is sent. */
export function checkWrite(register: LiveRegister, value: string): string | null {
  if (!register.definition) return null;
  const result = encodeRegister(value, register.definition, currentLanguage());
  return result.ok ? null : formatMessage(currentLanguage(), result.message.key, result.message.params);
}

/** Changing a writable parameter: the value, checked as typed, then a confirmation. */
export default function WriteDialog({ register, onClose, onWrite }: WriteDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = register && touched ? checkWrite(register, value) : null;
  const choices = register?.choices;

  function submit() {
    if (!register) return;
    setTouched(true);
    if (checkWrite(register, value)) return;
    const shown = choices?.find((choice) => String(choice.value) === value)?.label ?? `${value} ${register.unit}`.trim();
    feedback.modal.confirm({
      className: 'write-confirm',
      title: t('live.write.confirmTitle'),
      content: t('live.write.confirm', { name: register.name, value: shown, current: register.display ?? '—' }),
      okText: t('live.write.ok'),
      cancelText: t('live.write.cancel'),
      onOk: () => {
        onWrite(register, value);
        close();
      },
    });
  }

  function close() {
    setValue('');
    setTouched(false);
    onClose();
  }

  return (
    <Modal
      open={register !== null}
      className="write-dialog"
      title={register ? t('live.write.title', { name: register.name }) : undefined}
      okText={t('live.write.submit')}
      cancelText={t('live.write.cancel')}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      {register && (
        // Enter in the one input submits the form (the browser's implicit submission): that is the
        // only Enter path, so one key press opens one confirmation.
        <Form layout="vertical" onFinish={submit}>
          <Typography.Paragraph type="secondary">
            {t('live.write.current', { value: register.display ?? '—' })}
            {register.definition?.min !== undefined &&
              register.definition.max !== undefined &&
              ` · ${t('live.write.range', { min: register.definition.min, max: register.definition.max, unit: register.unit })}`}
          </Typography.Paragraph>
          <Form.Item label={register.name} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            {choices ? (
              <Select
                className="write-dialog__value"
                value={value || undefined}
                onChange={(next: string) => {
                  setValue(next);
                  setTouched(true);
                }}
                options={choices.map((choice) => ({ value: String(choice.value), label: choice.label }))}
              />
            ) : (
              <Input
                className="write-dialog__value"
                autoFocus
                value={value}
                suffix={register.unit || undefined}
                onChange={(event) => {
                  setValue(event.target.value);
                  setTouched(true);
                }}
              />
            )}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
