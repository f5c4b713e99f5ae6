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
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LOCALES } from '../../i18n';
import { showServerErrors } from '../../pages/box-reg-info/shared/server-errors';

/** The form's values; `ck` only where the form asks for a company (root's company channels). */
export type ChannelValues = Required<Pick<ChannelUpdateInput, 'kind' | 'name' | 'target' | 'secret' | 'language' | 'enabled'>> & { ck?: string };

export const channelKindLabel = (kind: ChannelKind) => formatMessage(currentLanguage(), CHANNEL_KIND_LABELS[kind]);

interface Props {
  channel?: Channel;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** Adds the channel (no `channel`) or saves the edit of it. */
  save: (values: ChannelValues, channel?: Channel) => Promise<Envelope<Channel>>;
  /** Fields above the channel's own (the company select of a company's channel). */
  leading?: ReactNode;
  /** The dialog's title; by default a user's channel's. */
  title?: string;
  className?: string;
}

/**
 * Adds or edits a channel: its kind, name, address (an e-mail address or a URL), signing secret
 * (never shown back: left empty, an edit keeps the stored one), language and whether it is on.
 * A user's own channels in the profile, a company's in root's notification management. The server
 * checks the address; its field messages show beside the fields.
 */
export default function ChannelForm({ channel, open, onClose, onSaved, save, leading, title, className }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelValues>();
  const [saving, setSaving] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'email';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      channel
        ? {
            kind: channel.kind,
            name: channel.name,
            target: channel.target,
            secret: '',
            language: channel.language,
            enabled: channel.enabled,
            ck: channel.ck ?? undefined,
          }
        : { kind: 'email', name: '', target: '', secret: '', language: currentLanguage(), enabled: true },
    );
  }, [open, channel, form]);

  async function submit(values: ChannelValues) {
    setSaving(true);
    try {
      const answer = await save({ ...values, secret: values.secret ?? '' }, channel);
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
      className={['channel-form', className].filter(Boolean).join(' ')}
      open={open}
      title={title ?? t(channel ? 'notifications.settings.editTitle' : 'notifications.settings.addTitle')}
      okText={t('notifications.settings.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        {leading}
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
