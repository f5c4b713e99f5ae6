import { DEFAULT_LANGUAGE, type Language } from '../language.js';
import { formatMessage } from '../messages.js';
import { validateNumber, type Violation } from '../validation.js';
import { fieldWidth, trailingZeros, type Register } from './register.js';

/**
 * The register value codec: raw controller words (what boxes send and receive) to engineering
 * values (what people read and type) and back. Raw words are unsigned integers of the register's
 * width; a mask selects a bit field that reads as its own number; `signed` is two's complement
 * over the field; `decimals` places the decimal point.
 */

export type DecodeError = 'not_integer' | 'out_of_range';
export type DecodeResult = { ok: true; value: number } | { ok: false; error: DecodeError };

export type EncodeError = 'required' | 'not_a_number' | 'too_many_decimals' | 'out_of_range' | 'not_representable' | 'not_in_enum' | 'not_text';
/** For a masked register `raw` is the field shifted into place; merge it with `applyFieldWrite`. */
export type EncodeResult = { ok: true; raw: number; mask?: number } | { ok: false; error: EncodeError; message: Violation };

type Failure = Extract<EncodeResult, { ok: false }>;

export function decodeRegister(raw: unknown, register: Register): DecodeResult {
  // Box data is untrusted: a string or a float is a broken box, never a value to coerce.
  if (typeof raw !== 'number' || !Number.isInteger(raw)) return { ok: false, error: 'not_integer' };
  if (raw < 0 || raw > 2 ** register.width - 1) return { ok: false, error: 'out_of_range' };
  const field = register.mask === undefined ? raw : (raw & register.mask) >>> trailingZeros(register.mask);
  const width = fieldWidth(register);
  const integer = register.signed && field >= 2 ** (width - 1) ? field - 2 ** width : field;
  return { ok: true, value: scaleDown(integer, register.decimals) };
}

/**
 * A value typed by a person (string: the SPEC.md number rules apply) or computed by a program
 * (number) to the raw word a remote write sends. `language` only names the field in messages.
 */
export function encodeRegister(value: number | string, register: Register, language: Language = DEFAULT_LANGUAGE): EncodeResult {
  const scaled = typeof value === 'string' ? scaleText(value, register, language) : scaleNumber(value, register);
  if (!scaled.ok) return scaled;
  const { integer } = scaled;
  const decoded = scaleDown(integer, register.decimals);
  if ((register.min !== undefined && decoded < register.min) || (register.max !== undefined && decoded > register.max)) {
    return rangeFailure('out_of_range', register);
  }
  const width = fieldWidth(register);
  const lowest = register.signed ? -(2 ** (width - 1)) : 0;
  const highest = register.signed ? 2 ** (width - 1) - 1 : 2 ** width - 1;
  if (integer < lowest || integer > highest) return rangeFailure('not_representable', register);
  if (register.format === 'enum' && !(String(integer) in (register.enum ?? {}))) {
    return { ok: false, error: 'not_in_enum', message: { key: 'registerEnumValue', params: { values: enumChoices(register, language) } } };
  }
  const field = integer < 0 ? integer + 2 ** width : integer;
  if (register.mask === undefined) return { ok: true, raw: field };
  return { ok: true, raw: field * 2 ** trailingZeros(register.mask), mask: register.mask };
}

/** A masked write is a read-modify-write: the field replaces its bits of the current word. */
export function applyFieldWrite(word: number, raw: number, mask: number | undefined): number {
  return mask === undefined ? raw : ((word & ~mask) | raw) >>> 0;
}

/** Characters packed into a text register, first character in the high byte, padded with NUL. */
export function encodeText(text: string, register: Register): EncodeResult {
  const length = register.width / 8;
  if (text.length > length || !/^[\x20-\x7e]*$/.test(text)) {
    return { ok: false, error: 'not_text', message: { key: 'registerText', params: { length: String(length) } } };
  }
  let raw = 0;
  for (let index = 0; index < length; index += 1) raw = raw * 256 + (text.charCodeAt(index) || 0);
  return { ok: true, raw };
}

/** The values a register can take, in engineering units: its min/max within what the word can hold. */
export function registerRange(register: Register): { min: number; max: number } {
  const width = fieldWidth(register);
  const lowest = scaleDown(register.signed ? -(2 ** (width - 1)) : 0, register.decimals);
  const highest = scaleDown(register.signed ? 2 ** (width - 1) - 1 : 2 ** width - 1, register.decimals);
  return { min: Math.max(lowest, register.min ?? lowest), max: Math.min(highest, register.max ?? highest) };
}

/** A decoded value as the console shows it (the unit is shown beside it, not in it). */
export function formatRegisterValue(value: number, register: Register, language: Language): string {
  switch (register.format) {
    case 'number':
      return value.toFixed(register.decimals);
    case 'enum':
      return register.enum?.[String(value)]?.[language] ?? formatMessage(language, 'registerUnknownCode', { code: value });
    case 'bits':
      return value.toString(2).padStart(fieldWidth(register), '0');
    case 'text':
      return textOf(value, register.width);
  }
}

function textOf(raw: number, width: number): string {
  let text = '';
  for (let shift = width - 8; shift >= 0; shift -= 8) {
    const code = Math.floor(raw / 2 ** shift) % 256;
    if (code !== 0) text += String.fromCharCode(code);
  }
  return text;
}

// Dividing the exact integer by an exact power of ten yields the double nearest the decimal value,
// so decoded values compare equal to the same literal typed as a min/max in a protocol.
function scaleDown(integer: number, decimals: number): number {
  return decimals === 0 ? integer : integer / 10 ** decimals;
}

function scaleText(text: string, register: Register, language: Language): { ok: true; integer: number } | Failure {
  const [violation] = validateNumber(text, register.name[language]);
  if (violation) return { ok: false, error: violation.key === 'numberRequired' ? 'required' : 'not_a_number', message: violation };
  const [, sign = '', whole = '', fraction = ''] = /^([+-]?)(\d*)(?:\.(\d+))?$/.exec(text.trim()) ?? [];
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > register.decimals) return decimalsFailure(register);
  // Built from the digits, so no binary rounding touches the value on its way to an integer.
  return { ok: true, integer: Number(`${sign}${whole || '0'}${significant.padEnd(register.decimals, '0')}`) || 0 };
}

function scaleNumber(value: number, register: Register): { ok: true; integer: number } | Failure {
  if (!Number.isFinite(value)) return { ok: false, error: 'not_a_number', message: { key: 'numberFormat' } };
  const scaled = value * 10 ** register.decimals;
  const integer = Math.round(scaled);
  // A computed 0.1 + 0.2 is 0.3 to a one-decimal register; 12.25 is not.
  if (Math.abs(scaled - integer) > 1e-9 * Math.max(1, Math.abs(scaled))) return decimalsFailure(register);
  return { ok: true, integer: integer || 0 };
}

function decimalsFailure(register: Register): Failure {
  return {
    ok: false,
    error: 'too_many_decimals',
    message: register.decimals === 0 ? { key: 'registerWholeNumber' } : { key: 'registerDecimals', params: { decimals: String(register.decimals) } },
  };
}

function rangeFailure(error: 'out_of_range' | 'not_representable', register: Register): Failure {
  const { min, max } = registerRange(register);
  return {
    ok: false,
    error,
    message: { key: 'registerOutOfRange', params: { min: min.toFixed(register.decimals), max: max.toFixed(register.decimals) } },
  };
}

function enumChoices(register: Register, language: Language): string {
  return Object.entries(register.enum ?? {})
    .map(([code, label]) => `${code} ${label[language]}`)
    .join(', ');
}
