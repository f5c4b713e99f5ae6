import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getRunningHours } from '../../api/run-state';

/** "Today 3.5 h · 30 days 410.0 h" from the hourly rollups of the type's stop-state register; a dash when the type has no stop state. */
export default function RunningHours({ boxId, controllerId }: { boxId: string; controllerId: number }) {
  const { t } = useTranslation();
  const hours = useQuery({
    queryKey: ['devices', 'running-hours', boxId, controllerId],
    queryFn: () => getRunningHours(boxId, controllerId),
    refetchInterval: 5 * 60_000,
  });
  const data = hours.data;
  if (!data || data.today === null || data.last_30_days === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="device-header__running-hours" data-today={data.today} data-days={data.last_30_days}>
      {t('device.runningHoursValue', { today: data.today.toFixed(1), days: data.last_30_days.toFixed(1) })}
    </span>
  );
}
