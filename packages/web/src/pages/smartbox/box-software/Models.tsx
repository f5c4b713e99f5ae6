import { LANGUAGES, type BoxModelInput, type BoxModelView } from '@cloudbox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createBoxModel, listBoxModels } from '../../../api/boxDelivery';

/** Box models, their boxes and configuration versions, with links to each language's configuration pages. */
export default function Models() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<BoxModelInput>();
  const models = useQuery({ queryKey: ['box-models'], queryFn: listBoxModels });
  const create = useMutation({
    mutationFn: createBoxModel,
    onSuccess: () => {
      void message.success(t('boxDelivery.common.done'));
      form.resetFields();
      void client.invalidateQueries({ queryKey: ['box-models'] });
    },
  });

  const columns: TableProps<BoxModelView>['columns'] = [
    { title: t('boxDelivery.software.modelName'), dataIndex: 'name', width: 140 },
    { title: t('boxDelivery.software.remark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (remark: string) => remark || '—' },
    { title: t('boxDelivery.software.boxes'), dataIndex: 'boxes', width: 80 },
    {
      title: t('boxDelivery.software.versions'),
      key: 'configs',
      width: 360,
      render: (_, model) => (
        <Space wrap size={[12, 4]}>
          {LANGUAGES.map((language) => (
            <span key={language} data-language={language}>
              {language}
              {model.versions[language] ? ` v${model.versions[language]}` : ''}:{' '}
              <Link className="box-models__upload" to={`/smartbox/config/upload/${model.id}/${language}`}>
                {t('boxDelivery.config.upload')}
              </Link>{' '}
              <Link to={`/smartbox/config/protocol/${model.id}/${language}`}>{t('boxDelivery.config.protocol')}</Link>
            </span>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('boxDelivery.software.modelsTitle')}>
      <Form form={form} layout="inline" className="smartbox-page__toolbar box-models__form" onFinish={(values) => create.mutate(values)}>
        <Form.Item name="name" rules={[{ required: true, message: t('boxDelivery.software.modelName') }]}>
          <Input className="box-models__name" placeholder={t('boxDelivery.software.modelName')} maxLength={64} />
        </Form.Item>
        <Form.Item name="remark">
          <Input placeholder={t('boxDelivery.software.remark')} maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" className="box-models__add" loading={create.isPending}>
          {t('boxDelivery.software.addModel')}
        </Button>
      </Form>
      <Table<BoxModelView>
        className="box-models"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={models.data}
        loading={models.isFetching && !models.data}
        scroll={{ x: 740 }}
        onRow={(row) => ({ 'data-model': row.name }) as React.HTMLAttributes<HTMLElement>}
        pagination={false}
      />
    </Card>
  );
}
