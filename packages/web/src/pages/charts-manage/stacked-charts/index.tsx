import type { StackedChartSetting } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteStackedChart, listStackedCharts } from '../../../api/chartSettings';
import { useAppStore } from '../../../stores/app';
import ListToolbar, { useTypeFilter } from '../shared/ListToolbar';
import { useRemove } from '../shared/useRemove';
import '../shared/index.css';

/** Root's stacked charts of every device type (`/chartsManage/stacked-charts`): the register groups the curves page draws stacked. */
export default function StackedCharts() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [type, setType] = useTypeFilter();
  const charts = useQuery({ queryKey: ['chart-settings', 'stacked', type], queryFn: () => listStackedCharts(type) });
  const remove = useRemove();
  const columns: TableColumnsType<StackedChartSetting> = [
    { title: t('chartSettings.deviceType'), dataIndex: 'device_type_name', width: 180 },
    { title: t('chartSettings.name'), key: 'name', width: 180, render: (_: unknown, chart) => chart.name[language] },
    {
      title: t('chartSettings.registers'),
      key: 'registers',
      render: (_: unknown, chart) => chart.registers.map((register) => <Tag key={register.number}>{`#${register.number} ${register.name ?? ''}`}</Tag>),
    },
    { title: t('chartSettings.position'), dataIndex: 'position', width: 70, align: 'right' },
    {
      title: t('chartSettings.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, chart) => (
        <Space size={8}>
          <Link className="stacked-edit" to={`/chartsManage/add-stacked-chart?id=${chart.id}`}>
            {t('chartSettings.edit')}
          </Link>
          <Button type="link" size="small" danger className="stacked-delete" onClick={() => remove(chart.name[language], () => deleteStackedChart(chart.id))}>
            {t('chartSettings.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div className="app-page stacked-charts">
      <Card variant="borderless">
        <ListToolbar type={type} onType={setType} addPath="/chartsManage/add-stacked-chart" addLabel={t('chartSettings.stacked.add')} />
        <Table<StackedChartSetting>
          className="stacked-charts__table"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={charts.data}
          loading={charts.isFetching}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: t('chartSettings.stacked.none') }}
          onRow={(chart) => ({ 'data-stacked': chart.id }) as React.HTMLAttributes<HTMLElement>}
        />
      </Card>
    </div>
  );
}
