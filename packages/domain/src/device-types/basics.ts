import type { DeviceKind, PAGE_TEMPLATES } from './device-type.js';
import type { LocalizedText } from './register.js';

/**
 * What lists, links and screens need of a built-in device type without its definition: its name,
 * kind, live page and register numbers. The type definitions (types/*.ts) start from these; apart
 * from them so that a screen that only names devices, links to their pages or asks for their
 * registers does without the catalog, which builds and checks every register with zod as it loads
 * (the console's device list and curves: BENCHMARKS.md, console).
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

/** Register numbers of the magnetic-levitation blower; 32-bit values take two words, hence the gaps. */
export const MAGLEV_BLOWER = {
  running: 1,
  ready: 2,
  remote: 3,
  fault: 4,
  alarm: 5,
  surgeProtection: 6,
  speed: 10,
  power: 11,
  current: 12,
  dcBusVoltage: 13,
  flow: 14,
  inletPressure: 15,
  outletPressure: 16,
  inletTemperature: 17,
  outletTemperature: 18,
  windingTemperature: 19,
  frontBearingTemperature: 20,
  rearBearingTemperature: 21,
  frontBearingX: 22,
  frontBearingY: 23,
  rearBearingX: 24,
  rearBearingY: 25,
  axialDisplacement: 26,
  vibration: 27,
  runHours: 28,
  faultCode: 30,
  hintCode: 31,
  softwareVersion: 33,
  surgeFlowAtZero: 35,
  surgeFlowSlope: 36,
  surgeMargin: 37,
  controlMode: 40,
  speedSetPoint: 41,
  pressureSetPoint: 42,
  startStop: 43,
  password: 44,
  lockState: 46,
  serviceDays: 47,
} as const;

export const AIR_COMPRESSOR_BASICS = {
  id: 'air_compressor',
  name: { zh: '螺杆空压机', en: 'Screw air compressor', es: 'Compresor de tornillo', ja: 'スクリューコンプレッサ' },
  kind: 'compressor',
  template: 'controller',
} as const satisfies DeviceTypeBasics;

/** Register numbers of the screw air compressor; 32-bit values take two words, hence the gaps. */
export const AIR_COMPRESSOR = {
  running: 1,
  loaded: 2,
  remote: 3,
  fault: 4,
  alarm: 5,
  dischargePressure: 10,
  dischargeTemperature: 11,
  oilTemperature: 12,
  motorCurrent: 13,
  supplyVoltage: 14,
  power: 15,
  runHours: 20,
  loadHours: 22,
  oilFilterRemaining: 24,
  airFilterRemaining: 25,
  separatorRemaining: 26,
  oilChangeRemaining: 27,
  faultCode: 30,
  alarmCode: 31,
  hintCode: 32,
  softwareVersion: 34,
  loadPressure: 40,
  unloadPressure: 41,
  startStop: 42,
  password: 43,
  lockState: 45,
  serviceDays: 46,
} as const;

export const GENERIC_PLC_BASICS = {
  id: 'generic_plc',
  name: { zh: '通用PLC', en: 'Generic PLC', es: 'PLC genérico', ja: '汎用PLC' },
  kind: 'plc',
  template: 'plcController',
} as const satisfies DeviceTypeBasics;

/** Register numbers of the generic PLC: coils Y0-Y15 share one word, inputs X0-X7 another. */
export const GENERIC_PLC = {
  firstCoil: 1,
  firstInput: 17,
  productionTarget: 30,
  temperatureOffset: 31,
  productionCount: 32,
  positionDeviation: 33,
  cycleTimeSetPoint: 34,
  currentStep: 35,
  speedReference: 36,
  alarmWord: 37,
  pressureInput: 40,
  temperatureInput: 41,
  hintCode: 42,
  password: 44,
  lockState: 46,
  serviceDays: 47,
} as const;

/** The built-in device types, in the catalog's order. */
export const DEVICE_TYPE_BASICS: readonly DeviceTypeBasics[] = [MAGLEV_BLOWER_BASICS, AIR_COMPRESSOR_BASICS, GENERIC_PLC_BASICS];

const byId = new Map(DEVICE_TYPE_BASICS.map((basics) => [basics.id, basics]));

export function getDeviceTypeBasics(id: string): DeviceTypeBasics | undefined {
  return byId.get(id);
}
