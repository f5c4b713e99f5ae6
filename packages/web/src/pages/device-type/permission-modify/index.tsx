import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { PermissionTemplateInput, PermissionTemplateView } from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updateModel } from '../../../api/companies';
import { getTemplate, listTypeRegisters } from '../../../api/typeSettings';
import { useView } from '../../../router/view-context';
import RightsEditor from '../shared/RightsEditor';
import TemplateFields from '../shared/TemplateFields';
import { useServerSubmit } from '../shared/useServerSubmit';

type Values = Omit<PermissionTemplateInput, 'ck'>;

function TemplateForm({ template, deviceTypes }: { template: PermissionTemplateView; deviceTypes: Parameters<typeof RightsEditor>[0]['deviceTypes'] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { saving, submit } = useServerSubmit(form);

  async function save(values: Values) {
    const done = await submit(async () => {
      const saved = await updateModel(template.id, { ...values, ck: template.ck, rights: values.rights ?? {} });
      queryClient.setQueryData(['type-settings', 'template', String(template.id)], saved);
    });
    if (!done) return;
    void message.success(t('typeSettings.permission.saved'));
    await queryClient.invalidateQueries({ queryKey: ['type-settings', 'templates'] });
    await queryClient.invalidateQueries({ queryKey: ['companies'] });
  }

  return (
    <Form<Values> form={form} layout="vertical" className="permission-form" initialValues={template} onFinish={(values) => void save(values)}>
      <TemplateFields classPrefix="permission-form" />
      <Form.Item name="rights" label={t('typeSettings.permission.rights')}>
        <RightsEditor deviceTypes={deviceTypes} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} className="permission-form__save" loading={saving}>
        {t('typeSettings.common.save')}
      </Button>
    </Form>
  );
}

/**
 * /device-type/permission/modify/:id: one permission template's name, level, and rights per register
 * (none, read, read and write) for every device type; its holders' rights change at once.
 */
export default function TypePermissionModify() {
  const { t } = useTranslation();
  const { params } = useView();
  const id = params.id ?? '';
  const template = useQuery({ queryKey: ['type-settings', 'template', id], queryFn: () => getTemplate(id), retry: false });
  const types = useQuery({ queryKey: ['type-settings', 'registers'], queryFn: listTypeRegisters });

  return (
    <div className="app-page type-permission-modify">
      <Card
        variant="borderless"
        title={template.data ? t('typeSettings.permission.modifyTitle', { name: template.data.name, ck: template.data.ck }) : t('route.typePermissionModify')}
        extra={
          <Link to="/device-type/permission">
            <Button icon={<ArrowLeftOutlined />}>{t('typeSettings.common.back')}</Button>
          </Link>
        }
      >
        {template.isError && <Alert type="error" showIcon title={t('typeSettings.permission.notFound', { id })} />}
        {(template.isLoading || types.isLoading) && <Spin />}
        {template.data && types.data && <TemplateForm key={template.dataUpdatedAt} template={template.data} deviceTypes={types.data} />}
      </Card>
    </div>
  );
}
