import ExcelJS from 'exceljs';

/** The protocol upload's header row in the language of the sheet (the template's columns). */
export const PROTOCOL_HEADERS = {
  zh: ['寄存器号', '名称', '单位', '数据类型', '字序', '比例', '小数位', '显示格式', '掩码', '枚举', '可写', '最小值', '最大值'],
  en: ['Register', 'Name', 'Unit', 'Data type', 'Word order', 'Scale', 'Decimals', 'Display format', 'Mask', 'Choices', 'Writable', 'Min', 'Max'],
} as const;

export type ProtocolRow = (string | number)[];

/** An xlsx protocol as a spreadsheet program writes it: the header row, then one register a row. */
export async function protocolSheet(language: keyof typeof PROTOCOL_HEADERS, rows: readonly ProtocolRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const worksheet = book.addWorksheet('protocol');
  worksheet.addRow([...PROTOCOL_HEADERS[language]]);
  for (const row of rows) worksheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
