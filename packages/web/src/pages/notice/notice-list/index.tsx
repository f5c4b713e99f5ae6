import { PlusOutlined } from '@ant-design/icons';
import {
  ANNOUNCEMENT_PINS,
  ANNOUNCEMENT_STATES,
  ANNOUNCEMENT_TYPES,
  type AnnouncementItem,
  type AnnouncementPin,
  type AnnouncementState,
} from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listAnnouncements, withdrawAnnouncement } from '../../../api/announcements';
import { serverPaging, timeText } from '../../smartbox/shared/tables';
import { PinTag, StateTag, TargetText } from '../announcement-shared/AnnouncementTags';
import { useAnnouncementChange } from '../announcement-shared/useAnnouncementChange';

interface ListFilter {
  type?: string;
  pin?: string;
  state?: string;
}

/** Every announcement (root), newest first: filtered by type, pin and state; edited, or withdrawn after a confirmation. */
export default function NoticeList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useAnnouncementChange();
  const [filter, setFilter] = useState<ListFilter>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const update = (next: ListFilter) => {
    setFilter(next);
    setPaging((current) => ({ ...current, page: 1 }));
  };
  const params = { ...filter, page: paging.page, page_size: paging.pageSize };
  const list = useQuery({ queryKey: ['announcements', 'all', params], queryFn: () => listAnnouncements(params), placeholderData: keepPreviousData });
  const filterSelect = (key: keyof ListFilter, values: readonly string[]) => (
    <Select
      className={`notice-list__${key}`}
      allowClear
      placeholder={t(`announcements.${key}.label`)}
      style={{ width: 140 }}
      value={filter[key]}
      onChange={(value?: string) => update({ ...filter, [key]: value })}
      options={values.map((value) => ({ value, label: t(`announcements.${key}.${value}`) }))}
    />
  );

  return (
    <div className="app-page notice-list">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          {filterSelect('type', ANNOUNCEMENT_TYPES)}
          {filterSelect('pin', ANNOUNCEMENT_PINS)}
          {filterSelect('state', ANNOUNCEMENT_STATES)}
          <Button type="primary" icon={<PlusOutlined />} className="notice-list__add" onClick={() => void navigate('/notice/notice-create')}>
            {t('announcements.publish')}
          </Button>
        </Space>
        <Table<AnnouncementItem>
          className="notice-list__table"
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.items}
          scroll={{ x: 1150 }}
          onRow={(item) => ({ 'data-announcement': item.id }) as React.HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, list.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            { title: t('announcements.form.title'), dataIndex: 'title', ellipsis: true },
            { title: t('announcements.target'), key: 'target', width: 220, ellipsis: true, render: (_, item) => <TargetText item={item} /> },
            { title: t('announcements.pin.label'), dataIndex: 'pin', width: 90, render: (pin: AnnouncementPin) => <PinTag pin={pin} /> },
            { title: t('announcements.publishedAt'), dataIndex: 'published_at', width: 165, render: timeText },
            {
              title: t('announcements.expiresAt'),
              dataIndex: 'expires_at',
              width: 165,
              render: (value: string | null) => (value ? timeText(value) : t('announcements.never')),
            },
            { title: t('announcements.state.label'), dataIndex: 'state', width: 90, render: (state: AnnouncementState) => <StateTag state={state} /> },
            {
              title: t('announcements.reachRead'),
              key: 'reach',
              width: 110,
              className: 'notice-list__reach',
              render: (_, item) => `${item.reach} / ${item.read}`,
            },
            {
              title: t('announcements.actions'),
              key: 'actions',
              width: 120,
              fixed: 'right',
              render: (_, item) =>
                item.state === 'withdrawn' ? null : (
                  <Space size={0}>
                    <Button type="link" size="small" className="notice-list__edit" onClick={() => void navigate(`/notice/notice-create?id=${item.id}`)}>
                      {t('announcements.edit')}
                    </Button>
                    <Popconfirm
                      title={t('announcements.withdrawConfirm', { title: item.title })}
                      okButtonProps={{ className: 'notice-list__withdraw-ok' }}
                      onConfirm={() => change(() => withdrawAnnouncement(item.id))}
                    >
                      <Button type="link" size="small" danger className="notice-list__withdraw">
                        {t('announcements.withdraw')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
