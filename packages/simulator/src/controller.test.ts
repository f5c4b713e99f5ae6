import {
  AIR_COMPRESSOR,
  decodeRegister,
  encodeRegister,
  findRegister,
  GENERIC_PLC,
  getDeviceType,
  MAGLEV_BLOWER,
  MAGLEV_LIMITS,
  type DeviceType,
} from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { VirtualController } from './controller.js';
import { dataPayload } from './payload.js';

const START = Date.UTC(2025, 0, 15, 6, 0, 0);
const STEP_MS = 10_000;

function controllerOf(deviceTypeId: string, key = 1, faultRate = 0): VirtualController {
  return new VirtualController(1, getDeviceType(deviceTypeId)!, key, faultRate);
}

/** Engineering values of one register over `samples` samples, 10 s apart, as the server would decode them. */
function run(controller: VirtualController, samples: number, from = 0): Map<number, number>[] {
  const deviceType = controller.deviceType;
  return Array.from({ length: samples }, (_, index) => {
    controller.sample(START + (from + index) * STEP_MS);
    return new Map(deviceType.registers.map((register, slot) => [register.number, decoded(deviceType, register.number, controller.rawAt(slot))]));
  });
}

function decoded(deviceType: DeviceType, number: number, raw: number): number {
  const result = decodeRegister(raw, findRegister(deviceType, number)!);
  if (!result.ok) throw new Error(`register ${number} sent ${raw}: ${result.error}`);
  return result.value;
}

function write(controller: VirtualController, number: number, value: string) {
  const encoded = encodeRegister(value, findRegister(controller.deviceType, number)!);
  if (!encoded.ok) throw new Error(`${value} does not encode: ${encoded.error}`);
  return controller.write(number, encoded.raw);
}

describe('a maglev blower', () => {
  it('ramps to a new speed set point gradually, with flow and power following speed and temperatures lagging', () => {
    const blower = controllerOf('maglev_blower');
    const [before] = run(blower, 1);
    expect(write(blower, MAGLEV_BLOWER.controlMode, '0')).toMatchObject({ ok: true });
    expect(write(blower, MAGLEV_BLOWER.speedSetPoint, '12000')).toEqual({ ok: true, value: 12000 });
    const after = run(blower, 200, 1);
    const speeds = after.map((sample) => sample.get(MAGLEV_BLOWER.speed)!);
    const steps = speeds.map((speed, index) => Math.abs(speed - (index === 0 ? before!.get(MAGLEV_BLOWER.speed)! : speeds[index - 1]!)));
    expect(Math.max(...steps)).toBeLessThanOrEqual(1000 + 30);
    expect(speeds[0]!).toBeGreaterThan(12_500);
    expect(speeds.at(-1)!).toBeCloseTo(12000, -2);
    const settled = after.at(-1)!;
    expect(settled.get(MAGLEV_BLOWER.speedSetPoint)).toBe(12000);
    expect(settled.get(MAGLEV_BLOWER.power)!).toBeLessThan(before!.get(MAGLEV_BLOWER.power)! * 0.5);
    expect(settled.get(MAGLEV_BLOWER.flow)!).toBeLessThan(before!.get(MAGLEV_BLOWER.flow)! * 0.7);
    const windingDrop = before!.get(MAGLEV_BLOWER.windingTemperature)! - settled.get(MAGLEV_BLOWER.windingTemperature)!;
    const firstDrop = before!.get(MAGLEV_BLOWER.windingTemperature)! - after[0]!.get(MAGLEV_BLOWER.windingTemperature)!;
    expect(windingDrop).toBeGreaterThan(10);
    expect(firstDrop).toBeLessThan(windingDrop * 0.2);
  });

  it('holds its pressure set point in constant-pressure mode, speeding up as the plant’s demand grows', () => {
    const blower = controllerOf('maglev_blower', 3);
    const night = run(blower, 1, -6 * 360)[0]!;
    const afternoon = run(controllerOf('maglev_blower', 3), 1, 3 * 360)[0]!;
    for (const sample of [night, afternoon]) {
      expect(sample.get(MAGLEV_BLOWER.outletPressure)!).toBeCloseTo(sample.get(MAGLEV_BLOWER.pressureSetPoint)!, -1);
    }
    expect(afternoon.get(MAGLEV_BLOWER.speed)!).toBeGreaterThan(night.get(MAGLEV_BLOWER.speed)!);
    expect(afternoon.get(MAGLEV_BLOWER.flow)!).toBeGreaterThan(night.get(MAGLEV_BLOWER.flow)!);
  });

  it('goes through injected bearing creeps over the alert limit and fault trips that clear again', () => {
    let creeps = 0;
    let trips = 0;
    for (let key = 1; key <= 12; key += 1) {
      const samples = run(controllerOf('maglev_blower', key, 1), 240);
      const bearing = samples.map((sample) => sample.get(MAGLEV_BLOWER.frontBearingTemperature)!);
      const faults = samples.map((sample) => sample.get(MAGLEV_BLOWER.faultCode)!);
      if (Math.max(...bearing) > MAGLEV_LIMITS.bearingTemperature) {
        creeps += 1;
        const hot = bearing.findIndex((value) => value > MAGLEV_LIMITS.bearingTemperature);
        expect(samples[hot]!.get(MAGLEV_BLOWER.alarm)).toBe(1);
        expect(bearing.slice(hot).some((value) => value < MAGLEV_LIMITS.bearingTemperature - 5)).toBe(true);
      }
      const tripped = faults.findIndex((code) => code !== 0);
      if (tripped >= 0) {
        trips += 1;
        expect(samples[tripped]!.get(MAGLEV_BLOWER.fault)).toBe(1);
        expect(faults.slice(tripped).some((code) => code === 0)).toBe(true);
      }
    }
    expect(creeps).toBeGreaterThan(0);
    expect(trips).toBeGreaterThan(0);
  });

  it('shows a six-digit hint code that stays until a password is taken (lock.test.ts)', () => {
    const codes = run(controllerOf('maglev_blower'), 60).map((sample) => sample.get(MAGLEV_BLOWER.hintCode)!);
    for (const code of codes) expect(String(code)).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBe(1);
  });
});

