import { describe, expect, it } from 'vitest';
import type { Sample } from './decode.js';
import type { DeviceTypeModel, Rule } from '../fleet/device-types.js';
import { createEventEngine } from './events.js';
import { watchedRegisters } from '../fleet/device-types.js';
import type { RegisteredBox } from '../fleet/registry.js';

const TEMPERATURE = 20;
const FAULT = 4;

const hot: Rule = {
  id: 1,
  code: 3,
  register: TEMPERATURE,
  condition: { type: 'threshold', op: '>', value: 85 },
  also: [],
  severity: 'alert',
  debounceMs: 30_000,
  clearHysteresis: 5,
  message: { zh: '温度高', en: 'Hot', es: 'Caliente', ja: '高温' },
};
const tripped: Rule = { ...hot, id: 2, code: 1, register: FAULT, condition: { type: 'bit', bit: 0 }, severity: 'fault', debounceMs: 0, clearHysteresis: 0 };

const deviceType: DeviceTypeModel = {
  id: 'test',
  registers: new Map(),
  rulesByRegister: new Map([
    [TEMPERATURE, [hot]],
    [FAULT, [tripped]],
  ]),
};
const controller = { id: 7, station: 1, deviceType };
const box = { id: '1', ck: '1001', timeZone: 'Asia/Shanghai', secretHash: '', controllers: new Map([[1, controller]]) } satisfies RegisteredBox;

const at = (seconds: number, temperature: number, fault = 0): Sample => ({
  box,
  controller,
  ts: seconds * 1000,
  registers: [TEMPERATURE, FAULT],
  readings: [temperature, fault],
});

describe('event rules', () => {
  it('opens a record only after the debounce, dated from when the condition began', () => {
    const engine = createEventEngine();
    const early = engine.evaluate([at(0, 90), at(10, 91), at(20, 92)]);
    expect(early.open).toEqual([]);
    early.commit();
    const late = engine.evaluate([at(30, 90)]);
    expect(late.open).toEqual([expect.objectContaining({ ruleId: hot.id, startedAt: 0, value: 90, severity: 'alert', endedAt: null })]);
  });

  it('forgets a condition that lapses before its debounce', () => {
    const engine = createEventEngine();
    const evaluation = engine.evaluate([at(0, 90), at(20, 80), at(40, 90), at(60, 90)]);
    expect(evaluation.open).toEqual([]);
  });

  it('closes only once the value is the hysteresis back on the safe side', () => {
    const engine = createEventEngine();
    engine.setActive([{ controllerId: controller.id, ruleId: hot.id }]);
    expect(engine.evaluate([at(0, 84), at(10, 81)]).close).toEqual([]);
    expect(engine.evaluate([at(0, 84), at(10, 80)]).close).toEqual([{ controllerId: controller.id, ruleId: hot.id, endedAt: 10_000 }]);
  });

  it('keeps a whole episode within one batch as one closed record, and a storm as one open record', () => {
    const engine = createEventEngine();
    const episode = engine.evaluate([at(0, 20, 1), at(1, 20, 1), at(2, 20, 0), ...Array.from({ length: 50 }, (_, index) => at(3 + index, 20, 1))]);
    expect(episode.open).toEqual([
      expect.objectContaining({ ruleId: tripped.id, startedAt: 0, endedAt: 2000 }),
      expect.objectContaining({ ruleId: tripped.id, startedAt: 3000, endedAt: null }),
    ]);
    expect(episode.close).toEqual([]);
  });

  it('stages each batch: a batch written again evaluates the same, and late samples do not rewrite the past', () => {
    const engine = createEventEngine();
    const first = engine.evaluate([at(100, 20, 1)]);
    const again = engine.evaluate([at(100, 20, 1)]);
    expect(again.open).toEqual(first.open);
    again.commit();
    expect(engine.evaluate([at(100, 20, 1)]).open).toEqual([]);
    expect(engine.evaluate([at(50, 20, 0)]).close).toEqual([]);
  });
});

