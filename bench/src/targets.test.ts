import { describe, expect, it } from 'vitest';
import { verdict, withTargetColumn } from './targets.js';

describe('verdict', () => {
  it('says a figure at or beyond its target is met', () => {
    expect(verdict(250_000, { atLeast: 250_000 })).toBe('≥ 250000: met');
    expect(verdict(360, { atMost: 400 }, (mib) => `${mib} MiB`)).toBe('≤ 400 MiB: met');
  });

  it('says by how much a figure misses, in its unit and as a share of the target', () => {
    expect(verdict(653, { atMost: 400 }, (ms) => `${ms} ms`)).toBe('≤ 400 ms: **missed** by 253 ms (63 %)');
    expect(verdict(0.12, { atLeast: 0.3 }, (ratio) => ratio.toFixed(2))).toBe('≥ 0.30: **missed** by 0.18 (60 %)');
  });

  it('gives the known cause after a miss, and says nothing of it when the target is met', () => {
    expect(verdict(458, { atMost: 400 }, (ms) => `${ms} ms`, 'compiling')).toBe('≤ 400 ms: **missed** by 58 ms (14 %): compiling');
    expect(verdict(300, { atMost: 400 }, (ms) => `${ms} ms`, 'compiling')).toBe('≤ 400 ms: met');
  });
});

describe('withTargetColumn', () => {
  it('pads the rows without a target and leaves the others', () => {
    expect(
      withTargetColumn(
        [
          ['pg', 'a', '1'],
          ['pg', 'b', '2', '≤ 3: met'],
        ],
        4,
      ),
    ).toEqual([
      ['pg', 'a', '1', '—'],
      ['pg', 'b', '2', '≤ 3: met'],
    ]);
  });
});
