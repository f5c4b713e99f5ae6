import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useViewQuery } from '../../../router/view-query';
import TypeSelect from './TypeSelect';

/** The type shown by a list: `?device_type=` at first, then the user's choice (undefined: every type). */
export function useTypeFilter() {
  const asked = useViewQuery().get('device_type') ?? undefined;
  return useState<string | undefined>(asked);
}

/** A settings list's toolbar: the type filter and the add button (its page opens on the chosen type). */
export default function ListToolbar({
  type,
  onType,
  addPath,
  addLabel,
}: {
  type: string | undefined;
  onType: (type: string | undefined) => void;
  addPath: string;
  addLabel: string;
}) {
  return (
    <div className="chart-settings__toolbar">
      <TypeSelect allowAll value={type} onChange={onType} />
      <Link to={type ? `${addPath}?device_type=${encodeURIComponent(type)}` : addPath}>
        <Button type="primary" icon={<PlusOutlined />} className="chart-settings__add">
          {addLabel}
        </Button>
      </Link>
    </div>
  );
}
