import type { TypeGauge } from '@cloudbox/domain';
import { Card, Col, Row } from 'antd';
import { useMemo } from 'react';
import Chart from '../../../components/charts/Chart';
import { GAUGE_PARTS, gaugeOption } from '../../../components/charts/gauge';
import { useTypeCharts } from '../../../components/charts/useTypeCharts';
import type { LiveRegister } from './useDeviceLive';

/** The device type's gauges (its chart settings): each on its scale, with its colour bands and title. */
export default function Gauges({ deviceType, registers }: { deviceType: string | undefined; registers: readonly LiveRegister[] }) {
  const gauges = useTypeCharts(deviceType).data?.gauges;
  const shown = useMemo(
    () =>
      (gauges ?? []).flatMap((gauge) => {
        const register = registers.find((candidate) => candidate.number === gauge.register);
        return register ? [{ gauge, register }] : [];
      }),
    [gauges, registers],
  );
  if (shown.length === 0) return null;
  return (
    <Row gutter={[12, 12]} className="device-gauges">
      {shown.map(({ gauge, register }) => (
        <Col key={gauge.id} xs={12} md={12} lg={24 / Math.min(4, shown.length)}>
          <Card variant="borderless" size="small" className="device-gauge" data-register={register.number} data-gauge={gauge.id}>
            <GaugeChart gauge={gauge} register={register} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function GaugeChart({ gauge, register }: { gauge: TypeGauge; register: LiveRegister }) {
  const option = useMemo(() => gaugeOption({ ...gauge, unit: register.unit }, register.value, register.display), [gauge, register]);
  return <Chart option={option} parts={GAUGE_PARTS} merge className="device-gauge__chart" label={gauge.title} />;
}
