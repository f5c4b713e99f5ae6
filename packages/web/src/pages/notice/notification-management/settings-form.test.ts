import { describe, expect, it } from 'vitest';
import { boxIdProblem, boxRangeProblem, matrixSummary, rangeText, retriesOf } from './settings-form';

describe('notification management forms', () => {
  it('checks a box id: required, digits only', () => {
    expect(boxIdProblem(undefined)).toBe('required');
    expect(boxIdProblem('  ')).toBe('required');
    expect(boxIdProblem('12a')).toBe('digits');
    expect(boxIdProblem(' 1200 ')).toBeNull();
  });

  it('finds a reversed or huge range as the server does, and leaves an unfinished one alone', () => {
    expect(boxRangeProblem('200', '100')).toBe('rangeReversed');
    expect(boxRangeProblem('1', '100001')).toBe('rangeTooLarge');
    expect(boxRangeProblem('1', '100000')).toBeNull();
    expect(boxRangeProblem('100', '100')).toBeNull();
    expect(boxRangeProblem('77123456789012345678', '77123456789012345677')).toBe('rangeReversed');
    expect(boxRangeProblem('200', '')).toBeNull();
    expect(boxRangeProblem('x', '1')).toBeNull();
  });

  it('summarises a matrix by type, in the declared order, leaving out types sent nowhere', () => {
    expect(matrixSummary({ upkeep: ['wecom'], fault: ['email', 'dingtalk'], alert: [] })).toEqual([
      { type: 'fault', kinds: ['email', 'dingtalk'] },
      { type: 'upkeep', kinds: ['wecom'] },
    ]);
    expect(matrixSummary({})).toEqual([]);
  });

  it('counts retries as the tries after the first', () => {
    expect([0, 1, 2, 8].map(retriesOf)).toEqual([0, 0, 1, 7]);
  });

  it('writes a range, a single box as itself', () => {
    expect(rangeText({ start_box_id: '1', end_box_id: '9' })).toBe('1 – 9');
    expect(rangeText({ start_box_id: '5', end_box_id: '5' })).toBe('5');
  });
});
