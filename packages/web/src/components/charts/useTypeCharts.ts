import { useQuery } from '@tanstack/react-query';
import { arrivedTypeCharts, getTypeCharts } from '../../api/chartSettings';
import { useReadAheadStart } from '../../utils/read-ahead-query';

/** A device type's chart settings (gauges, stacked charts, stop state), as its pages draw them. */
export function useTypeCharts(deviceType: string | undefined) {
  const queryKey = ['type-charts', deviceType];
  const start = useReadAheadStart(queryKey, () => (deviceType ? arrivedTypeCharts(deviceType) : undefined));
  return useQuery({
    queryKey,
    queryFn: () => getTypeCharts(deviceType!),
    enabled: deviceType !== undefined && deviceType !== '',
    ...start,
    // Longer than a read ahead's: the type's charts change rarely.
    staleTime: 60_000,
  });
}

/** The type's key registers: those of its gauges, in their order. */
export function useKeyRegisters(deviceType: string | undefined): readonly number[] | undefined {
  return useTypeCharts(deviceType).data?.gauges.map((gauge) => gauge.register);
}
