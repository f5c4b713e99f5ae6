import { decodeRegister, encodeRegister, findRegister, getDeviceType, type DeviceType, type DeviceTypeInput } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { VirtualController } from '../controller.js';
import { holdsByStation, parseDeviceTypes, resolveDeviceTypes } from '../device-types.js';
import { createFleet } from '../fleet.js';
import { genericRange } from './generic.js';

const START = Date.UTC(2025, 0, 15, 6, 0, 0);
const name = (en: string) => ({ zh: en, en, es: en, ja: en });

/** A type defined in the console: every register format, limits and none, 16 and 32 bits, masks, writable. */
export const MB200: DeviceTypeInput = {
  id: 'mb_200',
  name: name('MB-200 blower'),
  kind: 'maglev',
  registers: [
    { number: 1, name: name('Running'), address: 0, mask: 1, format: 'bits' },
    { number: 2, name: name('Remote'), address: 0, mask: 2, format: 'enum', enum: { 0: name('Local'), 1: name('Remote') } },
    { number: 10, name: name('Speed'), unit: 'rpm', min: 0, max: 30000 },
    { number: 11, name: name('Outlet temperature'), unit: '°C', decimals: 1, min: -20, max: 150, signed: true },
    { number: 12, name: name('Inlet pressure'), unit: 'kPa', decimals: 2, signed: true },
    { number: 13, name: name('Energy'), unit: 'kWh', width: 32 },
    { number: 14, name: name('Alarm word'), format: 'bits' },
    { number: 15, name: name('Mode'), format: 'enum', enum: { 0: name('Speed'), 1: name('Pressure'), 2: name('Flow') } },
    { number: 16, name: name('Version'), format: 'text', width: 32 },
    { number: 17, name: name('Flow'), unit: 'm³/min', decimals: 1, scale: 0.5, min: 0, max: 200 },
    { number: 20, name: name('Pressure set point'), unit: 'kPa', decimals: 1, min: 30, max: 90, writable: true },
    { number: 21, name: name('Start/stop'), format: 'enum', enum: { 0: name('Stop'), 1: name('Start') }, writable: true, min: 0, max: 1 },
  ],
  layout: { template: 'controller', rows: [] },
  events: [],
};

function mb200(): DeviceType {
  const parsed = parseDeviceTypes(MB200);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value[0]!;
}

/** Every register's decoded value at each of `samples` samples, 10 s apart. */
function run(controller: VirtualController, samples: number): Map<number, number>[] {
  const { deviceType } = controller;
  return Array.from({ length: samples }, (_, index) => {
    controller.sample(START + index * 10_000);
    return new Map(
      deviceType.registers.map((register, slot) => {
        const decoded = decodeRegister(controller.rawAt(slot), register);
        if (!decoded.ok) throw new Error(`register ${register.number} does not decode: ${decoded.error}`);
        return [register.number, decoded.value];
      }),
    );
  });
}

describe('a generic controller (a device type without built-in physics)', () => {
  it('moves every number smoothly within its range, toggles bits, cycles enums, and reads a fixed text', () => {
    const deviceType = mb200();
    const samples = run(new VirtualController(1, deviceType, 42, 0.05), 720);
    for (const register of deviceType.registers) {
      const values = samples.map((sample) => sample.get(register.number)!);
      const distinct = new Set(values);
      if (register.format === 'number') {
        const { min, max } = genericRange(register);
        expect(Math.min(...values), `register ${register.number}`).toBeGreaterThanOrEqual(min);
        expect(Math.max(...values), `register ${register.number}`).toBeLessThanOrEqual(max);
        if (!register.writable) {
          expect(distinct.size, `register ${register.number} moves`).toBeGreaterThan(20);
          const steps = values.slice(1).map((value, index) => Math.abs(value - values[index]!));
          expect(Math.max(...steps), `register ${register.number} moves smoothly`).toBeLessThan((max - min) / 10);
        }
      }
      if (register.format === 'enum' && !register.writable) expect([...distinct].sort()).toEqual(Object.keys(register.enum!).map(Number));
      if (register.format === 'bits') expect(distinct.size, `register ${register.number} toggles`).toBeGreaterThan(1);
      if (register.format === 'text') expect(distinct.size).toBe(1);
    }
    // Without limits a register keeps to a readable span from zero, not the whole word.
    expect(genericRange(findRegister(deviceType, 13)!)).toEqual({ min: 0, max: 1000 });
    expect(genericRange(findRegister(deviceType, 12)!)).toEqual({ min: -327.68, max: 327.67 });
    // Scale steps: the flow only takes whole half units.
    expect(samples.every((sample) => Number.isInteger(sample.get(17)! * 2))).toBe(true);
  });

  it('gives each controller its own phase, the same for the same key', () => {
    const deviceType = mb200();
    const speeds = (key: number) => run(new VirtualController(1, deviceType, key, 0), 30).map((sample) => sample.get(10));
    expect(speeds(1)).toEqual(speeds(1));
    expect(speeds(2)).not.toEqual(speeds(1));
  });

  it('starts writable registers mid-range and holds what is written', () => {
    const deviceType = mb200();
    const controller = new VirtualController(1, deviceType, 7, 0);
    expect(run(controller, 1)[0]!.get(20)).toBe(60);
    const encoded = encodeRegister('42.5', findRegister(deviceType, 20)!);
    if (!encoded.ok) throw new Error('42.5 does not encode');
    expect(controller.write(20, encoded.raw)).toEqual({ ok: true, value: 425 });
    expect(run(controller, 50).every((sample) => sample.get(20) === 42.5)).toBe(true);
    expect(controller.write(10, 100)).toEqual({ ok: false, error: 'not_writable' });
  });

  it('runs a built-in type root has edited beyond its physics as a generic controller', () => {
    const blower = getDeviceType('maglev_blower')!;
    const edited = parseDeviceTypes({ ...blower, registers: blower.registers.slice(1), layout: { ...blower.layout, rows: [] }, events: [], charts: undefined });
    if (!edited.ok) throw new Error(edited.message);
    expect(() => run(new VirtualController(1, edited.value[0]!, 1, 0), 3)).not.toThrow();
  });
});

