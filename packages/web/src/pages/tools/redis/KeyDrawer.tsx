import type { RedisKey, RedisKeyContent } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRedisKey } from '../../../api/redisTool';
import { formatBytes } from '../../../utils/download-core';
import { LengthText, TtlText, TypeTag } from './KeyFacts';
import ValueView from './ValueView';

interface KeyDrawerProps {
  /** The key shown; undefined: closed. */
  name: string | undefined;
  onClose(): void;
  onDelete(key: string): unknown;
}

/** What was left out of a long value: a string's bytes or a collection's items. */
function BoundNotice({ content }: { content: RedisKeyContent }) {
  const { t } = useTranslation();
  if (content.more === 0) return null;
  const message =
    content.type === 'string'
      ? t('redisTool.value.bytesOf', { shown: content.shown, total: content.length })
      : t('redisTool.value.shownOf', { shown: content.shown, total: content.length, more: content.more });
  return <Alert className="redis-drawer__bound" type="info" showIcon title={message} />;
}

/** The facts of a key above its content. */
function KeyFactsList({ entry }: { entry: RedisKey }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={2} bordered className="redis-drawer__facts">
      <Descriptions.Item label={t('redisTool.type')}>
        <TypeTag type={entry.type} />
      </Descriptions.Item>
      <Descriptions.Item label={t('redisTool.ttl')}>
        <TtlText ms={entry.ttl_ms} />
      </Descriptions.Item>
      <Descriptions.Item label={t('redisTool.length')}>
        <LengthText entry={entry} />
      </Descriptions.Item>
      <Descriptions.Item label={t('redisTool.memory')}>{entry.memory_bytes === null ? '—' : formatBytes(entry.memory_bytes)}</Descriptions.Item>
    </Descriptions>
  );
}

/** One key's content in a drawer: its facts, what was left out, the value read for people; delete, asked first. */
export default function KeyDrawer({ name, onClose, onDelete }: KeyDrawerProps) {
  const { t } = useTranslation();
  const content = useQuery({ queryKey: ['redis-tool', 'key', name], queryFn: () => getRedisKey(name!), enabled: name !== undefined, retry: false });
  const data = content.data?.key === name ? content.data : undefined;
  return (
    <Drawer
      className="redis-drawer"
      open={name !== undefined}
      onClose={onClose}
      size={720}
      title={
        <Space>
          {t('redisTool.value.title')}
          {data?.value.type === 'string' && data.value.json && <Tag color="geekblue">{t('redisTool.value.json')}</Tag>}
        </Space>
      }
      extra={
        name !== undefined && (
          <Popconfirm
            title={t('redisTool.deleteConfirm', { key: name })}
            okButtonProps={{ danger: true, className: 'redis-drawer__delete-ok' }}
            onConfirm={() => onDelete(name)}
          >
            <Button danger className="redis-drawer__delete">
              {t('redisTool.delete')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Typography.Paragraph className="redis-drawer__name" copyable={name !== undefined ? { text: name } : false}>
        <Typography.Text code>{name}</Typography.Text>
      </Typography.Paragraph>
      {data ? (
        <Space orientation="vertical" size="middle" className="redis-drawer__body">
          <KeyFactsList entry={data} />
          <BoundNotice content={data} />
          <ValueView value={data.value} />
        </Space>
      ) : (
        content.isFetching && <Spin className="redis-drawer__loading" />
      )}
    </Drawer>
  );
}
