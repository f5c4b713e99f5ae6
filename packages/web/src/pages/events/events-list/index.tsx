import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import DeviceTypeSelect from '../shared/DeviceTypeSelect';
import RuleTable, { type RuleFilter } from '../shared/RuleTable';
import SeveritySelect from '../shared/SeveritySelect';

/** Every event rule of every device type (root): filtered by type, state and severity; enabled, edited or deleted in place. */
export default function EventsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<RuleFilter>({});
  return (
    <div className="app-page events-list">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <DeviceTypeSelect allowClear value={filter.device_type} onChange={(device_type) => setFilter({ ...filter, device_type })} />
          <Select
            className="event-rule__state"
            allowClear
            placeholder={t('eventRules.state')}
            style={{ width: 120 }}
            value={filter.enabled === undefined ? undefined : String(filter.enabled)}
            onChange={(enabled?: string) => setFilter({ ...filter, enabled: enabled === undefined ? undefined : enabled === 'true' })}
            options={[
              { value: 'true', label: t('eventRules.on') },
              { value: 'false', label: t('eventRules.off') },
            ]}
          />
          <SeveritySelect allowClear value={filter.severity} onChange={(severity) => setFilter({ ...filter, severity })} />
          <Button type="primary" icon={<PlusOutlined />} className="event-rule__add" onClick={() => void navigate('/events/events-add')}>
            {t('eventRules.add')}
          </Button>
        </Space>
        <RuleTable key={JSON.stringify(filter)} filter={filter} showType />
      </Card>
    </div>
  );
}
