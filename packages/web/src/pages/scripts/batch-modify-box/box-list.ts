import { boxIdsInText } from '@cloudbox/domain';

/**
 * The box ids of an uploaded list, read in the browser: an xlsx's first sheet (every cell, a header
 * that is not digits left out), or a csv or txt file's text.
 */
export async function boxIdsOfFile(file: File): Promise<string[]> {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return boxIdsInText(await file.text());
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? '').trim())));
  return boxIdsInText(cells.join('\n'));
}
