import { SCAN_MODES, type Page, type QrBinding, type ScanMode } from '@cloudbox/domain';
import { Card, Select, Table, Tag } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { listBindings, PWD_KEYS } from '../../../api/dynamicPasswords';
import { useFilteredPages } from '../../../utils/use-filtered-pages';
import { serverPaging, timeText } from '../../smartbox/shared/tables';
import RecordFilters, { type RecordFilter } from '../shared/RecordFilters';
import '../shared/qr-manage.css';

interface BindingFilter extends RecordFilter {
  scan_mode?: ScanMode;
}

/**
 * /qrManage/bind-list (manufacturer, root, distributors): who bound which box by its QR code, how
 * the code was read, whether the binding holds, and the quota that applies to that user now.
 */
export default function BindList() {
  const { t } = useTranslation();
  const { filter, update, paging, setPaging, result } = useFilteredPages<BindingFilter, Page<QrBinding>>(PWD_KEYS.bindings, listBindings);
  const title = (key: string) => t(`dynamicPasswords.columns.${key}`);

  return (
    <div className="app-page bind-list">
      <Card variant="borderless">
        <RecordFilters prefix="bind-list" filter={filter} update={update}>
          <Select
            className="bind-list__scan-mode"
            allowClear
            placeholder={t('dynamicPasswords.filters.allScanModes')}
            style={{ width: 170 }}
            value={filter.scan_mode}
            onChange={(scan_mode?: ScanMode) => update({ ...filter, scan_mode })}
            options={SCAN_MODES.map((mode) => ({ value: mode, label: t(`dynamicPasswords.scanModes.${mode}`) }))}
          />
        </RecordFilters>
        <Table<QrBinding>
          className="bind-list__table"
          rowKey="id"
          size="small"
          loading={result.isFetching}
          dataSource={result.data?.items}
          scroll={{ x: 1100 }}
          onRow={(row) => ({ 'data-binding': row.id, 'data-box': row.box_id }) as HTMLAttributes<HTMLElement>}
          pagination={serverPaging(paging, result.data?.total, (page, pageSize) => setPaging({ page, pageSize }), t)}
          columns={[
            { title: title('time'), dataIndex: 'created_at', width: 170, render: timeText },
            { title: title('userId'), dataIndex: 'user_id', width: 80 },
            { title: title('username'), dataIndex: 'username', width: 150, ellipsis: true },
            { title: title('box'), dataIndex: 'box_id', width: 140 },
            { title: title('company'), dataIndex: 'company', width: 150, ellipsis: true },
            { title: title('scanMode'), dataIndex: 'scan_mode', width: 110, render: (mode: ScanMode) => t(`dynamicPasswords.scanModes.${mode}`) },
            {
              title: title('flag'),
              dataIndex: 'flag',
              width: 100,
              render: (flag: boolean) => <Tag color={flag ? 'success' : 'default'}>{t(`dynamicPasswords.flag.${flag ? 'bound' : 'unbound'}`)}</Tag>,
            },
            {
              title: title('quota'),
              key: 'quota',
              width: 150,
              render: (_, row) => t(`dynamicPasswords.quotaKinds.${row.quota.kind}`, { value: row.quota.remaining ?? '' }),
            },
          ]}
        />
      </Card>
    </div>
  );
}
