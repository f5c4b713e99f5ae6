import type { LayoutRegister } from '@cloudbox/domain';
import { describe, expect, it } from 'vitest';
import { editorRows, emptyRow, incomplete, layoutInput, moveRow, previewCells, withName, withRegister } from './rows';

const text = (value: string) => ({ zh: `${value}zh`, en: value, es: `${value}es`, ja: `${value}ja` });
const REGISTERS: LayoutRegister[] = [
  { number: 1, name: text('Speed'), unit: 'rpm' },
  { number: 2, name: text('Power'), unit: 'kW' },
  { number: 3, name: text('Temp'), unit: '°C' },
];

describe('the page layout editor’s rules', () => {
  it('prefills a cell’s names from its register in every language, and keeps a name the editor wrote', () => {
    const chosen = withRegister(emptyRow(), 1, 1, REGISTERS);
    expect(chosen).toMatchObject({ register1: 1, name1: text('Speed') });
    expect(withRegister(chosen, 1, 2, REGISTERS).name1).toEqual(text('Power'));
    const renamed = withName(chosen, 1, 'en', 'Fan speed');
    expect(withRegister(renamed, 1, 3, REGISTERS)).toMatchObject({ register1: 3, name1: { en: 'Fan speed', zh: 'Speedzh' } });
    const second = withRegister(chosen, 2, 3, REGISTERS);
    expect(second).toMatchObject({ register2: 3, name2: text('Temp') });
    expect(withRegister(second, 2, null, REGISTERS)).toMatchObject({ register2: null, name2: null });
  });

  it('moves rows within the list, and sends them in order without their numbers', () => {
    const rows = editorRows([
      { row: 1, name1: text('Speed'), register1: 1, name2: null, register2: null },
      { row: 2, name1: text('Power'), register1: 2, name2: text('Temp'), register2: 3 },
    ]);
    const moved = moveRow(rows, 1, -1);
    expect(moved.map((row) => row.register1)).toEqual([2, 1]);
    expect(moveRow(moved, 0, -1)).toEqual(moved);
    expect(layoutInput('', 'controller', moved)).toEqual({
      alias: '',
      template: 'controller',
      rows: [
        { name1: text('Power'), register1: 2, name2: text('Temp'), register2: 3 },
        { name1: text('Speed'), register1: 1, name2: null, register2: null },
      ],
    });
    expect(previewCells(moved, 'en', REGISTERS).map((cell) => `${cell.name} ${cell.unit}`)).toEqual(['Power kW', 'Temp °C', 'Speed rpm']);
  });

  it('names the cells not ready to save', () => {
    const rows = [emptyRow(), withName(withRegister(emptyRow(), 1, 1, REGISTERS), 1, 'ja', ' '), withRegister(emptyRow(), 1, 2, REGISTERS)];
    expect(incomplete(rows)).toEqual([
      { index: 0, cell: 1 },
      { index: 1, cell: 1 },
    ]);
  });
});
