import { describe, expect, it } from 'vitest';
import { coverageOf } from './coverage';

describe('a template’s coverage of device types', () => {
  it('lists the covered types in the catalog’s order with their read and read-write counts', () => {
    const types = [
      { id: 'maglev_blower', name: 'Blower' },
      { id: 'generic_plc', name: 'PLC' },
      { id: 'air_compressor', name: 'Compressor' },
    ];
    const rights = { generic_plc: { '1': 'r', '2': 'rw', '3': 'rw' }, maglev_blower: { '9': 'r' }, gone_type: { '1': 'r' } } as const;
    expect(coverageOf(rights, types)).toEqual([
      { id: 'maglev_blower', name: 'Blower', read: 1, write: 0 },
      { id: 'generic_plc', name: 'PLC', read: 1, write: 2 },
      { id: 'gone_type', name: 'gone_type', read: 1, write: 0 },
    ]);
    expect(coverageOf({}, types)).toEqual([]);
  });
});
