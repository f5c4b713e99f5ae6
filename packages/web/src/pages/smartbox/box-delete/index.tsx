import { ABANDONED_DAYS, type AbandonedBox } from '@cloudbox/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAbandoned, listAbandoned } from '../../../api/boxProperties';
import { boxLink, boxRow, PAGE_SIZE, serverPaging, text, timeText } from '../shared/tables';
import '../shared/smartbox.css';

/**
 * box-delete (root): abandoned boxes, never connected or silent for the days chosen, and deleting
 * the chosen ones with their data after a confirmation that names how many.
 */
export default function BoxDelete() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [draftDays, setDraftDays] = useState<number>(ABANDONED_DAYS.default);
  const [days, setDays] = useState<number>(ABANDONED_DAYS.default);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const params = { days, page, page_size: PAGE_SIZE };
  const boxes = useQuery({ queryKey: ['box-properties', 'abandoned', params], queryFn: () => listAbandoned(params), placeholderData: keepPreviousData });

  function confirmDelete() {
    modal.confirm({
      title: t('boxProperties.deleteConfirm', { count: selected.length }),
      content: t('boxProperties.deleteWarning'),
      okButtonProps: { danger: true, className: 'box-delete__confirm' },
      onOk: async () => {
        try {
          const { count } = await deleteAbandoned(days, selected);
          void message.success(t('boxProperties.deleted', { count }));
          setSelected([]);
          await queryClient.invalidateQueries();
        } catch {
          // The request layer showed the server's message.
        }
      },
    });
  }

  return (
    <div className="app-page smartbox-page box-delete">
      <Card variant="borderless" title={t('route.boxDelete')}>
        <Alert type="warning" showIcon message={t('boxProperties.abandonedIntro')} style={{ marginBottom: 12 }} />
        <div className="smartbox-toolbar">
          <Typography.Text>{t('boxProperties.silentFor')}</Typography.Text>
          <InputNumber
            className="box-delete__days"
            min={ABANDONED_DAYS.min}
            max={ABANDONED_DAYS.max}
            precision={0}
            value={draftDays}
            onChange={(value) => setDraftDays(value ?? ABANDONED_DAYS.default)}
            suffix={t('boxProperties.days')}
            style={{ width: 130 }}
          />
          <Button
            className="box-delete__search"
            onClick={() => {
              setDays(draftDays);
              setPage(1);
              setSelected([]);
            }}
          >
            {t('boxProperties.searchButton')}
          </Button>
          <span className="smartbox-toolbar__spacer" />
          {selected.length > 0 && <Typography.Text type="secondary">{t('boxProperties.selected', { count: selected.length })}</Typography.Text>}
          <Button danger type="primary" className="box-delete__delete" disabled={selected.length === 0} onClick={confirmDelete}>
            {t('boxProperties.deleteSelected')}
          </Button>
        </div>
        <Table<AbandonedBox>
          rowKey="id"
          size="small"
          className="box-delete-table"
          loading={boxes.isFetching}
          dataSource={boxes.data?.items ?? []}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
          onRow={(box) => boxRow(box.id)}
          columns={[
            { title: t('boxProperties.boxId'), dataIndex: 'id', width: 120, render: boxLink },
            { title: t('boxProperties.ck'), dataIndex: 'ck', width: 80 },
            { title: t('boxProperties.field.owner_unit'), dataIndex: 'owner_unit', width: 180, ellipsis: true, render: text },
            { title: t('boxProperties.boxType'), dataIndex: 'model', width: 100, render: text },
            { title: t('boxProperties.registeredAt'), dataIndex: 'registered_at', width: 160, render: timeText },
            {
              title: t('boxProperties.lastSeen'),
              dataIndex: 'last_seen_at',
              width: 160,
              render: (seen: string | null) =>
                seen ? timeText(seen) : <Typography.Text type="secondary">{t('boxProperties.neverConnected')}</Typography.Text>,
            },
          ]}
          pagination={serverPaging({ page: page }, boxes.data?.total, setPage, t)}
          scroll={{ x: 800 }}
        />
      </Card>
    </div>
  );
}
