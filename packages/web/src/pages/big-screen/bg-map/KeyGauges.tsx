import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getRealtime } from '../../../api/devices';
import Chart from '../../../components/charts/Chart';
import { GAUGE_PARTS, gaugeOption } from '../../../components/charts/gauge';
import { useTypeCharts } from '../../../components/charts/useTypeCharts';

const REFRESH_MS = 10_000;

interface Props {
  boxId: string;
  controllerId: number;
  deviceType: string;
  /** The wall's tab is shown: only then are the values refreshed. */
  active: boolean;
}

/** A controller's key values on the wall: its type's gauges (chart settings), refreshed while the wall is shown. */
export default function KeyGauges({ boxId, controllerId, deviceType, active }: Props) {
  const gauges = useTypeCharts(deviceType).data?.gauges;
  const realtime = useQuery({
    queryKey: ['devices', 'realtime', boxId, controllerId],
    queryFn: () => getRealtime(boxId, controllerId),
    enabled: active && (gauges?.length ?? 0) > 0,
    refetchInterval: active ? REFRESH_MS : false,
  });
  const options = useMemo(
    () =>
      (gauges ?? []).map((gauge) => {
        const register = realtime.data?.registers.find((candidate) => candidate.number === gauge.register);
        return {
          id: gauge.id,
          title: gauge.title,
          option: gaugeOption(gauge, register?.value ?? null, register?.display ?? null, { dark: true, compact: true }),
        };
      }),
    [gauges, realtime.data],
  );
  if (options.length === 0) return null;
  return (
    <div className="wall-gauges" data-controller={controllerId}>
      {options.map(({ id, title, option }) => (
        <figure key={id} className="wall-gauges__gauge">
          <Chart option={option} parts={GAUGE_PARTS} merge className="wall-gauges__chart" label={title} />
          <figcaption className="wall-gauges__title" title={title}>
            {title}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
