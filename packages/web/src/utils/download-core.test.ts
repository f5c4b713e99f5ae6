import { describe, expect, it } from 'vitest';
import { announcedRows, exportPercent, fileNameFromDisposition, formatBytes, sliceRanges, transferProgress } from './download-core';

describe('download progress', () => {
  it('is a percentage with a known size and indeterminate without one', () => {
    expect(transferProgress(512, 1024)).toEqual({ percent: 50, loaded: 512 });
    expect(transferProgress(4096, 1024).percent).toBe(100);
    expect(transferProgress(512, null)).toEqual({ percent: null, loaded: 512 });
  });

  it('reads the row count the server announces', () => {
    expect(announcedRows('1234')).toBe(1234);
    expect(announcedRows(null)).toBeNull();
    expect(announcedRows('lots')).toBeNull();
  });

  it('names sizes for people', () => {
    expect([formatBytes(900), formatBytes(2048), formatBytes(5 * 1024 * 1024)]).toEqual(['900 B', '2.0 KB', '5.0 MB']);
  });

  it('reads the UTF-8 file name of the server before the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="devices.xlsx"; filename*=UTF-8''${encodeURIComponent('设备列表-2026-11-22.xlsx')}`, 'x.xlsx')).toBe(
      '设备列表-2026-11-22.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename="faults.xlsx"', 'x.xlsx')).toBe('faults.xlsx');
    expect(fileNameFromDisposition(null, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('client-side export progress', () => {
  it('writes rows in slices', () => {
    expect(sliceRanges(5000, 2000)).toEqual([
      [0, 2000],
      [2000, 4000],
      [4000, 5000],
    ]);
    expect(sliceRanges(0, 2000)).toEqual([]);
  });

  it('moves through fetching, writing and packing without going back', () => {
    const steps = [
      exportPercent('fetch', 0, 10),
      exportPercent('fetch', 10, 10),
      exportPercent('write', 5, 10),
      exportPercent('write', 10, 10),
      exportPercent('pack', 0, 1),
      exportPercent('pack', 1, 1),
    ];
    expect(steps).toEqual([0, 60, 75, 90, 90, 100]);
    expect(exportPercent('fetch', 0, 0)).toBe(60);
  });
});
