import { SearchOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '../../stores/permission';
import { buildSearchPool, createSearchIndex } from './search-pool';
import './index.css';

/**
 * Fuzzy search over the pages the user may open. The index is built when the search opens, not with
 * the header on every page load; it follows the language (`t` changes with it).
 */
export default function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <div className={`header-search${open ? ' header-search--open' : ''}`}>
      <Button type="text" icon={<SearchOutlined />} aria-label={t('navbar.search')} onClick={() => setOpen(!open)} />
      {open && <SearchBox onClose={() => setOpen(false)} />}
    </div>
  );
}

function SearchBox({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routes = usePermissionStore((state) => state.routes);
  const index = useMemo(() => createSearchIndex(buildSearchPool(routes, t)), [routes, t]);
  const [query, setQuery] = useState('');
  const options = useMemo(() => (query ? index.search(query).map(({ item }) => ({ value: item.path, label: item.title.join(' > ') })) : []), [index, query]);

  return (
    <Select
      className="header-search__select"
      autoFocus
      defaultOpen
      value={null}
      placeholder={t('navbar.search')}
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      options={options}
      notFoundContent={null}
      suffixIcon={null}
      onBlur={onClose}
      onChange={(path: string) => {
        onClose();
        void navigate(path);
      }}
    />
  );
}
