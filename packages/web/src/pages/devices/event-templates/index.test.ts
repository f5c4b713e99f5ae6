import { describe, expect, it } from 'vitest';
import { conditionText } from './index';

describe('conditionText', () => {
  it('reads a threshold with its unit, and a bit', () => {
    expect(conditionText({ condition: { type: 'threshold', op: '>', value: 130 }, unit: '°C' }, (bit) => `bit ${bit}`)).toBe('> 130 °C');
    expect(conditionText({ condition: { type: 'threshold', op: '<=', value: 5 }, unit: '' }, (bit) => `bit ${bit}`)).toBe('<= 5');
    expect(conditionText({ condition: { type: 'bit', bit: 3 }, unit: '' }, (bit) => `bit ${bit}`)).toBe('bit 3');
  });
});
