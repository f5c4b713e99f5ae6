import { ReloadOutlined } from '@ant-design/icons';
import { DEVICE_STATUSES, DEVICE_TYPE_BASICS, EXPIRY_GROUPS, formatMessage, RUN_STATE_LABELS, RUN_STATES, type DeviceStatusCounts } from '@cloudbox/domain';
import { Button, Card, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusCountsBar, useStatusLabel } from '../../../components/DeviceStatus';
import ExportButton, { streamedReport } from '../../../components/ExportButton';
import { currentLanguage } from '../../../i18n';
import { downloadFile } from '../../../utils/download';
import { changeFilters, filterParams, type DeviceListState } from './filters';

type SelectFilter = 'status' | 'model' | 'expiry' | 'run_state';

interface FiltersProps {
  state: DeviceListState;
  update(next: DeviceListState): void;
  counts: DeviceStatusCounts | undefined;
  total: number;
  refresh(): void;
}

/** The device list's filters (status counts, keyword, status, model, expiry, run state), refresh and export. */
export default function DeviceFilters({ state, update, counts, total, refresh }: FiltersProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const statusLabel = useStatusLabel();
  const [keyword, setKeyword] = useState(state.keyword ?? '');
  const select = <K extends SelectFilter>(field: K, placeholder: string, options: { value: NonNullable<DeviceListState[K]>; label: string }[]) => (
    <Select
      className={`devices-show__${field}`}
      allowClear
      placeholder={placeholder}
      value={state[field]}
      onChange={(value) => update(changeFilters(state, { [field]: value }))}
      options={options}
    />
  );

  return (
    <Card variant="borderless" className="devices-show__filters">
      <StatusCountsBar counts={counts} selected={state.status} onSelect={(status) => update(changeFilters(state, { status }))} />
      <div className="devices-show__toolbar">
        <Input.Search
          className="devices-show__keyword"
          allowClear
          placeholder={t('device.keywordPlaceholder')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => update(changeFilters(state, { keyword: value.trim() || undefined }))}
        />
        {select(
          'status',
          t('device.statusFilter'),
          DEVICE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
        )}
        {select(
          'model',
          t('device.modelFilter'),
          DEVICE_TYPE_BASICS.map((type) => ({ value: type.id, label: type.name[language] })),
        )}
        {select(
          'expiry',
          t('device.expiryFilter'),
          EXPIRY_GROUPS.map((group) => ({ value: group, label: t(`device.expiry.${group}`) })),
        )}
        {select(
          'run_state',
          t('device.runStateFilter'),
          RUN_STATES.map((runState) => ({ value: runState, label: formatMessage(language, RUN_STATE_LABELS[runState]) })),
        )}
        <Space className="devices-show__buttons">
          <Button icon={<ReloadOutlined />} onClick={refresh} aria-label={t('device.refresh')} data-hint={t('device.refresh')} />
          <ExportButton
            disabled={total === 0}
            run={(report, signal) =>
              downloadFile(
                '/devices/export',
                { ...filterParams(state), sort: state.sort, order: state.order },
                'devices.xlsx',
                (progress) => report(streamedReport(progress, t)),
                signal,
              )
            }
          >
            {t('export.xlsx')}
          </ExportButton>
        </Space>
      </div>
    </Card>
  );
}
