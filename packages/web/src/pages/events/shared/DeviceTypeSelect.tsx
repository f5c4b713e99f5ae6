import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDeviceTypes } from '../../../api/devices';

/** A device type by its id, named in the reader's language. */
export default function DeviceTypeSelect(props: {
  value?: string;
  onChange: (id?: string) => void;
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes, staleTime: 60_000 });
  return (
    <Select
      className={props.className ?? 'event-rule__type'}
      allowClear={props.allowClear}
      disabled={props.disabled}
      showSearch
      optionFilterProp="label"
      placeholder={t('eventRules.deviceType')}
      style={{ minWidth: 220 }}
      value={props.value}
      loading={types.isLoading}
      onChange={(id?: string) => props.onChange(id)}
      options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
    />
  );
}
