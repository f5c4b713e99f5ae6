import { describe, expect, it } from 'vitest';
import { nearestIndex } from './index';

describe('nearestIndex', () => {
  it('finds the point nearest the fault, or none', () => {
    const points = [0, 10_000, 20_000, 40_000].map((ts) => ({ ts, values: {} }));
    expect(nearestIndex(points, 26_000)).toBe(2);
    expect(nearestIndex(points, 31_000)).toBe(3);
    expect(nearestIndex(points, -5)).toBe(0);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});
