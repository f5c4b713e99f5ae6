import { DatabaseOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The variables that give a deployment Redis, with what each is for (the locale's `redisTool.none.<name>`). */
const VARIABLES = [
  { name: 'url', line: 'REDIS_URL=redis://redis.example.com:6379' },
  { name: 'prefix', line: 'REDIS_KEY_PREFIX=' },
] as const;

/** The statement that this deployment runs without Redis, and how to give it one. */
export default function NoRedis({ prefix }: { prefix: string }) {
  const { t } = useTranslation();
  return (
    <Result className="redis-tool__none" icon={<DatabaseOutlined />} title={t('redisTool.none.title')} subTitle={t('redisTool.none.subtitle')}>
      <div className="redis-tool__how">
        <Typography.Paragraph>{t('redisTool.none.howTo')}</Typography.Paragraph>
        {VARIABLES.map((variable) => (
          <div key={variable.name} className="redis-tool__variable">
            <Typography.Text code copyable>
              {variable.name === 'prefix' ? `${variable.line}${prefix}` : variable.line}
            </Typography.Text>
            <Typography.Text type="secondary">{t(`redisTool.none.${variable.name}`)}</Typography.Text>
          </div>
        ))}
      </div>
    </Result>
  );
}