describe('a screw compressor', () => {
  it('loads and unloads between its pressure set points, drawing less current unloaded', () => {
    const compressor = controllerOf('air_compressor', 5);
    const samples = run(compressor, 300);
    const load = samples[0]!.get(AIR_COMPRESSOR.loadPressure)!;
    const unload = samples[0]!.get(AIR_COMPRESSOR.unloadPressure)!;
    for (const sample of samples) {
      expect(sample.get(AIR_COMPRESSOR.dischargePressure)!).toBeGreaterThanOrEqual(load - 0.04);
      expect(sample.get(AIR_COMPRESSOR.dischargePressure)!).toBeLessThanOrEqual(unload + 0.04);
    }
    const loaded = samples.filter((sample) => sample.get(AIR_COMPRESSOR.loaded) === 1);
    const unloaded = samples.filter((sample) => sample.get(AIR_COMPRESSOR.loaded) === 0);
    expect(loaded.length).toBeGreaterThan(10);
    expect(unloaded.length).toBeGreaterThan(10);
    expect(loaded[0]!.get(AIR_COMPRESSOR.motorCurrent)!).toBeGreaterThan(unloaded[0]!.get(AIR_COMPRESSOR.motorCurrent)! * 2);
    expect(samples.at(-1)!.get(AIR_COMPRESSOR.runHours)!).toBeGreaterThanOrEqual(samples[0]!.get(AIR_COMPRESSOR.loadHours)!);
  });

  it('refuses a load pressure that is not below the unload pressure', () => {
    const compressor = controllerOf('air_compressor', 5);
    run(compressor, 1);
    expect(write(compressor, AIR_COMPRESSOR.unloadPressure, '0.90')).toMatchObject({ ok: true });
    expect(write(compressor, AIR_COMPRESSOR.loadPressure, '0.88')).toEqual({ ok: false, error: 'out_of_range' });
    expect(write(compressor, AIR_COMPRESSOR.loadPressure, '0.75')).toEqual({ ok: true, value: 75 });
  });
});

