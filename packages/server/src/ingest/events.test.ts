import { describe, expect, it } from 'vitest';
import type { Sample } from './decode.js';
import type { DeviceTypeModel, Rule } from '../fleet/device-types.js';
import { createEventEngine } from './events.js';
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
