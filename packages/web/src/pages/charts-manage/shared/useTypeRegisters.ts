import type { ChartRegisterOption } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { listChartRegisters } from '../../../api/chartSettings';

/** A type's registers as a form offers them (`keep` picks those the setting may use), labelled "#number name (unit)". */
export function useTypeRegisters(deviceType: string | undefined, keep: (register: ChartRegisterOption) => boolean) {
  const registers = useQuery({
    queryKey: ['chart-settings', 'registers', deviceType],
    queryFn: () => listChartRegisters(deviceType!),
    enabled: deviceType !== undefined,
  });
  const kept = registers.data?.filter(keep) ?? [];
  return {
    registers: kept,
    loading: registers.isFetching,
    options: kept.map((register) => ({ value: register.number, label: `#${register.number} ${register.name}${register.unit ? ` (${register.unit})` : ''}` })),
  };
}

export const isNumeric = (register: ChartRegisterOption) => register.format === 'number';
