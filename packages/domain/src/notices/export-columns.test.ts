import { describe, expect, it } from 'vitest';
import { DEVICE_FIELD_LABELS } from '../devices/list-fields.js';
import { EXPORT_KINDS } from './notices.js';
import { defaultExportColumns, EXPORT_COLUMNS, exportColumnProblems, exportColumnsInputSchema } from './export-columns.js';

describe('export columns', () => {
  it('defaults every export to all of its columns, in the order of its screen', () => {
    expect(defaultExportColumns('device_list')).toEqual(Object.keys(DEVICE_FIELD_LABELS));
    for (const kind of EXPORT_KINDS) expect(defaultExportColumns(kind).length).toBeGreaterThan(0);
    expect(Object.keys(EXPORT_COLUMNS).sort()).toEqual([...EXPORT_KINDS].sort());
  });

  it('refuses an empty choice and names each repeated column', () => {
    expect(exportColumnsInputSchema.safeParse({ columns: [] }).error?.issues[0]?.message).toBe('excelColumnsEmpty');
    const twice = exportColumnsInputSchema.safeParse({ columns: ['box_id', 'ck', 'box_id'] });
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['columns.2', 'excelColumnDuplicate']]);
    expect(exportColumnsInputSchema.safeParse({ ck: '1001', columns: ['box_id'] }).success).toBe(true);
  });

  it("names the columns the export does not have (a column of another export, or an object's own property)", () => {
    expect(exportColumnProblems('device_list', ['box_id', 'severity', 'constructor'])).toEqual([
      { field: 'columns.1', key: 'excelColumnUnknown', params: { column: 'severity' } },
      { field: 'columns.2', key: 'excelColumnUnknown', params: { column: 'constructor' } },
    ]);
    expect(exportColumnProblems('faults', ['severity', 'box_id'])).toEqual([]);
  });
});
