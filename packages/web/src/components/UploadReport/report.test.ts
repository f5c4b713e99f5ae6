import { describe, expect, it } from 'vitest';
import { reportLines, toBase64 } from './report';

describe('the upload report', () => {
  it('reads row and column from the field, and keeps whole-file problems without them', () => {
    expect(
      reportLines([
        { field: 'rows.3.ck', message: 'Row 3, CK code: Unknown CK code: 9999' },
        { field: 'file', message: 'The sheet holds no boxes below its header row' },
      ]),
    ).toEqual([
      { key: 0, row: 3, column: 'ck', message: 'Row 3, CK code: Unknown CK code: 9999' },
      { key: 1, row: null, column: null, message: 'The sheet holds no boxes below its header row' },
    ]);
  });

  it('encodes bytes as base64, also past one slice', () => {
    expect(toBase64(new TextEncoder().encode('box'))).toBe('Ym94');
    const large = new Uint8Array(100_000).fill(65);
    expect(atob(toBase64(large))).toHaveLength(100_000);
  });
});
