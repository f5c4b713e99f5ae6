import { describe, expect, it } from 'vitest';
import { PERMANENT_SERVICE_DAYS } from '../dynamic-passwords/modes.js';
import { LANGUAGES } from '../language.js';
import { DEVICE_TYPE_BASICS, getDeviceTypeBasics, MAGLEV_BLOWER } from './basics.js';
import { DEVICE_TYPES, findRegister, getDeviceType } from './catalog.js';
import { registerRange } from './codec.js';
import { conditionCleared, conditionMet } from './conditions.js';
import { deviceTypeSchema, type DeviceType } from './device-type.js';
import { registerAddress, type LocalizedText } from './register.js';

function texts(deviceType: DeviceType): LocalizedText[] {
  return [
    deviceType.name,
    ...deviceType.registers.flatMap((register) => [register.name, ...Object.values(register.enum ?? {})]),
    ...deviceType.layout.rows.flatMap((row) => (row.name2 ? [row.name1, row.name2] : [row.name1])),
    ...deviceType.events.map((rule) => rule.message),
  ];
}

describe.each(DEVICE_TYPES.map((deviceType) => [deviceType.id, deviceType] as const))('device type %s', (_id, deviceType) => {
  it('passes the schema an uploaded protocol must pass', () => {
    expect(deviceTypeSchema.safeParse(deviceType).success).toBe(true);
  });

  it('has unique register numbers', () => {
    const numbers = deviceType.registers.map((register) => register.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('names everything in all four languages, Chinese first', () => {
    for (const text of texts(deviceType)) {
      for (const language of LANGUAGES) expect(text[language].trim(), JSON.stringify(text)).not.toBe('');
      expect(text.zh, JSON.stringify(text)).toMatch(/[\u4e00-\u9fff]|^[A-Z]+\d/);
    }
  });

  it('lays out and watches only registers it has, each shown once', () => {
    const shown = deviceType.layout.rows.flatMap((row) => [row.register1, row.register2]).filter((number) => number !== null);
    expect(new Set(shown).size).toBe(shown.length);
    for (const number of [...shown, ...deviceType.events.map((rule) => rule.register)]) {
      expect(findRegister(deviceType, number), `register ${number}`).toBeDefined();
    }
    expect(deviceType.layout.rows.map((row) => row.row)).toEqual(deviceType.layout.rows.map((_, index) => index + 1));
  });

  it('bounds every writable register within what its word holds', () => {
    for (const register of deviceType.registers.filter((candidate) => candidate.writable)) {
      expect(register.min, `register ${register.number}`).toBeDefined();
      expect(register.max, `register ${register.number}`).toBeDefined();
      expect(registerRange(register)).toEqual({ min: register.min, max: register.max });
    }
  });

  it('gives the bit fields of one word masks that do not overlap', () => {
    const words = new Map<number, number>();
    for (const register of deviceType.registers.filter((candidate) => candidate.mask !== undefined)) {
      const taken = words.get(registerAddress(register)) ?? 0;
      expect(taken & register.mask!, `register ${register.number}`).toBe(0);
      words.set(registerAddress(register), taken | register.mask!);
    }
  });

  it('has a lock: a 32-bit hint code, a writable 32-bit password of eight digits, a lock state and service days, all laid out', () => {
    const unlock = deviceType.unlock!;
    const register = (number: number) => findRegister(deviceType, number)!;
    expect(register(unlock.hint)).toMatchObject({ width: 32, writable: false });
    expect(register(unlock.password)).toMatchObject({ width: 32, writable: true, min: 0, max: 99_999_999 });
    expect(register(unlock.state)).toMatchObject({ format: 'enum', writable: false });
    expect(Object.keys(register(unlock.state).enum!)).toEqual(['0', '1']);
    expect(registerRange(register(unlock.service_days)).max).toBe(PERMANENT_SERVICE_DAYS);
    const laidOut = deviceType.layout.rows.flatMap((row) => [row.register1, row.register2]);
    for (const number of Object.values(unlock)) expect(laidOut).toContain(number);
    const bad = { ...deviceType, unlock: { ...unlock, password: 999 } };
    expect(deviceTypeSchema.safeParse(bad).success).toBe(false);
  });

  it('keeps 32-bit registers clear of the next register’s word', () => {
    const addresses = new Set(deviceType.registers.map(registerAddress));
    for (const register of deviceType.registers.filter((candidate) => candidate.width === 32)) {
      expect(addresses.has(registerAddress(register) + 1), `register ${register.number}`).toBe(false);
    }
  });
});

describe('the catalog', () => {
  it('has the three built-in kinds, found by id', () => {
    expect(DEVICE_TYPES.map((deviceType) => [deviceType.id, deviceType.kind])).toEqual([
      ['maglev_blower', 'maglev'],
      ['air_compressor', 'compressor'],
      ['generic_plc', 'plc'],
    ]);
    expect(getDeviceType('air_compressor')?.name.zh).toBe('螺杆空压机');
    expect(getDeviceType('nope')).toBeUndefined();
  });

  it('agrees with the basics lists and links use without it', () => {
    expect(DEVICE_TYPES.map(({ id, name, kind, layout }) => ({ id, name, kind, template: layout.template }))).toEqual(DEVICE_TYPE_BASICS);
    expect(getDeviceTypeBasics('generic_plc')?.template).toBe('plcController');
    expect(getDeviceTypeBasics('nope')).toBeUndefined();
  });

  it('describes a maglev blower in about thirty registers', () => {
    const blower = getDeviceType('maglev_blower')!;
    expect(blower.registers.length).toBeGreaterThanOrEqual(30);
    expect(findRegister(blower, MAGLEV_BLOWER.speedSetPoint)).toMatchObject({ writable: true, unit: 'rpm', min: 9000, max: 30000 });
    expect(findRegister(blower, MAGLEV_BLOWER.runHours)).toMatchObject({ width: 32, unit: 'h' });
  });
});

describe('event conditions', () => {
  const above = { condition: { type: 'threshold', op: '>', value: 85 }, clear_hysteresis: 5 } as const;
  const below = { condition: { type: 'threshold', op: '<=', value: 0 }, clear_hysteresis: 1 } as const;
  const bit = { condition: { type: 'bit', bit: 3 }, clear_hysteresis: 0 } as const;

  it('meet thresholds and bits', () => {
    expect([85, 85.1].map((value) => conditionMet(above.condition, value))).toEqual([false, true]);
    expect([0, 0.5].map((value) => conditionMet(below.condition, value))).toEqual([true, false]);
    expect([0b1000, 0b0111, 0b11000].map((value) => conditionMet(bit.condition, value))).toEqual([true, false, true]);
  });

  it('clear only past the hysteresis band', () => {
    expect([84, 80.1, 80].map((value) => conditionCleared(above, value))).toEqual([false, false, true]);
    expect([0.5, 1].map((value) => conditionCleared(below, value))).toEqual([false, true]);
    expect([0b1000, 0].map((value) => conditionCleared(bit, value))).toEqual([false, true]);
  });
});
