import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { listDeviceTypes } from '../../../api/devices';

/** A controller model (device type) by its id, named in the reader's language. */
export default function ModelSelect(props: {
  value?: string;
  onChange?: (id?: string) => void;
  placeholder?: string;
  allowClear?: boolean;
  className: string;
}) {
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes, staleTime: 60_000 });
  return (
    <Select
      className={props.className}
      allowClear={props.allowClear}
      showSearch
      optionFilterProp="label"
      placeholder={props.placeholder}
      style={{ minWidth: 220 }}
      value={props.value}
      loading={types.isLoading}
      onChange={(id?: string) => props.onChange?.(id)}
      options={(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} (${type.id})` }))}
    />
  );
}
