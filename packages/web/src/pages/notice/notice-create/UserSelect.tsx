import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAccounts } from '../../../api/accounts';

/** Users chosen by name, searched among every company's accounts as root types (the accounts list). */
export default function UserSelect({ value, onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['announcements', 'users', keyword],
    queryFn: () => listAccounts({ keyword: keyword || undefined, page: 1, page_size: 20 }),
    staleTime: 30_000,
  });
  const names = new Set([...(value ?? []), ...(found.data?.items.map((account) => account.username) ?? [])]);
  return (
    <Select
      className="notice-create__users"
      mode="multiple"
      value={value}
      onChange={onChange}
      placeholder={t('announcements.form.usersPlaceholder')}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      onBlur={() => setKeyword('')}
      options={[...names].map((name) => ({ value: name, label: name }))}
      style={{ maxWidth: 600 }}
    />
  );
}
