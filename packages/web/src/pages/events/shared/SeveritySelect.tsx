import { FAULT_SEVERITIES, FAULT_SEVERITY_LABELS, formatMessage, type FaultSeverity } from '@cloudbox/domain';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';

/** Alert or fault, in the reader's language. */
export default function SeveritySelect(props: { value?: FaultSeverity; onChange?: (severity?: FaultSeverity) => void; allowClear?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Select
      className="event-rule__severity"
      allowClear={props.allowClear}
      placeholder={t('eventRules.severity')}
      style={{ width: 130 }}
      value={props.value}
      onChange={(severity?: FaultSeverity) => props.onChange?.(severity)}
      options={FAULT_SEVERITIES.map((severity) => ({ value: severity, label: formatMessage(language, FAULT_SEVERITY_LABELS[severity]) }))}
    />
  );
}

/** A severity as the tables show it: red for a fault, orange for an alert. */
export function SeverityTag({ severity }: { severity: FaultSeverity }) {
  return <Tag color={severity === 'fault' ? 'red' : 'orange'}>{formatMessage(currentLanguage(), FAULT_SEVERITY_LABELS[severity])}</Tag>;
}
