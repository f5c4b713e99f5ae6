import { useQuery } from '@tanstack/react-query';
import { Button, Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deleteGauge, listGauges } from '../../../api/chartSettings';
import { useAppStore } from '../../../stores/app';
import { gaugeTitleOf } from '../shared/GaugeCard';
import GaugeGrid from '../shared/GaugeGrid';
import ListToolbar, { useTypeFilter } from '../shared/ListToolbar';
import { useRemove } from '../shared/useRemove';
import '../shared/index.css';

/** Root's gauges of every device type (`/chartsManage/gauge-charts`), each previewed as the live page draws it. */
export default function GaugeCharts() {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const [type, setType] = useTypeFilter();
  const gauges = useQuery({ queryKey: ['chart-settings', 'gauges', type], queryFn: () => listGauges(type) });
  const remove = useRemove();
  return (
    <div className="app-page gauge-charts">
      <Card variant="borderless">
        <ListToolbar type={type} onType={setType} addPath="/chartsManage/add-gauge-chart" addLabel={t('chartSettings.gauges.add')} />
        <Spin spinning={gauges.isFetching}>
          <GaugeGrid
            gauges={gauges.data}
            actions={(gauge) => [
              <Link key="edit" className="gauge-edit" to={`/chartsManage/add-gauge-chart?id=${gauge.id}`}>
                {t('chartSettings.edit')}
              </Link>,
              <Button
                key="delete"
                type="link"
                size="small"
                danger
                className="gauge-delete"
                onClick={() => remove(gaugeTitleOf(gauge, language), () => deleteGauge(gauge.id))}
              >
                {t('chartSettings.delete')}
              </Button>,
            ]}
          />
        </Spin>
      </Card>
    </div>
  );
}
