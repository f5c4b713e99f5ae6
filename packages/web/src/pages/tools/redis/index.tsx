import { ReloadOutlined } from '@ant-design/icons';
import type { RedisKey, RedisStatus } from '@cloudbox/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Result, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteRedisKey, getRedisStatus, listRedisKeys } from '../../../api/redisTool';
import RowActions from '../../../components/RowActions';
import { formatBytes } from '../../../utils/download-core';
import { useChange } from '../../../utils/use-change';
import KeyDrawer from './KeyDrawer';
import { LengthText, TtlText, TypeTag } from './KeyFacts';
import { mergeKeyPages } from './format';
import NoRedis from './NoRedis';
import './index.css';

/** A key's name, its prefix muted: what differs between keys stands out. */
function KeyName({ name, prefix }: { name: string; prefix: string }) {
  return (
    <span className="redis-key">
      <span className="redis-key__prefix">{prefix}</span>
      {name.slice(prefix.length)}
    </span>
  );
}

/** The keys under the prefix, page after page by cursor, filtered by a pattern; a key's content in a drawer; delete, asked first. */
function KeyBrowser({ status, onRefresh }: { status: RedisStatus; onRefresh(): void }) {
  const { t } = useTranslation();
  const [pattern, setPattern] = useState('');
  const [open, setOpen] = useState<string>();
  const change = useChange([['redis-tool']]);
  const keys = useInfiniteQuery({
    queryKey: ['redis-tool', 'keys', pattern],
    queryFn: ({ pageParam }) => listRedisKeys({ cursor: pageParam, pattern: pattern || undefined }),
    initialPageParam: '0',
    getNextPageParam: (last) => (last.done ? undefined : last.cursor),
  });
  const items = mergeKeyPages(keys.data?.pages ?? []);
  const remove = async (key: string) => {
    if (await change(() => deleteRedisKey(key))) setOpen(undefined);
  };

  return (
    <Card variant="borderless">
      <div className="redis-tool__toolbar">
        <Space.Compact className="redis-tool__search">
          <Space.Addon className="redis-tool__prefix">{status.prefix}</Space.Addon>
          <Input.Search allowClear placeholder={t('redisTool.pattern')} onSearch={(value) => setPattern(value.trim())} className="redis-tool__pattern" />
        </Space.Compact>
        <Button icon={<ReloadOutlined />} className="redis-tool__refresh" onClick={onRefresh} loading={keys.isFetching && !keys.isFetchingNextPage}>
          {t('redisTool.refresh')}
        </Button>
        <Typography.Text type="secondary" className="redis-tool__server">
          {t('redisTool.server', { version: status.version ?? '?', memory: status.used_memory_bytes === null ? '—' : formatBytes(status.used_memory_bytes) })}
        </Typography.Text>
      </div>
      <Table<RedisKey>
        className="redis-tool__table"
        rowKey="key"
        size="small"
        loading={keys.isLoading}
        dataSource={items}
        pagination={false}
        scroll={{ x: 900 }}
        onRow={(item) => ({ 'data-key': item.key }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('redisTool.key'),
            dataIndex: 'key',
            ellipsis: true,
            render: (key: string) => (
              <Typography.Link className="redis-tool__open" onClick={() => setOpen(key)}>
                <KeyName name={key} prefix={status.prefix} />
              </Typography.Link>
            ),
          },
          { title: t('redisTool.type'), dataIndex: 'type', width: 100, render: (type: string) => <TypeTag type={type} /> },
          { title: t('redisTool.ttl'), dataIndex: 'ttl_ms', width: 140, render: (ms: number) => <TtlText ms={ms} /> },
          { title: t('redisTool.length'), key: 'length', width: 140, render: (_, item) => <LengthText entry={item} /> },
          {
            title: t('redisTool.memory'),
            dataIndex: 'memory_bytes',
            width: 110,
            render: (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes)),
          },
          {
            title: t('redisTool.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, item) => (
              <RowActions
                className="redis-tool"
                labels={{ edit: t('redisTool.view'), delete: t('redisTool.delete') }}
                confirm={t('redisTool.deleteConfirm', { key: item.key })}
                onEdit={() => setOpen(item.key)}
                onDelete={() => remove(item.key)}
              />
            ),
          },
        ]}
      />
      <div className="redis-tool__more">
        {keys.hasNextPage ? (
          <Button className="redis-tool__load-more" onClick={() => void keys.fetchNextPage()} loading={keys.isFetchingNextPage}>
            {t('redisTool.loadMore')}
          </Button>
        ) : (
          keys.isSuccess && <Typography.Text type="secondary">{t('redisTool.allListed', { count: items.length })}</Typography.Text>
        )}
        {keys.hasNextPage && <Typography.Text type="secondary">{t('redisTool.loaded', { count: items.length })}</Typography.Text>}
      </div>
      <KeyDrawer name={open} onClose={() => setOpen(undefined)} onDelete={remove} />
    </Card>
  );
}

/**
 * Root's look into this deployment's Redis (`/tools/redis`): the keys under the server's prefix with
 * their type, expiry and size, a key's content, delete. Without Redis, the statement that there is
 * none and how to configure it.
 */
export default function RedisTool() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['redis-tool', 'status'], queryFn: getRedisStatus });
  // The list starts again from its first page: the keys may have changed since the pages were loaded.
  const refresh = () => {
    void queryClient.resetQueries({ queryKey: ['redis-tool', 'keys'] });
    void status.refetch();
  };
  return (
    <div className="app-page redis-tool">
      {status.isError ? (
        <Card variant="borderless">
          <Result
            className="redis-tool__unavailable"
            status="warning"
            title={t('redisTool.unavailable')}
            subTitle={status.error.message}
            extra={<Button onClick={refresh}>{t('redisTool.refresh')}</Button>}
          />
        </Card>
      ) : !status.data ? (
        <Spin className="redis-tool__loading" />
      ) : status.data.configured ? (
        <KeyBrowser status={status.data} onRefresh={refresh} />
      ) : (
        <Card variant="borderless">
          <NoRedis prefix={status.data.prefix} />
        </Card>
      )}
    </div>
  );
}
