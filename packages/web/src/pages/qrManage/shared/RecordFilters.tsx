import { DatePicker, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the record lists (pwd-list, bind-list) filter by, besides their own choice. */
export interface RecordFilter {
  user?: string;
  box_id?: string;
  range?: [Dayjs, Dayjs];
}

interface Props<Filter extends RecordFilter> {
  /** The page's class prefix: `<prefix>__user`, `<prefix>__box-id` name the searches for tests. */
  prefix: string;
  filter: Filter;
  update: (next: Filter) => void;
  /** The list's own filters and actions, after the common ones. */
  children: ReactNode;
}

/** The time range, user and box searches every /qrManage record list starts its toolbar with. */
export default function RecordFilters<Filter extends RecordFilter>({ prefix, filter, update, children }: Props<Filter>) {
  const { t } = useTranslation();
  const search = (field: 'user' | 'box_id', placeholder: string) => (
    <Input.Search
      className={`${prefix}__${field.replace('_', '-')}`}
      allowClear
      placeholder={placeholder}
      style={{ width: 180 }}
      onSearch={(value) => update({ ...filter, [field]: value.trim() || undefined })}
    />
  );
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <DatePicker.RangePicker
        showTime
        value={filter.range}
        onChange={(next) => update({ ...filter, range: next?.[0] && next[1] ? [next[0], next[1]] : undefined })}
      />
      {search('user', t('dynamicPasswords.filters.user'))}
      {search('box_id', t('dynamicPasswords.filters.box'))}
      {children}
    </Space>
  );
}
