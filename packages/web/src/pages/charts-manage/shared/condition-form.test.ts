import type { EventCondition } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { conditionOf, fieldsOf, parseValues } from './condition-form';

describe('stop condition form', () => {
  it('reads typed value lists, refusing anything that is not a number', () => {
    expect(parseValues('0, 2 3')).toEqual([0, 2, 3]);
    expect(parseValues('0，2')).toEqual([0, 2]);
    expect(parseValues('a')).toBeUndefined();
    expect(parseValues('')).toBeUndefined();
  });

  it('turns the fields into a condition and back', () => {
    const conditions: EventCondition[] = [
      { type: 'threshold', op: '<', value: 100 },
      { type: 'range', low: 1, high: 5, inside: false },
      { type: 'bit', bit: 3, set: false },
      { type: 'equals', values: [0, 2] },
    ];
    for (const condition of conditions) expect(conditionOf(fieldsOf(condition))).toEqual(condition);
  });
});
