import type { RealtimeRegister } from '@cloudbox/domain';
import { useQuery } from '@tanstack/react-query';
import { arrivedRealtime, getRealtime } from '../../../api/devices';
import { useReadAheadStart } from '../../../utils/read-ahead-query';

/** The registers of a device with their names and units in the user's language (from the realtime call). */
export function useDeviceRegisters(boxId: string, controllerId: number | undefined) {
  const queryKey = ['devices', 'realtime', boxId, controllerId];
  const start = useReadAheadStart(queryKey, () => (controllerId === undefined ? undefined : arrivedRealtime(boxId, controllerId)));
  return useQuery({
    queryKey,
    queryFn: () => getRealtime(boxId, controllerId!),
    enabled: controllerId !== undefined && Number.isFinite(controllerId),
    select: (data) => ({ registers: data.registers, layout: data.layout }),
    ...start,
  });
}

/** Registers that make a curve: numbers, not codes, flags or text. */
export function isCurveRegister(register: Pick<RealtimeRegister, 'format' | 'min' | 'max'>): boolean {
  return register.format === 'number';
}

/** What a curve or table shows before the user chooses: the key values of the type (its gauges' registers, `useKeyRegisters`), else the first numbers. */
export function defaultRegisters(registers: readonly RealtimeRegister[], keyRegisters: readonly number[] | undefined, count = 4): number[] {
  const numbers = registers.filter(isCurveRegister).map((register) => register.number);
  const keys = keyRegisters?.filter((number) => numbers.includes(number)) ?? [];
  return [...new Set([...keys, ...numbers])].slice(0, Math.max(count, keys.length));
}
