import { ROLES, type AccountCompanyView, type Role } from '@cloudbox/domain';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Filters {
  ck?: string;
  role?: Role;
  keyword?: string;
}

/** The roles an account of a company may have: not root, nor the template's demo roles. */
const LISTED_ROLES = ROLES.filter((role) => !['root', 'admin', 'editor', 'visitor'].includes(role));

/**
 * The accounts screen's filters (root's company picker applies at once; role and keyword on Search,
 * so typing does not fire a query per key) and its New account button.
 */
export default function AccountToolbar(props: { isRoot: boolean; companies: readonly AccountCompanyView[]; onSearch(filters: Filters): void; onAdd(): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>({});
  return (
    <Space wrap className="accounts-toolbar">
      {props.isRoot && (
        <Select
          className="accounts-toolbar__company"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('accounts.allCompanies')}
          value={draft.ck}
          onChange={(ck?: string) => {
            setDraft({ ...draft, ck });
            props.onSearch({ ...draft, ck });
          }}
          options={props.companies.map((company) => ({ value: company.code, label: `${company.code} ${company.name}` }))}
        />
      )}
      <Select
        className="accounts-toolbar__role"
        allowClear
        placeholder={t('accounts.allRoles')}
        value={draft.role}
        onChange={(role?: Role) => setDraft({ ...draft, role })}
        options={LISTED_ROLES.map((role) => ({ value: role, label: t(`role.${role}`, { defaultValue: role }) }))}
      />
      <Input
        className="accounts-toolbar__keyword"
        allowClear
        placeholder={t('accounts.keyword')}
        value={draft.keyword}
        onChange={(event) => setDraft({ ...draft, keyword: event.target.value })}
        onPressEnter={() => props.onSearch(draft)}
      />
      <Button type="primary" className="accounts-toolbar__search" onClick={() => props.onSearch(draft)}>
        {t('accounts.search')}
      </Button>
      <Button className="accounts-toolbar__add" onClick={props.onAdd}>
        {t('accounts.add')}
      </Button>
    </Space>
  );
}
