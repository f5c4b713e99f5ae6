import type { StopStateSetting } from '@cloudbox/domain';
import { formatDateTime } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteStopState, listStopStates } from '../../../api/chartSettings';
import { describeCondition } from '../shared/condition';
import { stopEditPath } from '../shared/paths';
import ListToolbar, { useTypeFilter } from '../shared/ListToolbar';
import { useRemove } from '../shared/useRemove';
import '../shared/index.css';

/** Root's stop states (`/chartsManage/stop-status`): per device type, which register values mean its machine is stopped. */
export default function StopStatus() {
  const { t } = useTranslation();
  const [type, setType] = useTypeFilter();
  const stops = useQuery({ queryKey: ['chart-settings', 'stops', type], queryFn: () => listStopStates(type) });
  const remove = useRemove();
  const columns: TableColumnsType<StopStateSetting> = [
    { title: t('chartSettings.deviceType'), dataIndex: 'device_type_name', width: 180 },
    { title: t('chartSettings.register'), key: 'register', width: 200, render: (_: unknown, stop) => `#${stop.register} ${stop.register_name ?? ''}` },
    { title: t('chartSettings.condition'), key: 'condition', width: 200, render: (_: unknown, stop) => describeCondition(t, stop.condition) },
    { title: t('chartSettings.note'), dataIndex: 'note', ellipsis: true },
    { title: t('chartSettings.updatedAt'), dataIndex: 'updated_at', width: 160, render: (time: string) => formatDateTime(new Date(time)) },
    {
      title: t('chartSettings.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, stop) => (
        <Space size={8}>
          <Link className="stop-edit" to={stopEditPath(stop.device_type)}>
            {t('chartSettings.edit')}
          </Link>
          <Button
            type="link"
            size="small"
            danger
            className="stop-delete"
            onClick={() => remove(stop.device_type_name, () => deleteStopState(stop.device_type))}
          >
            {t('chartSettings.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div className="app-page stop-status">
      <Card variant="borderless">
        <ListToolbar type={type} onType={setType} addPath="/chartsManage/add-stop-status" addLabel={t('chartSettings.stop.set')} />
        <Table<StopStateSetting>
          className="stop-status__table"
          rowKey="device_type"
          size="small"
          columns={columns}
          dataSource={stops.data}
          loading={stops.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('chartSettings.stop.none') }}
          onRow={(stop) => ({ 'data-type': stop.device_type }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
    </div>
  );
}