describe('a generic PLC', () => {
  it('switches one coil of the coil word and leaves the others as they were', () => {
    const plc = controllerOf('generic_plc', 9);
    const coilSlot = plc.deviceType.registers.findIndex((register) => register.number === GENERIC_PLC.firstCoil);
    run(plc, 1);
    const before = plc.rawAt(coilSlot);
    const coil = GENERIC_PLC.firstCoil + 5;
    const next = before & (1 << 5) ? '0' : '1';
    const written = write(plc, coil, next);
    expect(written).toEqual({ ok: true, value: (before ^ (1 << 5)) >>> 0 });
    const [sample] = run(plc, 1, 1);
    expect(sample!.get(coil)).toBe(Number(next));
    for (let bit = 0; bit < 16; bit += 1) {
      if (bit !== 5) expect(sample!.get(GENERIC_PLC.firstCoil + bit)).toBe((before >>> bit) & 1);
    }
    expect(plc.rawAt(coilSlot + 15)).toBe(plc.rawAt(coilSlot));
  });

  it('refuses what a real controller refuses', () => {
    const plc = controllerOf('generic_plc');
    run(plc, 1);
    expect(plc.write(GENERIC_PLC.productionCount, 1)).toEqual({ ok: false, error: 'not_writable' });
    expect(plc.write(GENERIC_PLC.productionTarget, 60_001)).toEqual({ ok: false, error: 'out_of_range' });
    expect(plc.write(GENERIC_PLC.productionTarget, 70_000)).toEqual({ ok: false, error: 'out_of_range' });
    expect(plc.write(GENERIC_PLC.productionTarget, 1.5)).toEqual({ ok: false, error: 'bad_request' });
    expect(plc.write(GENERIC_PLC.firstCoil + 1, 0b1)).toEqual({ ok: false, error: 'out_of_range' });
    expect(plc.write(500, 1)).toEqual({ ok: false, error: 'unknown_register' });
    expect(write(plc, GENERIC_PLC.temperatureOffset, '-12.5')).toEqual({ ok: true, value: 0x10000 - 125 });
  });
});

describe('every built-in device type', () => {
  it.each(['maglev_blower', 'air_compressor', 'generic_plc'])('%s sends words that decode and encode back to themselves, the same for the same key', (id) => {
    const controller = controllerOf(id, 11, 0.5);
    const twin = controllerOf(id, 11, 0.5);
    const other = controllerOf(id, 12, 0.5);
    const deviceType = controller.deviceType;
    const raws = (subject: VirtualController) => deviceType.registers.map((_, slot) => subject.rawAt(slot));
    let differs = false;
    for (let index = 0; index < 50; index += 1) {
      for (const subject of [controller, twin, other]) subject.sample(START + index * STEP_MS);
      expect(raws(twin)).toEqual(raws(controller));
      differs ||= raws(other).join() !== raws(controller).join();
      deviceType.registers.forEach((register, slot) => {
        const raw = controller.rawAt(slot);
        const encoded = encodeRegister(decoded(deviceType, register.number, raw), register);
        expect(encoded.ok && encoded.raw === (register.mask === undefined ? raw : (raw & register.mask) >>> 0), `register ${register.number}`).toBe(true);
      });
    }
    expect(differs).toBe(true);
  });
});

describe('the data message', () => {
  it('carries the controllers’ words in catalog order, up to a number of points', () => {
    const blower = controllerOf('maglev_blower');
    const plc = new VirtualController(2, getDeviceType('generic_plc')!, 2, 0);
    blower.sample(START);
    plc.sample(START);
    const full = dataPayload(START, 4, [blower, plc], Number.POSITIVE_INFINITY);
    const message = JSON.parse(full.json);
    expect(message).toMatchObject({ ts: START, seq: 4 });
    expect(message.controllers.map((controller: { station: number }) => controller.station)).toEqual([1, 2]);
    expect(Object.keys(message.controllers[0].values).map(Number)).toEqual(blower.deviceType.registers.map((register) => register.number));
    expect(full.points).toBe(76);
    const limited = dataPayload(START, 5, [blower, plc], 40);
    expect(limited.points).toBe(40);
    expect(JSON.parse(limited.json).controllers.map((controller: { values: object }) => Object.keys(controller.values).length)).toEqual([38, 2]);
    expect(JSON.parse(dataPayload(START, 6, [blower, plc], 20).json).controllers).toHaveLength(1);
  });
});