describe('event rule conditions', () => {
  const PRESSURE = 30;
  const MODE = 31;
  const base: Omit<Rule, 'id' | 'condition'> = { ...hot, code: 9, register: PRESSURE, debounceMs: 0, clearHysteresis: 0, also: [] };
  const typeWith = (...rules: Rule[]): DeviceTypeModel => {
    const rulesByRegister = new Map<number, Rule[]>();
    for (const rule of rules) {
      for (const register of new Set([rule.register, ...rule.also.map((further) => further.register)])) {
        rulesByRegister.set(register, [...(rulesByRegister.get(register) ?? []), rule]);
      }
    }
    const watched = watchedRegisters(rules);
    return { id: 'conditions', registers: new Map(), rulesByRegister, ...(watched && { watched }) };
  };
  const sampler = (type: DeviceTypeModel) => {
    const unit = { id: 70, station: 1, deviceType: type };
    return (seconds: number, values: Record<number, number>): Sample => ({
      box,
      controller: unit,
      ts: seconds * 1000,
      registers: Object.keys(values).map(Number),
      readings: Object.values(values),
    });
  };
  const episodes = (evaluation: { open: { startedAt: number; endedAt: number | null }[] }) =>
    evaluation.open.map((record) => [record.startedAt / 1000, record.endedAt === null ? null : record.endedAt / 1000]);

  it('range: inside and outside a band, closing past the hysteresis', () => {
    const outside: Rule = { ...base, id: 11, condition: { type: 'range', low: 2, high: 8, inside: false }, clearHysteresis: 0.5 };
    const inside: Rule = { ...base, id: 12, condition: { type: 'range', low: 2, high: 8, inside: true } };
    const sample = sampler(typeWith(outside, inside));
    const engine = createEventEngine();
    const evaluation = engine.evaluate([sample(0, { [PRESSURE]: 9 }), sample(1, { [PRESSURE]: 7.8 }), sample(2, { [PRESSURE]: 7.4 })]);
    expect(evaluation.open.map((record) => [record.ruleId, record.startedAt / 1000, record.endedAt && record.endedAt / 1000])).toEqual([
      [11, 0, 2],
      [12, 1, null],
    ]);
  });

  it('bit clear and equals', () => {
    const cleared: Rule = { ...base, id: 13, condition: { type: 'bit', bit: 2, set: false } };
    const equals: Rule = { ...base, id: 14, register: MODE, condition: { type: 'equals', values: [3, 5] } };
    const sample = sampler(typeWith(cleared, equals));
    const engine = createEventEngine();
    const evaluation = engine.evaluate([
      sample(0, { [PRESSURE]: 4, [MODE]: 1 }),
      sample(1, { [PRESSURE]: 0, [MODE]: 5 }),
      sample(2, { [PRESSURE]: 4, [MODE]: 4 }),
    ]);
    expect(evaluation.open.map((record) => [record.ruleId, record.startedAt / 1000, record.endedAt! / 1000])).toEqual([
      [13, 1, 2],
      [14, 1, 2],
    ]);
  });

  it('change: one record per change, opened and ended at that sample, none for the first value seen', () => {
    const changed: Rule = { ...base, id: 15, register: MODE, condition: { type: 'change' }, debounceMs: 60_000 };
    const sample = sampler(typeWith(changed));
    const engine = createEventEngine();
    const first = engine.evaluate([sample(0, { [MODE]: 1 }), sample(1, { [MODE]: 1 }), sample(2, { [MODE]: 2 }), sample(3, { [PRESSURE]: 5 })]);
    expect(episodes(first)).toEqual([[2, 2]]);
    first.commit();
    expect(episodes(engine.evaluate([sample(4, { [MODE]: 2 })]))).toEqual([]);
    expect(episodes(engine.evaluate([sample(4, { [MODE]: 3 }), sample(5, { [MODE]: 2 })]))).toEqual([
      [4, 4],
      [5, 5],
    ]);
  });

  it('also: further registers judged on the sample, else on the last known value, found under any register', () => {
    const hotWhileRunning: Rule = {
      ...base,
      id: 16,
      condition: { type: 'threshold', op: '>', value: 10 },
      also: [{ register: MODE, condition: { type: 'equals', values: [1] } }],
    };
    const sample = sampler(typeWith(hotWhileRunning));
    const engine = createEventEngine();
    const evaluation = engine.evaluate([
      sample(0, { [PRESSURE]: 12 }),
      sample(1, { [MODE]: 1 }),
      sample(2, { [PRESSURE]: 13, [MODE]: 1 }),
      sample(3, { [MODE]: 0 }),
      sample(4, { [PRESSURE]: 14 }),
      sample(5, { [MODE]: 1 }),
    ]);
    // 0: the mode is unknown; 1: found under the mode, with the pressure last seen; 3: the mode stops the episode; 5: again.
    expect(episodes(evaluation)).toEqual([
      [1, 3],
      [5, null],
    ]);
    evaluation.commit();
    expect(engine.evaluate([sample(6, { [PRESSURE]: 15, [MODE]: 1 })]).open).toEqual([]);
  });

  it('a storm of flapping values with a debounce opens at most one record per episode', () => {
    const debounced: Rule = { ...base, id: 17, condition: { type: 'threshold', op: '>=', value: 50 }, debounceMs: 5_000, clearHysteresis: 10 };
    const sample = sampler(typeWith(debounced));
    const engine = createEventEngine();
    const steady = Array.from({ length: 10 }, (_, index) => sample(index, { [PRESSURE]: 55 }));
    const storm = Array.from({ length: 400 }, (_, index) => sample(10 + index, { [PRESSURE]: index % 2 === 0 ? 55 : 45 }));
    // Held past the debounce, then flapping within the hysteresis: one episode from 0, never closed.
    const evaluation = engine.evaluate([...steady, ...storm]);
    expect(episodes(evaluation)).toEqual([[0, null]]);
    evaluation.commit();
    const again = engine.evaluate(storm.map((each) => ({ ...each, ts: each.ts + 500_000 })));
    expect([again.open, again.close]).toEqual([[], []]);
    again.commit();
    const quick = Array.from({ length: 400 }, (_, index) => sample(1000 + index, { [PRESSURE]: index % 2 === 0 ? 55 : 10 }));
    const flapping = engine.evaluate(quick);
    expect(flapping.close).toEqual([{ controllerId: 70, ruleId: 17, endedAt: 1_001_000 }]);
    // Each excursion lasts a second, shorter than the debounce: nothing opens again.
    expect(flapping.open).toEqual([]);
  });
});
