import { z } from 'zod';
import { LANGUAGES, type Language } from '../language.js';
import type { MessageKey } from '../messages.js';
import { REGISTER_FORMATS, registerSchema, WORD_ORDERS, type LocalizedText, type Register, type RegisterInput } from './register.js';

/**
 * A register protocol as people write it: one table per language, a row per register with its
 * data type (the protocol documents' column: bit, int16, uint16, int32, uint32, float32) and word
 * order, scale, decimals, display format, mask, enumerated choices, writable, min and max. The
 * names and choice labels are the language's; every other column is the codec, shared by all
 * languages (a register decodes the same whatever the reader's language).
 */

export const DATA_TYPES = ['bit', 'int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** The columns of a protocol table, in the order of the template and the export. */
export const PROTOCOL_COLUMNS = [
  'number',
  'name',
  'unit',
  'data_type',
  'word_order',
  'scale',
  'decimals',
  'format',
  'mask',
  'enum',
  'writable',
  'min',
  'max',
  'address',
  'on_off',
] as const;
export type ProtocolColumn = (typeof PROTOCOL_COLUMNS)[number];

/** The columns an uploaded sheet must have; the others may be left out. */
export const PROTOCOL_REQUIRED_COLUMNS: readonly ProtocolColumn[] = ['number', 'name', 'data_type'];

/** A column's name in messages and in the template's header row (in the sheet's language). */
export const PROTOCOL_COLUMN_LABELS: Record<ProtocolColumn, MessageKey> = {
  number: 'protocolColumnNumber',
  name: 'protocolColumnName',
  unit: 'protocolColumnUnit',
  data_type: 'protocolColumnDataType',
  word_order: 'protocolColumnWordOrder',
  scale: 'protocolColumnScale',
  decimals: 'protocolColumnDecimals',
  format: 'protocolColumnFormat',
  mask: 'protocolColumnMask',
  enum: 'protocolColumnEnum',
  writable: 'protocolColumnWritable',
  min: 'protocolColumnMin',
  max: 'protocolColumnMax',
  address: 'protocolColumnAddress',
  on_off: 'protocolColumnOnOff',
};

const MASK = /^(?:0[xX][0-9a-fA-F]{1,8}|\d{1,10})$/;
const CHOICE = /^\s*(\d{1,10})\s*[=＝]\s*(\S(?:.*\S)?)\s*$/;

/** `0x0010` or `16` as a number; null when it is neither. */
export function parseMask(text: string): number | null {
  const trimmed = text.trim();
  return MASK.test(trimmed) ? Number(trimmed) : null;
}

/** `0=停机;1=运行` as labels by code; null when it is not written that way (or a code repeats). */
export function parseChoices(text: string): Record<string, string> | null {
  const parts = text
    .split(/[;；\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const choices: Record<string, string> = {};
  for (const part of parts) {
    const match = CHOICE.exec(part);
    if (!match || String(Number(match[1])) in choices) return null;
    choices[String(Number(match[1]))] = match[2]!;
  }
  return parts.length === 0 ? null : choices;
}

export function choicesText(choices: Record<string, string>): string {
  return Object.entries(choices)
    .map(([code, label]) => `${code}=${label}`)
    .join(';');
}

const issue = (ctx: z.RefinementCtx, path: ProtocolColumn, message: MessageKey) => ctx.addIssue({ code: 'custom', path: [path], message });
const optionalNumber = z.number({ error: 'numberFormat' }).finite('numberFormat').nullish();

/**
 * One row of a protocol table as edited in the console or read from an uploaded sheet (its cells
 * as JSON: numbers, booleans, the mask as hex or decimal text, the choices as `code=label;...`).
 * The issues' messages are message keys, their paths the columns.
 */
export const protocolRowSchema = z
  .object({
    number: z.number({ error: 'numberFormat' }).int('protocolWholeNumber').min(0, 'protocolRegisterNumber').max(0xffff, 'protocolRegisterNumber'),
    name: z.string({ error: 'fieldRequired' }).trim().min(1, 'fieldRequired').max(100, 'fieldInvalid'),
    unit: z.string({ error: 'fieldInvalid' }).trim().max(20, 'fieldInvalid').default(''),
    data_type: z.enum(DATA_TYPES, { error: 'protocolDataType' }),
    word_order: z.enum(WORD_ORDERS, { error: 'protocolWordOrder' }).default('big'),
    scale: z.number({ error: 'numberFormat' }).finite('numberFormat').positive('protocolScale').nullish(),
    decimals: z.number({ error: 'numberFormat' }).int('protocolDecimals').min(0, 'protocolDecimals').max(6, 'protocolDecimals').default(0),
    format: z.enum(REGISTER_FORMATS, { error: 'protocolFormat' }).default('number'),
    mask: z.union([z.string(), z.number()], { error: 'protocolMaskFormat' }).nullish(),
    enum: z.string({ error: 'protocolEnumFormat' }).nullish(),
    writable: z.boolean({ error: 'protocolBoolean' }).default(false),
    min: optionalNumber,
    max: optionalNumber,
    address: z.number({ error: 'numberFormat' }).int('protocolWholeNumber').min(0, 'protocolRegisterNumber').max(0xffff, 'protocolRegisterNumber').nullish(),
    on_off: z.boolean({ error: 'protocolBoolean' }).default(false),
  })
  .superRefine((row, ctx) => {
    const mask = row.mask === null || row.mask === undefined || row.mask === '' ? undefined : parseMask(String(row.mask));
    const width = row.data_type === 'int32' || row.data_type === 'uint32' || row.data_type === 'float32' ? 32 : 16;
    if (mask === null || (mask !== undefined && (mask < 1 || mask > 2 ** width - 1))) issue(ctx, 'mask', 'protocolMaskFormat');
    if (row.data_type === 'bit' && (mask ? (mask & (mask - 1)) !== 0 : row.format !== 'bits')) issue(ctx, 'mask', 'protocolBitMask');
    if (row.data_type === 'float32' && (mask !== undefined || row.format !== 'number')) issue(ctx, 'data_type', 'protocolFloat');
    if (row.min !== null && row.min !== undefined && row.max !== null && row.max !== undefined && row.min > row.max) issue(ctx, 'min', 'protocolMinAboveMax');
    const hasChoices = row.enum !== null && row.enum !== undefined && row.enum.trim() !== '';
    if (hasChoices && parseChoices(row.enum!) === null) issue(ctx, 'enum', 'protocolEnumFormat');
    if (row.format === 'enum' && !hasChoices) issue(ctx, 'enum', 'protocolEnumFormat');
    if (row.format !== 'number' && (row.decimals !== 0 || row.data_type.startsWith('int'))) issue(ctx, 'format', 'protocolFormat');
    if (row.format === 'text' && (mask !== undefined || width !== 32)) issue(ctx, 'format', 'protocolText');
  });
export type ProtocolRow = z.output<typeof protocolRowSchema>;
export type ProtocolRowInput = z.input<typeof protocolRowSchema>;

/** The codec fields of a data type (with the row's mask and display format). */
export function codecOf(row: Pick<ProtocolRow, 'data_type' | 'word_order'>): Pick<Register, 'width' | 'signed' | 'float' | 'wordOrder'> {
  const width = row.data_type === 'int32' || row.data_type === 'uint32' || row.data_type === 'float32' ? 32 : 16;
  return {
    width,
    signed: row.data_type === 'int16' || row.data_type === 'int32',
    float: row.data_type === 'float32',
    wordOrder: width === 32 ? row.word_order : 'big',
  };
}

/** A register's data type: a single-bit mask or a whole word shown as bits is `bit`. */
export function dataTypeOf(register: Pick<Register, 'width' | 'signed' | 'float' | 'mask' | 'format'>): DataType {
  if (register.float) return 'float32';
  if (register.width === 32) return register.signed ? 'int32' : 'uint32';
  if (register.signed) return 'int16';
  const singleBit = register.mask !== undefined && (register.mask & (register.mask - 1)) === 0;
  return singleBit || (register.mask === undefined && register.format === 'bits') ? 'bit' : 'uint16';
}

/** A text of one language set in a localized text: the others keep theirs, or take this one where they have none. */
function inLanguage(language: Language, text: string, previous: LocalizedText | undefined): LocalizedText {
  return Object.fromEntries(LANGUAGES.map((other) => [other, other === language ? text : (previous?.[other] ?? text)])) as LocalizedText;
}

/**
 * A protocol row of one language as a register: its name and choice labels are that language's;
 * the other languages keep those of `previous` (the register as it was), or take these until their
 * own protocol is uploaded.
 */
export function registerOfRow(row: ProtocolRow, language: Language, previous?: Register | RegisterInput): RegisterInput {
  const mask = row.mask === null || row.mask === undefined || row.mask === '' ? undefined : (parseMask(String(row.mask)) ?? undefined);
  const choices = row.enum ? parseChoices(row.enum) : null;
  const codec = codecOf(row);
  return {
    number: row.number,
    ...(row.address !== null && row.address !== undefined && { address: row.address }),
    name: inLanguage(language, row.name, previous?.name),
    unit: row.unit,
    format: row.format,
    ...codec,
    decimals: row.decimals,
    writable: row.writable,
    ...(mask !== undefined && { mask }),
    ...(row.scale !== null && row.scale !== undefined && { scale: row.scale }),
    ...(row.min !== null && row.min !== undefined && { min: row.min }),
    ...(row.max !== null && row.max !== undefined && { max: row.max }),
    ...(choices && {
      enum: Object.fromEntries(Object.entries(choices).map(([code, label]) => [code, inLanguage(language, label, previous?.enum?.[code])])),
    }),
    ...(row.on_off && { onOff: true }),
  };
}

/** A register as the row of its protocol table in one language (JSON cells, the mask in hex). */
export function rowOfRegister(input: Register | RegisterInput, language: Language): ProtocolRow {
  const register = registerSchema.parse(input);
  return {
    number: register.number,
    address: register.address ?? null,
    name: register.name[language],
    unit: register.unit,
    data_type: dataTypeOf(register),
    word_order: register.wordOrder,
    scale: register.scale ?? null,
    decimals: register.decimals,
    format: register.format,
    mask:
      register.mask === undefined
        ? null
        : `0x${register.mask
            .toString(16)
            .toUpperCase()
            .padStart(register.width / 4, '0')}`,
    enum: register.enum ? choicesText(Object.fromEntries(Object.entries(register.enum).map(([code, label]) => [code, label[language]]))) : null,
    writable: register.writable,
    min: register.min ?? null,
    max: register.max ?? null,
    on_off: register.onOff ?? false,
  };
}
