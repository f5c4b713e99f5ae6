import { describe, expect, it } from 'vitest';
import { paramsText } from './catalogue';

describe('a run’s parameters', () => {
  it('reads as key: value pairs, long lists shortened', () => {
    expect(paramsText({ boxes: 3, interval_s: 0.5 })).toBe('boxes: 3 · interval_s: 0.5');
    expect(paramsText({ box_ids: ['1', '2', '3', '4', '5'], range: { from: '1', to: '9' } })).toBe('box_ids: 1, 2, 3 … (5) · range: {"from":"1","to":"9"}');
  });
});
