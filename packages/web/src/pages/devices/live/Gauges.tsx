import { Card, Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import Chart from '../../../components/charts/Chart';
import type { EChartsOption } from '../../../components/charts/echarts';
import { gaugeMax, gaugeMin, KEY_REGISTERS } from './gauges';
import type { LiveRegister } from './useDeviceLive';

function gaugeOption(register: LiveRegister, min: number, max: number): EChartsOption {
  return {
    series: [
      {
        type: 'gauge',
        min,
        max,
        radius: '92%',
        progress: { show: true, width: 10 },
        axisLine: { lineStyle: { width: 10 } },
        axisTick: { show: false },
        splitLine: { length: 8, lineStyle: { width: 1, color: '#999' } },
        splitNumber: 5,
        axisLabel: {
          distance: 14,
          fontSize: 10,
          color: '#8c8c8c',
          formatter: (value: number) => (Math.abs(value) >= 1000 ? `${value / 1000}k` : String(value)),
        },
        pointer: { width: 4, length: '60%' },
        anchor: { show: true, size: 10, itemStyle: { borderWidth: 2 } },
        title: { offsetCenter: [0, '88%'], fontSize: 12, color: '#595959' },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '62%'],
          fontSize: 15,
          fontWeight: 600,
          formatter: () => `${register.display ?? '—'} ${register.unit}`.trim(),
        },
        data: [{ value: register.value ?? 0, name: register.name }],
      },
    ],
  };
}

/** The device type's key values as gauges; scales grow with the values and never jump back. */
export default function Gauges({ deviceType, registers }: { deviceType: string | undefined; registers: readonly LiveRegister[] }) {
  const shown = useMemo(
    () =>
      (deviceType ? (KEY_REGISTERS[deviceType] ?? []) : [])
        .map((number) => registers.find((register) => register.number === number))
        .filter((register): register is LiveRegister => register !== undefined),
    [deviceType, registers],
  );
  if (shown.length === 0) return null;
  return (
    <Row gutter={[12, 12]} className="device-gauges">
      {shown.map((register) => (
        <Col key={register.number} xs={12} md={12} lg={24 / Math.min(4, shown.length)}>
          <Card variant="borderless" size="small" className="device-gauge" data-register={register.number}>
            <GaugeChart register={register} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function GaugeChart({ register }: { register: LiveRegister }) {
  const [max, setMax] = useState(() => gaugeMax(register.value, register.definition?.max));
  const wanted = gaugeMax(register.value, register.definition?.max, max);
  if (wanted !== max) setMax(wanted);
  const min = gaugeMin(register.value, register.definition?.min, max);
  const option = useMemo(() => gaugeOption(register, min, max), [register, min, max]);
  return <Chart option={option} merge className="device-gauge__chart" label={register.name} />;
}
