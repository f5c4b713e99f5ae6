import { ArrowLeftOutlined } from '@ant-design/icons';
import { DEFAULT_LAYOUT_ALIAS } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getLayout } from '../../../api/typeSettings';
import { useView } from '../../../router/view-context';
import { useAppStore } from '../../../stores/app';
import LayoutEditor from './LayoutEditor';
import './index.css';

/**
 * /device-type/type-config/page/:id/:alias: a device type's page layout (SPEC.md section 3) for
 * its own page (`default`) or one of its aliases (a company's name for it): template, rows of two
 * parameter names with their registers, and a preview of the live page.
 */
export default function TypeConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useAppStore((state) => state.language);
  const { params } = useView();
  const typeRef = params.id ?? '';
  const aliasParam = params.alias || DEFAULT_LAYOUT_ALIAS;
  const alias = aliasParam === DEFAULT_LAYOUT_ALIAS ? '' : aliasParam;
  const layout = useQuery({ queryKey: ['type-settings', 'layout', typeRef, alias], queryFn: () => getLayout(typeRef, aliasParam), retry: false });
  const view = layout.data;

  return (
    <div className="app-page type-config-page">
      <Card
        variant="borderless"
        className="type-config-page__head"
        title={view ? t('typeSettings.layout.title', { name: view.device_type.name[language], id: view.device_type.id }) : t('route.typeConfigPage')}
        extra={
          <Space wrap>
            <Typography.Text>{t('typeSettings.layout.alias')}</Typography.Text>
            <Select<string>
              className="layout-alias"
              style={{ minWidth: 180 }}
              value={aliasParam}
              disabled={!view}
              onChange={(next) => void navigate(`/device-type/type-config/page/${typeRef}/${encodeURIComponent(next)}`)}
              options={[
                { value: DEFAULT_LAYOUT_ALIAS, label: t('typeSettings.layout.defaultAlias') },
                ...(view?.aliases ?? []).map((entry) => ({
                  value: entry.alias,
                  label: entry.ck ? t('typeSettings.layout.aliasOf', { alias: entry.alias, ck: entry.ck }) : entry.alias,
                })),
              ]}
            />
            <Link to="/device-type/type-config">
              <Button icon={<ArrowLeftOutlined />}>{t('typeSettings.common.back')}</Button>
            </Link>
          </Space>
        }
      >
        {layout.isError && <Alert type="error" showIcon title={t('typeSettings.layout.notFound', { id: typeRef, alias: aliasParam })} />}
        {layout.isLoading && <Spin />}
      </Card>
      {view && <LayoutEditor key={layout.dataUpdatedAt} view={view} typeRef={typeRef} />}
    </div>
  );
}
