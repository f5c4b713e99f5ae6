import { FAULT_SEVERITIES, FAULT_SEVERITY_LABELS, FAULT_STATE_LABELS, formatMessage, type FaultSeverity } from '@cloudbox/domain';
import { DatePicker, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';
import { fromWallClock } from '../../../components/charts/zone';
import type { QueryParams } from '../../../utils/request';

export interface FaultFilterState {
  severity?: FaultSeverity;
  active?: boolean;
  range?: [Dayjs, Dayjs];
}

/** The query of the filters; with a zone, the range is read on that zone's clock (one device's CK). */
export function faultParams(filters: FaultFilterState, zone?: string): QueryParams {
  const instant = (value: Dayjs) => (zone ? fromWallClock(value, zone) : value.valueOf());
  return {
    severity: filters.severity,
    active: filters.active === undefined ? undefined : String(filters.active),
    from: filters.range && instant(filters.range[0]),
    to: filters.range && instant(filters.range[1]),
  };
}

/** Severity, state and time range of fault records. */
export default function FaultFilters({ value, onChange }: { value: FaultFilterState; onChange: (next: FaultFilterState) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      <Select
        className="fault-filter__severity"
        allowClear
        placeholder={t('faults.severity')}
        value={value.severity}
        onChange={(severity?: FaultSeverity) => onChange({ ...value, severity })}
        options={FAULT_SEVERITIES.map((severity) => ({ value: severity, label: formatMessage(language, FAULT_SEVERITY_LABELS[severity]) }))}
        style={{ width: 130 }}
      />
      <Select
        className="fault-filter__state"
        allowClear
        placeholder={t('faults.state')}
        value={value.active === undefined ? undefined : String(value.active)}
        onChange={(active?: string) => onChange({ ...value, active: active === undefined ? undefined : active === 'true' })}
        options={[
          { value: 'true', label: formatMessage(language, FAULT_STATE_LABELS.active) },
          { value: 'false', label: formatMessage(language, FAULT_STATE_LABELS.ended) },
        ]}
        style={{ width: 130 }}
      />
      <DatePicker.RangePicker
        showTime
        value={value.range}
        onChange={(range) => onChange({ ...value, range: range?.[0] && range[1] ? [range[0], range[1]] : undefined })}
      />
    </>
  );
}
