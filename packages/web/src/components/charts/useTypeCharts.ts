import { useQuery } from '@tanstack/react-query';
import { getTypeCharts } from '../../api/chartSettings';

/** A device type's chart settings (gauges, stacked charts, stop state), as its pages draw them. */
export function useTypeCharts(deviceType: string | undefined) {
  return useQuery({
    queryKey: ['type-charts', deviceType],
    queryFn: () => getTypeCharts(deviceType!),
    enabled: deviceType !== undefined && deviceType !== '',
    staleTime: 60_000,
  });
}

/** The type's key registers: those of its gauges, in their order. */
export function useKeyRegisters(deviceType: string | undefined): readonly number[] | undefined {
  return useTypeCharts(deviceType).data?.gauges.map((gauge) => gauge.register);
}
