import {
  findRegister,
  formatRegisterValue,
  getDeviceType,
  type DeviceRealtime,
  type DeviceState,
  type RealtimeRegister,
  type Register,
} from '@cloudbox/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getDeviceFaults, getRealtime } from '../../../api/devices';
import { useDeviceDetail } from '../../../components/DeviceHeader';
import { currentLanguage } from '../../../i18n';
import { useRealtimeEvents, useWatchedBoxes } from '../../../realtime/hooks';
import { liveState, type ConnectionEvent } from './live-status';

export interface LiveRegister extends RealtimeRegister {
  /** The catalog's register (built-in device types): formatting, limits and on/off switches. */
  definition: Register | undefined;
  onOff: boolean;
}

interface LiveValues {
  ts: number | null;
  values: Record<string, number>;
}

export function displayValue(
  register: Pick<RealtimeRegister, 'value' | 'display' | 'decimals' | 'choices'> & { definition?: Register },
  value: number | null,
): string | null {
  if (value === null) return null;
  if (register.definition) return formatRegisterValue(value, register.definition, currentLanguage());
  const choice = register.choices?.find((candidate) => candidate.value === value);
  return choice ? choice.label : value.toFixed(register.decimals);
}

/** The registers with the newest values: the realtime answer, overridden by newer live events. */
function liveRegisters(data: DeviceRealtime | undefined, live: LiveValues, deviceTypeId: string | undefined): LiveRegister[] {
  if (!data) return [];
  const newer = live.ts !== null && (data.ts === null || live.ts >= data.ts);
  const deviceType = deviceTypeId ? getDeviceType(deviceTypeId) : undefined;
  return data.registers.map((register) => {
    const definition = deviceType ? findRegister(deviceType, register.number) : undefined;
    const liveValue = newer ? live.values[String(register.number)] : undefined;
    const value = liveValue ?? register.value;
    const view = { ...register, definition, onOff: Boolean(definition?.onOff) };
    return { ...view, value, display: liveValue === undefined ? register.display : displayValue(view, value) };
  });
}

/**
 * A device's live state: the newest values (the realtime call, then WebSocket `values` events for
 * this box), its status as events change it, and its active fault records.
 */
export function useDeviceLive(boxId: string, controllerId: number) {
  const queryClient = useQueryClient();
  const detail = useDeviceDetail(boxId);
  const controller = detail.data?.controllers.find((candidate) => candidate.controller_id === controllerId);
  const realtimeKey = ['devices', 'realtime', boxId, controllerId] as const;
  const faultsKey = ['devices', 'faults', boxId, controllerId, 'active'] as const;
  const realtime = useQuery({ queryKey: realtimeKey, queryFn: () => getRealtime(boxId, controllerId), refetchInterval: 60_000 });
  const faults = useQuery({ queryKey: faultsKey, queryFn: () => getDeviceFaults(boxId, controllerId, { active: true, page_size: 50 }) });
  const [live, setLive] = useState<LiveValues>({ ts: null, values: {} });
  const [connection, setConnection] = useState<ConnectionEvent | undefined>(undefined);

  useWatchedBoxes([boxId]);
  useRealtimeEvents((event) => {
    if (!('box_id' in event) || event.box_id !== boxId) return;
    if (event.type === 'values' && event.controller_id === controllerId) {
      setLive((previous) => (previous.ts !== null && event.ts < previous.ts ? previous : { ts: event.ts, values: { ...previous.values, ...event.values } }));
    } else if (event.type === 'status') {
      setConnection({ online: event.online, at: event.at });
    } else if (event.type === 'fault' && event.controller_id === controllerId) {
      void queryClient.invalidateQueries({ queryKey: faultsKey });
      void queryClient.invalidateQueries({ queryKey: ['devices', 'detail', boxId] });
    }
  });

  const data: DeviceRealtime | undefined = realtime.data;
  const registers = liveRegisters(data, live, controller?.device_type);

  const status: DeviceState | undefined = controller && detail.data ? liveState(detail.data, connection, faults.data?.items, controller.status) : data?.status;
  const ts = Math.max(live.ts ?? 0, data?.ts ?? 0) || null;

  return { detail, controller, realtime, registers, layout: data?.layout ?? [], unlock: data?.unlock ?? null, status, ts, faults };
}
