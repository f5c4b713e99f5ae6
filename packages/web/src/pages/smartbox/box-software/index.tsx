import type { BoxSoftwareView } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Input, Space, Table, Tag, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listBoxSoftware } from '../../../api/boxDelivery';
import { OnlineTag } from '../shared/delivery';
import { serverPaging } from '../shared/tables';
import Models from './Models';
import Targets from './Targets';

/**
 * Box software (smartbox box-software, root): each company's target version, the software every box
 * reports (the differing ones first, or only them), and the box models with their configuration files.
 */
export default function BoxSoftware() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<{ keyword?: string; differs?: 'true' }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params = { ...filters, page: paging.page, page_size: paging.pageSize };
  const boxes = useQuery({ queryKey: ['box-software', params], queryFn: () => listBoxSoftware(params), placeholderData: keepPreviousData });
  const filter = (next: typeof filters) => {
    setFilters(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const columns: TableProps<BoxSoftwareView>['columns'] = [
    { title: t('boxDelivery.common.boxId'), dataIndex: 'box_id', width: 130, render: (box: string) => <Link to={`/devices/box/${box}`}>{box}</Link> },
    { title: t('boxDelivery.common.ck'), dataIndex: 'ck', width: 70 },
    { title: t('boxDelivery.software.model'), dataIndex: 'model', width: 110, render: (model: string) => model || '—' },
    { title: t('boxDelivery.software.reported'), dataIndex: 'software', width: 150, render: (software: string) => software || '—' },
    {
      title: t('boxDelivery.software.target'),
      dataIndex: 'target_software',
      width: 150,
      render: (target: string) => target || t('boxDelivery.software.noTarget'),
    },
    {
      title: t('boxDelivery.common.state'),
      dataIndex: 'differs',
      width: 90,
      render: (differs: boolean, row) =>
        row.target_software ? (
          <Tag color={differs ? 'warning' : 'success'}>{t(differs ? 'boxDelivery.software.differs' : 'boxDelivery.software.matches')}</Tag>
        ) : (
          '—'
        ),
    },
    { title: t('boxDelivery.common.online'), dataIndex: 'online', width: 90, render: (online: boolean) => <OnlineTag online={online} /> },
  ];

  return (
    <div className="app-page smartbox-page box-software">
      <Targets />
      <Card variant="borderless" title={t('boxDelivery.software.boxesTitle')}>
        <Space wrap className="smartbox-page__toolbar">
          <Input
            allowClear
            className="box-software__keyword"
            placeholder={t('boxDelivery.common.keyword')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onPressEnter={() => filter({ ...filters, keyword: keyword.trim() || undefined })}
          />
          <Button type="primary" onClick={() => filter({ ...filters, keyword: keyword.trim() || undefined })}>
            {t('boxDelivery.common.search')}
          </Button>
          <Checkbox
            className="box-software__differs"
            checked={filters.differs === 'true'}
            onChange={(event) => filter({ ...filters, differs: event.target.checked ? 'true' : undefined })}
          >
            {t('boxDelivery.software.differsOnly')}
          </Checkbox>
        </Space>
        <Table<BoxSoftwareView>
          className="box-software__table"
          rowKey="box_id"
          size="small"
          columns={columns}
          dataSource={boxes.data?.items}
          loading={boxes.isFetching}
          scroll={{ x: 790 }}
          onRow={(row) => ({ 'data-box': row.box_id, 'data-differs': String(row.differs) }) as React.HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, boxes.data?.total ?? 0, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
      <Models />
    </div>
  );
}
