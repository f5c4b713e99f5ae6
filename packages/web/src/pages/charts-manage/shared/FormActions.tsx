import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Save (submits the form) and back to the list. */
export default function FormActions({ listPath, saving, saveClass }: { listPath: string; saving: boolean; saveClass: string }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={saving} className={saveClass}>
        {t('chartSettings.save')}
      </Button>
      <Link to={listPath}>
        <Button>{t('chartSettings.back')}</Button>
      </Link>
    </Space>
  );
}