describe('holding a register (--hold)', () => {
  it('pins an engineering value on every sample, over what the model or a write says', () => {
    const deviceType = mb200();
    const controller = new VirtualController(1, deviceType, 3, 0, new Map([[11, 96.5]]));
    expect(run(controller, 100).every((sample) => sample.get(11) === 96.5)).toBe(true);
    const blower = new VirtualController(1, getDeviceType('maglev_blower')!, 3, 0, new Map([[20, 96.5]]));
    expect(run(blower, 10).every((sample) => sample.get(20) === 96.5)).toBe(true);
  });

  it('refuses holds no controller at the station can take, saying why', () => {
    const deviceTypes = new Map([['mb_200', mb200()]]);
    const boxes = [{ id: '1', secret: 's', controllers: [{ station: 1, deviceType: 'mb_200' }] }];
    const check = (station: number, register: number, value: number) => {
      const result = holdsByStation(boxes, deviceTypes, [{ station, register, value }]);
      return result.ok ? [...result.value.get(station)!] : result.message;
    };
    expect(check(1, 11, 96.5)).toEqual([[11, 96.5]]);
    expect(check(2, 11, 96.5)).toBe('--hold 2:11=96.5: no controller at station 2 has register 11');
    expect(check(1, 99, 1)).toBe('--hold 1:99=1: no controller at station 1 has register 99');
    expect(check(1, 11, 151)).toBe('--hold 1:11=151: mb_200 cannot hold it (Must be between -20.0 and 150.0)');
    expect(check(1, 11, 1.25)).toMatch(/^--hold 1:11=1.25: mb_200 cannot hold it \(.*1.*\)$/);
  });
});

describe('device type definitions for a fleet', () => {
  const boxes = [{ id: '100001', secret: 's', controllers: [{ station: 1, deviceType: 'mb_200' }] }];

  it('lets controllers name the types given beside the built-in ones', () => {
    const resolved = resolveDeviceTypes(boxes, [MB200]);
    expect(resolved.ok && [...resolved.value.keys()]).toEqual(['maglev_blower', 'air_compressor', 'generic_plc', 'mb_200']);
    expect(() => createFleet({ url: 'mqtt://127.0.0.1:1', boxes, intervalSeconds: 10, seed: 1, deviceTypes: [MB200] })).not.toThrow();
  });

  it('says which type is unknown, which are known, and how to give more', () => {
    expect(() => createFleet({ url: 'mqtt://127.0.0.1:1', boxes, intervalSeconds: 10, seed: 1 })).toThrow(
      'box 100001 station 1: unknown device type "mb_200"; the simulator knows maglev_blower, air_compressor, generic_plc (give a type defined in the console with --device-types FILE',
    );
  });

  it('says what is wrong with a definition', () => {
    const bad = parseDeviceTypes([MB200, { ...MB200, id: 'mb_300', registers: [{ number: 1, name: name('x'), min: 5, max: 1 }] }]);
    expect(!bad.ok && bad.message).toMatch(/^device type 2 \(mb_300\) is not a valid definition:\n[\s\S]*min is greater than max/);
    const twice = parseDeviceTypes([MB200, MB200]);
    expect(!twice.ok && twice.message).toBe('device type mb_200 is defined twice');
  });
});
