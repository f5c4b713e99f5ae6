import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDeviceTypes } from '../../../api/devices';

interface Props {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Offer "all types" (undefined) as well: the lists' filter. */
  allowAll?: boolean;
  className?: string;
}

/** A device type by its name in the user's language; the value is the type's id. */
export default function TypeSelect({ value, onChange, allowAll = false, className }: Props) {
  const { t } = useTranslation();
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes });
  return (
    <Select
      className={['chart-type-select', className].filter(Boolean).join(' ')}
      value={value}
      onChange={(next?: string) => onChange?.(next)}
      allowClear={allowAll}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={allowAll ? t('chartSettings.allTypes') : t('chartSettings.pickType')}
      loading={types.isFetching}
      style={{ minWidth: 220 }}
      options={types.data?.map((type) => ({ value: type.id, label: type.name }))}
    />
  );
}
