import type { BoxPropertyItem } from '@cloudbox/domain';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { downloadFile } from '../../../utils/download';
import BoxFormModal from '../shared/BoxFormModal';
import BoxPropertyTable from '../shared/BoxPropertyTable';
import { addressColumns, text, timeText } from '../shared/tables';

/**
 * device-property (root): every box's properties (SPEC.md section 3, Box property), searched and
 * paged on the server, edited in the device edit form, exported to xlsx with the same filters.
 */
export default function DeviceProperty() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="app-page smartbox-page device-property">
      <Card variant="borderless" title={t('route.deviceProperty')}>
        <BoxPropertyTable
          className="box-property-table"
          scrollX={1500}
          columns={[
            { title: t('boxProperties.owner'), dataIndex: 'owner', width: 120, render: text },
            { title: t('boxProperties.registeredAt'), dataIndex: 'registered_at', width: 160, render: timeText },
            { title: t('boxProperties.field.contact'), dataIndex: 'contact', width: 100, render: text },
            { title: t('boxProperties.field.owner_unit'), dataIndex: 'owner_unit', width: 180, ellipsis: true, render: text },
            { title: t('boxProperties.company'), dataIndex: 'ck_name', width: 140, ellipsis: true },
            ...addressColumns<BoxPropertyItem>(t),
            { title: t('boxProperties.field.phone'), dataIndex: 'phone', width: 120, render: text },
            { title: t('boxProperties.boxType'), dataIndex: 'model', width: 100, render: text },
          ]}
          actions={(box: BoxPropertyItem) => (
            <Button type="link" size="small" className="box-property-table__edit" onClick={() => setEditing(box.id)}>
              {t('boxProperties.edit')}
            </Button>
          )}
          toolbar={(_selected, _clear, filters) => (
            <ExportButton
              run={(report, signal) =>
                downloadFile('/box-properties/export', { ...filters }, 'box-properties.xlsx', (progress) => report(streamedReport(progress, t)), signal)
              }
            >
              {t('export.xlsx')}
            </ExportButton>
          )}
        />
      </Card>
      <BoxFormModal boxId={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
