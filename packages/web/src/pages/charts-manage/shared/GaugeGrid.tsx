import type { GaugeSetting } from '@cloudbox/domain';
import { Col, Empty, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import GaugeCard from './GaugeCard';

/** Gauges as cards, four to a row on a wide screen; the empty state when there are none. */
export default function GaugeGrid({
  gauges,
  actions,
  showType,
}: {
  gauges: GaugeSetting[] | undefined;
  actions: (gauge: GaugeSetting) => ReactNode[];
  showType?: boolean;
}) {
  const { t } = useTranslation();
  if (gauges?.length === 0) return <Empty description={t('chartSettings.gauges.none')} />;
  return (
    <Row gutter={[16, 16]}>
      {gauges?.map((gauge) => (
        <Col key={gauge.id} xs={24} sm={12} lg={8} xl={6}>
          <GaugeCard gauge={gauge} showType={showType} actions={actions(gauge)} />
        </Col>
      ))}
    </Row>
  );
}
