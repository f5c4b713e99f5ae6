import type { DeviceKind, PAGE_TEMPLATES } from './device-type.js';
import type { LocalizedText } from './register.js';

/**
 * What lists and links need of a built-in device type: its name, kind and live page. The type
 * definitions (types/*.ts) start from these; apart from them so that a screen that only names
 * devices or links to their pages does without the catalog, which builds and checks every
 * register with zod as it loads (the console's device list: BENCHMARKS.md, console).
 */
export interface DeviceTypeBasics {
  id: string;
  name: LocalizedText;
  kind: DeviceKind;
  template: (typeof PAGE_TEMPLATES)[number];
}

export const MAGLEV_BLOWER_BASICS = {
  id: 'maglev_blower',
  name: { zh: '磁悬浮鼓风机', en: 'Magnetic-levitation blower', es: 'Soplante de levitación magnética', ja: '磁気浮上ブロワ' },
  kind: 'maglev',
  template: 'maglev-controller',
} as const satisfies DeviceTypeBasics;

export const AIR_COMPRESSOR_BASICS = {
  id: 'air_compressor',
  name: { zh: '螺杆空压机', en: 'Screw air compressor', es: 'Compresor de tornillo', ja: 'スクリューコンプレッサ' },
  kind: 'compressor',
  template: 'controller',
} as const satisfies DeviceTypeBasics;

export const GENERIC_PLC_BASICS = {
  id: 'generic_plc',
  name: { zh: '通用PLC', en: 'Generic PLC', es: 'PLC genérico', ja: '汎用PLC' },
  kind: 'plc',
  template: 'plcController',
} as const satisfies DeviceTypeBasics;

/** The built-in device types, in the catalog's order. */
export const DEVICE_TYPE_BASICS: readonly DeviceTypeBasics[] = [MAGLEV_BLOWER_BASICS, AIR_COMPRESSOR_BASICS, GENERIC_PLC_BASICS];

const byId = new Map(DEVICE_TYPE_BASICS.map((basics) => [basics.id, basics]));

export function getDeviceTypeBasics(id: string): DeviceTypeBasics | undefined {
  return byId.get(id);
}
