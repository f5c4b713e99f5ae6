import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDeviceTypes } from '../../../api/devices';
import DeviceTypeSelect from '../../events/shared/DeviceTypeSelect';
import RuleTable from '../../events/shared/RuleTable';

/** One device type's event rules (root): pick the type, then the same rows and actions as the rule list. */
export default function TypeEvents() {
  const { t } = useTranslation();
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes, staleTime: 60_000 });
  const [picked, setPicked] = useState<string | undefined>();
  const type = picked ?? types.data?.[0]?.id;
  return (
    <div className="app-page type-events">
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <Typography.Text>{t('eventRules.deviceType')}</Typography.Text>
          <DeviceTypeSelect value={type} onChange={setPicked} />
        </Space>
        {type && <RuleTable key={type} filter={{ device_type: type }} showType={false} />}
      </Card>
    </div>
  );
}
