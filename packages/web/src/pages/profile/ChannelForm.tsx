import {
  CHANNEL_KIND_LABELS,
  CHANNEL_KINDS,
  formatMessage,
  LANGUAGES,
  type Channel,
  type ChannelKind,
  type ChannelUpdateInput,
  type Envelope,
} from '@cloudbox/domain';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createChannel, updateChannel } from '../../api/notifications';
import { currentLanguage, LOCALES } from '../../i18n';
import { showServerErrors } from '../box-reg-info/shared/server-errors';

type Values = Required<Pick<ChannelUpdateInput, 'kind' | 'name' | 'target' | 'secret' | 'language' | 'enabled'>>;

export const channelKindLabel = (kind: ChannelKind) => formatMessage(currentLanguage(), CHANNEL_KIND_LABELS[kind]);

/**
 * Adds or edits one of the user's channels: its kind, name, address (an e-mail address or a URL),
 * signing secret (never shown back: left empty, an edit keeps the stored one), language and
 * whether it is on. The server checks the address; its field messages show beside the fields.
 */
export default function ChannelForm({ channel, open, onClose, onSaved }: { channel?: Channel; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'email';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      channel
        ? { kind: channel.kind, name: channel.name, target: channel.target, secret: '', language: channel.language, enabled: channel.enabled }
        : { kind: 'email', name: '', target: '', secret: '', language: currentLanguage(), enabled: true },
    );
  }, [open, channel, form]);

  async function submit(values: Values) {
    setSaving(true);
    try {
      const answer: Envelope<Channel> = channel ? await updateChannel(channel.id, values) : await createChannel(values);
      void message.success(answer.message);
      onSaved();
      onClose();
    } catch (error) {
      showServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      className="channel-form"
      open={open}
      title={t(channel ? 'notifications.settings.editTitle' : 'notifications.settings.addTitle')}
      okText={t('notifications.settings.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="kind" label={t('notifications.settings.kind')}>
          <Select className="channel-form__kind" options={CHANNEL_KINDS.map((value) => ({ value, label: channelKindLabel(value) }))} />
        </Form.Item>
        <Form.Item name="name" label={t('notifications.settings.name')}>
          <Input className="channel-form__name" maxLength={60} />
        </Form.Item>
        <Form.Item name="target" label={t(kind === 'email' ? 'notifications.settings.targetEmail' : 'notifications.settings.targetUrl')}>
          <Input className="channel-form__target" maxLength={500} placeholder={kind === 'email' ? 'name@example.com' : 'https://'} />
        </Form.Item>
        {kind !== 'email' && (
          <Form.Item name="secret" label={t('notifications.settings.secret')} extra={channel?.has_secret ? t('notifications.settings.secretKeep') : undefined}>
            <Input.Password className="channel-form__secret" maxLength={200} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="language" label={t('notifications.settings.language')}>
          <Select className="channel-form__language" options={LANGUAGES.map((value) => ({ value, label: LOCALES[value].label }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('notifications.settings.enabled')} valuePropName="checked">
          <Switch className="channel-form__enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
