import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, List, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listDeviceTypes } from '../../../api/devices';
import { listGauges, listStackedCharts, listStopStates } from '../../../api/chartSettings';
import { useAppStore } from '../../../stores/app';
import { describeCondition } from '../../charts-manage/shared/condition';
import GaugeGrid from '../../charts-manage/shared/GaugeGrid';
import TypeSelect from '../../charts-manage/shared/TypeSelect';
import { stopEditPath } from '../../charts-manage/shared/paths';
import '../../charts-manage/shared/index.css';

const withType = (path: string, type: string) => `${path}?device_type=${encodeURIComponent(type)}`;

/** A device type's charts together (`/device-type/chart`): its gauges, stacked charts and stop state, with links to edit them. */
export default function TypeChart() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const types = useQuery({ queryKey: ['device-types'], queryFn: listDeviceTypes });
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const type = picked ?? types.data?.[0]?.id;
  const enabled = type !== undefined;
  const gauges = useQuery({ queryKey: ['chart-settings', 'gauges', type], queryFn: () => listGauges(type), enabled });
  const stacked = useQuery({ queryKey: ['chart-settings', 'stacked', type], queryFn: () => listStackedCharts(type), enabled });
  const stops = useQuery({ queryKey: ['chart-settings', 'stops', type], queryFn: () => listStopStates(type), enabled });
  const stop = stops.data?.[0];
  const add = (path: string, label: string, className: string) =>
    type && (
      <Link to={withType(path, type)}>
        <Button size="small" icon={<PlusOutlined />} className={className}>
          {label}
        </Button>
      </Link>
    );

  return (
    <div className="app-page type-chart">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless">
          <TypeSelect value={type} onChange={setPicked} className="type-chart__type" />
        </Card>
        <Card
          variant="borderless"
          title={t('chartSettings.typeChart.gauges')}
          extra={add('/chartsManage/add-gauge-chart', t('chartSettings.gauges.add'), 'type-chart__add-gauge')}
          loading={gauges.isFetching}
        >
          <GaugeGrid
            gauges={gauges.data}
            showType={false}
            actions={(gauge) => [
              <Link key="edit" to={`/chartsManage/add-gauge-chart?id=${gauge.id}`}>
                {t('chartSettings.edit')}
              </Link>,
            ]}
          />
        </Card>
        <Card
          variant="borderless"
          title={t('chartSettings.typeChart.stacked')}
          extra={add('/chartsManage/add-stacked-chart', t('chartSettings.stacked.add'), 'type-chart__add-stacked')}
        >
          <List
            className="type-chart__stacked"
            loading={stacked.isFetching}
            dataSource={stacked.data ?? []}
            locale={{ emptyText: t('chartSettings.stacked.none') }}
            renderItem={(chart) => (
              <List.Item
                actions={[
                  <Link key="edit" to={`/chartsManage/add-stacked-chart?id=${chart.id}`}>
                    {t('chartSettings.edit')}
                  </Link>,
                ]}
              >
                <List.Item.Meta
                  title={chart.name[language]}
                  description={chart.registers.map((register) => (
                    <Tag key={register.number}>{`#${register.number} ${register.name ?? ''}`}</Tag>
                  ))}
                />
              </List.Item>
            )}
          />
        </Card>
        <Card
          variant="borderless"
          title={t('chartSettings.typeChart.stop')}
          extra={
            type && (
              <Link to={stopEditPath(type)} className="type-chart__edit-stop">
                {t(stop ? 'chartSettings.edit' : 'chartSettings.stop.set')}
              </Link>
            )
          }
          loading={stops.isFetching}
        >
          {stop ? (
            <Descriptions
              size="small"
              column={1}
              className="type-chart__stop"
              items={[
                { key: 'register', label: t('chartSettings.register'), children: `#${stop.register} ${stop.register_name ?? ''}` },
                { key: 'condition', label: t('chartSettings.condition'), children: describeCondition(t, stop.condition) },
                { key: 'note', label: t('chartSettings.note'), children: stop.note || '—' },
              ]}
            />
          ) : (
            <Empty description={t('chartSettings.stop.none')} />
          )}
        </Card>
      </Space>
    </div>
  );
}
