import { EXPIRY_GROUPS, type ExpiredBox, type ExpiryGroup } from '@cloudbox/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getExpiredList, getExpiredMonthCounts } from '../../../api/iotCard';
import { XlsxExport } from '../../../components/ExportButton';
import { boxLink, boxRow, serverPaging, text } from '../../smartbox/shared/tables';
import { EXPIRY_COLORS, IOT_CARD_KEY } from '../shared';
import RenewalTip from '../RenewalTip';
import RequestRenewalModal from './RequestRenewalModal';
import './index.css';

function columns(t: TFunction, request: (boxIds: string[]) => void): TableColumnsType<ExpiredBox> {
  return [
    { title: t('simRenewal.column.boxId'), dataIndex: 'box_id', width: 130, fixed: 'left', render: boxLink },
    {
      title: t('simRenewal.column.expiryDate'),
      dataIndex: 'expiry_date',
      width: 120,
      render: (date: string, item) => (
        <Tag className="expired-list__expiry" color={EXPIRY_COLORS[item.expiry_group]}>
          {date}
        </Tag>
      ),
    },
    { title: t('simRenewal.column.ownerUnit'), dataIndex: 'owner_unit', width: 220, ellipsis: true, render: text },
    { title: t('simRenewal.column.deviceNumbers'), dataIndex: 'device_numbers', width: 150, render: (numbers: string[]) => numbers.join(', ') || '—' },
    { title: t('simRenewal.column.model'), dataIndex: 'model', width: 120, render: text },
    { title: t('simRenewal.column.iccid'), dataIndex: 'iccid', width: 190, render: text },
    { title: t('simRenewal.column.installDate'), dataIndex: 'install_date', width: 110, render: text },
    {
      title: t('simRenewal.column.renewal'),
      key: 'renewal',
      width: 150,
      fixed: 'right',
      render: (_, item) =>
        item.renewal_requested ? (
          <Tag className="expired-list__requested" color="processing">
            {t('simRenewal.requested')}
          </Tag>
        ) : (
          <Button type="link" size="small" className="expired-list__request-one" onClick={() => request([item.box_id])}>
            {t('simRenewal.request')}
          </Button>
        ),
    },
  ];
}

/**
 * The caller's devices whose SIM expired last month, expires this month or next month
 * (`/iccid/expired-device-list`, every role but market): the company's renewal tip on top, one
 * tab per group with its count, a search, the server-paged list with the expiry highlighted, a
 * renewal request for one or the selected devices, and the xlsx download.
 */
export default function ExpiredDeviceList() {
  const { t } = useTranslation();
  const [month, setMonth] = useState<ExpiryGroup>('this_month');
  const [query, setQuery] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [requesting, setRequesting] = useState<string[]>();
  const params = { month, query, page: paging.page, page_size: paging.pageSize };
  const list = useQuery({ queryKey: [...IOT_CARD_KEY, 'expired', params], queryFn: () => getExpiredList(params), placeholderData: keepPreviousData });
  const counts = useQuery({ queryKey: [...IOT_CARD_KEY, 'expired-counts'], queryFn: getExpiredMonthCounts });

  const filter = (next: { month?: ExpiryGroup; query?: string }) => {
    if (next.month !== undefined) setMonth(next.month);
    if (next.query !== undefined) setQuery(next.query);
    setPaging((current) => ({ ...current, page: 1 }));
    setSelected([]);
  };
  const closeRequest = (sent: boolean) => {
    setRequesting(undefined);
    if (sent) setSelected([]);
  };

  return (
    <div className="app-page expired-list">
      {list.data && <RenewalTip className="expired-list__tip" tip={list.data.tips} />}
      <Card variant="borderless">
        <div className="expired-list__toolbar">
          <Segmented<ExpiryGroup>
            className="expired-list__groups"
            value={month}
            onChange={(group) => filter({ month: group })}
            options={EXPIRY_GROUPS.map((group) => ({
              value: group,
              label: (
                <span className={`expired-list__group expired-list__group--${group}`} data-group={group}>
                  {t(`simRenewal.group.${group}`)} <Badge count={counts.data?.[group] ?? 0} showZero overflowCount={9999} color={EXPIRY_COLORS[group]} />
                </span>
              ),
            }))}
          />
          <Input.Search
            className="expired-list__search"
            allowClear
            placeholder={t('simRenewal.search')}
            onSearch={(value) => filter({ query: value.trim() })}
          />
          <div className="expired-list__actions">
            <Button type="primary" className="expired-list__request" disabled={selected.length === 0} onClick={() => setRequesting(selected)}>
              {t('simRenewal.requestSelected', { count: selected.length })}
            </Button>
            <XlsxExport
              className="expired-list__export"
              path="/iot_card/download_expired_info"
              query={{}}
              body={{ month, query, ...(selected.length > 0 && { box_ids: selected }) }}
              file={`${t('simRenewal.title')}.xlsx`}
              disabled={!list.data?.total}
            />
          </div>
        </div>
        <Table<ExpiredBox>
          className="expired-list__table"
          rowKey="box_id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.items}
          columns={columns(t, setRequesting)}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('simRenewal.empty') }}
          onRow={(item) => boxRow(item.box_id)}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (item) => ({ disabled: item.renewal_requested }),
            preserveSelectedRowKeys: true,
          }}
          pagination={serverPaging(paging, list.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
        />
      </Card>
      {requesting && <RequestRenewalModal boxIds={requesting} onClose={closeRequest} />}
    </div>
  );
}
