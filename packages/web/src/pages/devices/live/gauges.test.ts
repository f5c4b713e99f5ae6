import { DEVICE_TYPES, findRegister } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { gaugeMax, gaugeMin, KEY_REGISTERS } from './gauges';

describe('gauge scales', () => {
  it('use the declared maximum of a register', () => {
    expect(gaugeMax(12_000, 30_000)).toBe(30_000);
  });

  it('round up to 1, 2, 2.5 or 5 times a power of ten above the value', () => {
    expect(gaugeMax(17_800, undefined)).toBe(25_000);
    expect(gaugeMax(0.68, undefined)).toBe(1);
    expect(gaugeMax(85, undefined)).toBe(200);
    expect(gaugeMax(3.1, undefined)).toBe(5);
  });

  it('never shrink the scale they already have', () => {
    expect(gaugeMax(10, undefined, 200)).toBe(200);
    expect(gaugeMax(300, undefined, 200)).toBe(500);
  });

  it('start below zero only for negative values', () => {
    expect(gaugeMin(5, undefined, 10)).toBe(0);
    expect(gaugeMin(-3, undefined, 10)).toBe(-10);
    expect(gaugeMin(1, -1500, 1500)).toBe(-1500);
  });

  it('name registers that every built-in type has', () => {
    for (const type of DEVICE_TYPES)
      for (const number of KEY_REGISTERS[type.id] ?? []) expect(findRegister(type, number), `${type.id} ${number}`).toBeDefined();
  });
});
