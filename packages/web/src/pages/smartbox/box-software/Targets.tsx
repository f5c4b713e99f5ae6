import type { SoftwareTargetView } from '@cloudbox/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listSoftwareTargets, setTargetSoftware } from '../../../api/boxDelivery';

/** Each company's target software, edited in its row. */
export default function Targets() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ ck: string; value: string } | undefined>();
  const targets = useQuery({ queryKey: ['box-software-targets'], queryFn: listSoftwareTargets });
  const save = useMutation({
    mutationFn: (edit: { ck: string; value: string }) => setTargetSoftware(edit.ck, edit.value),
    onSuccess: () => {
      setEditing(undefined);
      void client.invalidateQueries({ queryKey: ['box-software-targets'] });
      void client.invalidateQueries({ queryKey: ['box-software'] });
    },
  });

  const columns: TableProps<SoftwareTargetView>['columns'] = [
    { title: t('boxDelivery.software.company'), dataIndex: 'ck', width: 180, render: (ck: string, row) => `${ck} · ${row.name}` },
    {
      title: t('boxDelivery.software.target'),
      dataIndex: 'target_software',
      width: 260,
      render: (target: string, row) =>
        editing?.ck === row.ck ? (
          <Space.Compact>
            <Input
              size="small"
              className="software-targets__input"
              value={editing.value}
              maxLength={64}
              onChange={(event) => setEditing({ ck: row.ck, value: event.target.value })}
              onPressEnter={() => save.mutate(editing)}
            />
            <Button size="small" type="primary" className="software-targets__save" loading={save.isPending} onClick={() => save.mutate(editing)}>
              {t('boxDelivery.software.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(undefined)}>
              {t('boxDelivery.software.cancel')}
            </Button>
          </Space.Compact>
        ) : (
          target || <span className="ant-typography ant-typography-secondary">{t('boxDelivery.software.noTarget')}</span>
        ),
    },
    { title: t('boxDelivery.software.boxes'), dataIndex: 'boxes', width: 90 },
    {
      title: t('boxDelivery.software.differing'),
      dataIndex: 'differing',
      width: 100,
      render: (count: number) => <Tag color={count > 0 ? 'warning' : 'default'}>{count}</Tag>,
    },
    {
      title: t('boxDelivery.common.actions'),
      key: 'actions',
      width: 90,
      render: (_, row) => (
        <Button size="small" className="software-targets__edit" onClick={() => setEditing({ ck: row.ck, value: row.target_software })}>
          {t('boxDelivery.software.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('boxDelivery.software.targetsTitle')}>
      <Table<SoftwareTargetView>
        className="software-targets"
        rowKey="ck"
        size="small"
        columns={columns}
        dataSource={targets.data}
        loading={targets.isFetching && !targets.data}
        scroll={{ x: 720 }}
        onRow={(row) => ({ 'data-ck': row.ck }) as React.HTMLAttributes<HTMLElement>}
        pagination={false}
      />
    </Card>
  );
}
