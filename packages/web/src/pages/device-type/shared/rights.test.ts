import { describe, expect, it } from 'vitest';
import { countRights, rightOf, withAll, withRight } from './rights';

describe('the rights editor’s rules', () => {
  it('sets and clears one register, dropping a device type left empty', () => {
    const set = withRight({}, 'maglev_blower', 3, 'rw');
    expect(set).toEqual({ maglev_blower: { '3': 'rw' } });
    expect(rightOf(set, 'maglev_blower', 3)).toBe('rw');
    expect(rightOf(set, 'maglev_blower', 4)).toBe('none');
    expect(withRight(set, 'maglev_blower', 3, 'none')).toEqual({});
  });

  it('sets a whole device type, read-write only where the register can be written', () => {
    const registers = [
      { number: 1, writable: false },
      { number: 2, writable: true },
    ];
    const all = withAll({ generic_plc: { '9': 'r' } }, 'maglev_blower', registers, 'rw');
    expect(all).toEqual({ generic_plc: { '9': 'r' }, maglev_blower: { '1': 'r', '2': 'rw' } });
    expect(countRights(all)).toEqual({ read: 2, write: 1 });
    expect(withAll(all, 'maglev_blower', registers, 'none')).toEqual({ generic_plc: { '9': 'r' } });
  });
});
