import { describe, expect, it } from 'vitest';
import { chosenOf, draftOf, isChanged, move, moveToFront, toggle } from './columns';

const setting = {
  available: ['a', 'b', 'c', 'd'].map((key) => ({ key, label: key.toUpperCase() })),
  columns: ['c', 'a'],
};

describe('the export column draft', () => {
  it('shows the chosen columns first in their order, then the others in default order', () => {
    const draft = draftOf(setting);
    expect(draft.order).toEqual(['c', 'a', 'b', 'd']);
    expect(chosenOf(draft)).toEqual(['c', 'a']);
    expect(isChanged(draft, setting.columns)).toBe(false);
  });

  it('ticks, unticks and reorders, and knows when it differs from the saved choice', () => {
    let draft = toggle(draftOf(setting), 'd', true);
    expect(chosenOf(draft)).toEqual(['c', 'a', 'd']);
    draft = move(draft, 'd', -1);
    expect(draft.order).toEqual(['c', 'a', 'd', 'b']);
    draft = moveToFront(toggle(draft, 'c', false), 'd');
    expect(chosenOf(draft)).toEqual(['d', 'a']);
    expect(isChanged(draft, ['d', 'a'])).toBe(false);
    expect(isChanged(draft, ['a', 'd'])).toBe(true);
  });

  it('leaves a column at an end where it is', () => {
    const draft = draftOf(setting);
    expect(move(draft, 'c', -1)).toBe(draft);
    expect(move(draft, 'd', 1)).toBe(draft);
  });
});
