import type { EventRuleItem } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { conditionOf, EMPTY_RULE, formValuesOf, previewOf, ruleInput } from './rule-form';

describe('the rule form', () => {
  it('keeps only the fields of the chosen kind of condition, and nothing while one is empty', () => {
    // Switched from a threshold to a range: the op and value linger in the form, not in the rule.
    expect(conditionOf({ type: 'range', op: '>', value: 3, low: 1, high: 2 } as never)).toEqual({ type: 'range', low: 1, high: 2, inside: true });
    expect(conditionOf({ type: 'threshold', op: '>' })).toBeUndefined();
    expect(conditionOf({ type: 'equals', values: ['3', '5', 'x'] } as never)).toEqual({ type: 'equals', values: [3, 5] });
    expect(conditionOf({ type: 'bit', bit: 2, set: false })).toEqual({ type: 'bit', bit: 2, set: false });
    expect(conditionOf({ type: 'change' })).toEqual({ type: 'change' });
  });

  it('round-trips a stored rule and previews it with the names of the type', () => {
    const stored = {
      id: 4,
      device_type: { id: 'maglev_blower', number: 1, name: 'Blower' },
      code: 9,
      register: 18,
      register_name: 'Outlet temperature',
      unit: '°C',
      condition: { type: 'threshold', op: '>', value: 95 },
      also: [{ register: 1, register_name: 'Status', unit: '', condition: { type: 'bit', bit: 0 } }],
      severity: 'fault',
      debounce_s: 10,
      clear_hysteresis: 2,
      message: 'Hot',
      messages: { zh: '热', en: 'Hot', es: 'Caliente', ja: '高温' },
      enabled: true,
      updated_at: '2026-01-01T00:00:00.000Z',
    } satisfies EventRuleItem;
    const values = formValuesOf(stored);
    expect(ruleInput(values)).toEqual({
      register: 18,
      condition: stored.condition,
      also: [{ register: 1, condition: { type: 'bit', bit: 0, set: true } }],
      severity: 'fault',
      debounce_s: 10,
      clear_hysteresis: 2,
      message: stored.messages,
      enabled: true,
    });
    const registers = [
      { number: 18, name: 'Outlet temperature', unit: '°C', width: 16, format: 'number' },
      { number: 1, name: 'Status', unit: '', width: 16, format: 'bits' },
    ];
    expect(previewOf(values, registers)).toMatchObject({
      register_name: 'Outlet temperature',
      unit: '°C',
      also: [{ register_name: 'Status' }],
      debounce_s: 10,
    });
    expect(previewOf(EMPTY_RULE, registers)).toBeUndefined();
  });
});
