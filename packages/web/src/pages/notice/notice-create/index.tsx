import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_PINS, ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_TYPES } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createAnnouncement, getAnnouncement, updateAnnouncement } from '../../../api/announcements';
import { fieldErrorsOf } from '../../../api/boxRegistry';
import { useViewQuery } from '../../../router/view-query';
import { announcementInput, EMPTY_ANNOUNCEMENT, formFieldOf, formValuesOf, type AnnouncementFormValues } from '../announcement-shared/form';
import { useAnnouncementChange } from '../announcement-shared/useAnnouncementChange';
import UserSelect from './UserSelect';

const LIST = '/notice/notice-list';

/**
 * Publishes an announcement, or edits one (`?id=`): to the users of a box id range, to chosen
 * users or to all; title, content, pin and an optional expiry. The form checks what it can in the
 * reader's language; the server's field errors land beside their fields.
 */
export default function NoticeCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useAnnouncementChange();
  const idText = useViewQuery().get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : undefined;
  const [form] = Form.useForm<AnnouncementFormValues>();
  const editing = useQuery({ queryKey: ['announcements', 'one', id], queryFn: () => getAnnouncement(id!), enabled: id !== undefined });
  useEffect(() => {
    if (editing.data) form.setFieldsValue(formValuesOf(editing.data));
  }, [editing.data, form]);
  const type = Form.useWatch('type', form) ?? 'all';
  const required = [{ required: true, whitespace: true, message: t('announcements.form.required') }];
  const boxId = [...required, { pattern: /^\d{1,32}$/, message: t('announcements.form.digits') }];

  async function save(values: AnnouncementFormValues) {
    const input = announcementInput(values);
    const showErrors = (error: unknown) =>
      form.setFields(fieldErrorsOf(error).map((entry) => ({ name: formFieldOf(entry.field) as keyof AnnouncementFormValues, errors: [entry.message] })));
    const saved = await change(() => (id === undefined ? createAnnouncement(input) : updateAnnouncement(id, input)), showErrors);
    if (!saved) return;
    // The screen stays alive in its tab: the next announcement starts from an empty form.
    if (id === undefined) form.resetFields();
    void navigate(LIST);
  }

  return (
    <div className="app-page notice-create">
      <Card variant="borderless" title={id === undefined ? t('announcements.form.titleAdd') : t('announcements.form.titleEdit')}>
        <Form<AnnouncementFormValues>
          form={form}
          layout="vertical"
          initialValues={EMPTY_ANNOUNCEMENT}
          onFinish={(values) => void save(values)}
          style={{ maxWidth: 800 }}
        >
          <Form.Item name="type" label={t('announcements.type.label')}>
            <Radio.Group className="notice-create__type" options={ANNOUNCEMENT_TYPES.map((value) => ({ value, label: t(`announcements.type.${value}`) }))} />
          </Form.Item>
          {type === 'device' && (
            <Space wrap align="start" size="large">
              <Form.Item name="start_box_id" label={t('announcements.form.startBoxId')} rules={boxId}>
                <Input className="notice-create__start" maxLength={32} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item
                name="end_box_id"
                label={t('announcements.form.endBoxId')}
                dependencies={['start_box_id']}
                rules={[
                  ...boxId,
                  ({ getFieldValue }) => ({
                    validator: async (_, end?: string) => {
                      const start = getFieldValue('start_box_id') as string | undefined;
                      if (start && end && /^\d+$/.test(start) && /^\d+$/.test(end) && BigInt(end) < BigInt(start))
                        throw new Error(t('announcements.form.rangeReversed'));
                    },
                  }),
                ]}
              >
                <Input className="notice-create__end" maxLength={32} style={{ width: 220 }} />
              </Form.Item>
            </Space>
          )}
          {type === 'user' && (
            <Form.Item
              name="users"
              label={t('announcements.form.users')}
              rules={[{ required: true, type: 'array', min: 1, message: t('announcements.form.usersRequired') }]}
            >
              <UserSelect />
            </Form.Item>
          )}
          <Form.Item name="title" label={t('announcements.form.title')} rules={required}>
            <Input className="notice-create__title" maxLength={ANNOUNCEMENT_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="content" label={t('announcements.form.content')} rules={required}>
            <Input.TextArea className="notice-create__content" rows={6} maxLength={ANNOUNCEMENT_CONTENT_MAX} showCount />
          </Form.Item>
          <Form.Item name="pin" label={t('announcements.pin.label')}>
            <Radio.Group className="notice-create__pin" options={ANNOUNCEMENT_PINS.map((value) => ({ value, label: t(`announcements.pin.${value}`) }))} />
          </Form.Item>
          <Form.Item
            name="expires_at"
            label={t('announcements.form.expiresAt')}
            extra={t('announcements.form.expiresHint')}
            rules={[
              {
                validator: async (_, value?: Dayjs | null) => {
                  if (value && !value.isAfter(dayjs())) throw new Error(t('announcements.form.expiryPast'));
                },
              },
            ]}
          >
            <DatePicker className="notice-create__expires" showTime disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" className="notice-create__submit">
              {id === undefined ? t('announcements.form.submitAdd') : t('announcements.form.submitEdit')}
            </Button>
            <Button onClick={() => void navigate(LIST)}>{t('announcements.form.cancel')}</Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
