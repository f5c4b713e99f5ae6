import { DEFAULT_LANGUAGE, type Language } from '../language.js';
import { formatMessage } from '../messages.js';
import { validateNumber, type Violation } from '../validation.js';
import { fieldWidth, trailingZeros, type Register } from './register.js';

/**
 * The register value codec: raw controller words (what boxes send and receive) to engineering
 * values (what people read and type) and back. Raw words are unsigned integers of the register's
 * width, as they travel: a `little` word order swaps the two 16-bit words of a 32-bit value first.
 * A mask selects a bit field that reads as its own number; `signed` is two's complement over the
 * field; `float` reads the 32 bits as an IEEE 754 float32. Then `scale` multiplies (the result
 * rounded to `decimals`), or without a scale `decimals` places the decimal point.
 */

export type DecodeError = 'not_integer' | 'out_of_range';
export type DecodeResult = { ok: true; value: number } | { ok: false; error: DecodeError };

export type EncodeError = 'required' | 'not_a_number' | 'too_many_decimals' | 'out_of_range' | 'not_representable' | 'not_in_enum' | 'not_text';
/** For a masked register `raw` is the field shifted into place; merge it with `applyFieldWrite`. */
export type EncodeResult = { ok: true; raw: number; mask?: number } | { ok: false; error: EncodeError; message: Violation };

type Failure = Extract<EncodeResult, { ok: false }>;

/**
 * Powers of two and ten by table: `2 ** n` with an exponent known only at run time calls the C
 * library's pow, which was 9 % of the server's time at ingest (every reading decoded). The same values.
 */
const POWERS_OF_TWO = Array.from({ length: 54 }, (_, exponent) => 2 ** exponent);
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent);
const twoTo = (exponent: number): number => POWERS_OF_TWO[exponent] ?? 2 ** exponent;
const tenTo = (exponent: number): number => POWERS_OF_TEN[exponent] ?? 10 ** exponent;

export function decodeRegister(raw: unknown, register: Register): DecodeResult {
  // Box data is untrusted: a string or a float is a broken box, never a value to coerce.
  if (typeof raw !== 'number' || !Number.isInteger(raw)) return { ok: false, error: 'not_integer' };
  if (raw < 0 || raw > twoTo(register.width) - 1) return { ok: false, error: 'out_of_range' };
  const word = wireOrder(raw, register);
  if (register.float) {
    const number = float32Of(word);
    if (!Number.isFinite(number)) return { ok: false, error: 'out_of_range' };
    return { ok: true, value: engineering(number, register) };
  }
  const field = register.mask === undefined ? word : (word & register.mask) >>> trailingZeros(register.mask);
  const width = fieldWidth(register);
  const integer = register.signed && field >= twoTo(width - 1) ? field - twoTo(width) : field;
  return { ok: true, value: engineering(integer, register) };
}

/** A 32-bit value of `little` word order has its words swapped on the wire; swapping is its own inverse. */
function wireOrder(word: number, register: Register): number {
  if (register.width !== 32 || register.wordOrder !== 'little') return word;
  return ((word & 0xffff) * 0x10000 + Math.floor(word / 0x10000)) >>> 0;
}

const float32 = new DataView(new ArrayBuffer(4));

/** The float32 the 32 bits hold, to the 7 significant digits a float32 carries (so 1.1 reads as 1.1). */
function float32Of(word: number): number {
  float32.setUint32(0, word);
  return Number(float32.getFloat32(0).toPrecision(7));
}

function float32Bits(value: number): number {
  float32.setFloat32(0, value);
  return float32.getUint32(0);
}

/** The integer (or float) read from the word in engineering units. */
function engineering(base: number, register: Register): number {
  if (register.scale !== undefined) return roundTo(base * register.scale, register.decimals);
  return register.float ? base : scaleDown(base, register.decimals);
}

function roundTo(value: number, decimals: number): number {
  const factor = tenTo(decimals);
  return Math.round(value * factor) / factor || 0;
}

/**
 * A value typed by a person (string: the SPEC.md number rules apply) or computed by a program
 * (number) to the raw word a remote write sends. `language` only names the field in messages.
 */
export function encodeRegister(value: number | string, register: Register, language: Language = DEFAULT_LANGUAGE): EncodeResult {
  if (register.float || register.scale !== undefined) return encodeScaled(value, register, language);
  const scaled = typeof value === 'string' ? scaleText(value, register, language) : scaleNumber(value, register);
  if (!scaled.ok) return scaled;
  const { integer } = scaled;
  const decoded = scaleDown(integer, register.decimals);
  if (outsideLimits(decoded, register)) return rangeFailure('out_of_range', register);
  return encodeInteger(integer, register, language);
}

function outsideLimits(value: number, register: Register): boolean {
  return (register.min !== undefined && value < register.min) || (register.max !== undefined && value > register.max);
}

/** The integer of a (masked, signed) field as the raw word, in the word order of the wire. */
function encodeInteger(integer: number, register: Register, language: Language): EncodeResult {
  const width = fieldWidth(register);
  const lowest = register.signed ? -(2 ** (width - 1)) : 0;
  const highest = register.signed ? 2 ** (width - 1) - 1 : 2 ** width - 1;
  if (integer < lowest || integer > highest) return rangeFailure('not_representable', register);
  if (register.format === 'enum' && !(String(integer) in (register.enum ?? {}))) {
    return { ok: false, error: 'not_in_enum', message: { key: 'registerEnumValue', params: { values: enumChoices(register, language) } } };
  }
  const field = integer < 0 ? integer + 2 ** width : integer;
  if (register.mask === undefined) return { ok: true, raw: wireOrder(field, register) };
  return { ok: true, raw: wireOrder(field * 2 ** trailingZeros(register.mask), register), mask: wireOrder(register.mask, register) };
}

/**
 * A float32 register, or one with a scale: the engineering value (typed with at most `decimals`
 * decimals) divided by the scale is the float, or the nearest integer, whose reading must give
 * the value back (otherwise the value is not a step of the scale).
 */
function encodeScaled(value: number | string, register: Register, language: Language): EncodeResult {
  const typed = typeof value === 'string' ? typedNumber(value, register, language) : { ok: true as const, number: value };
  if (!typed.ok) return typed;
  const { number } = typed;
  if (!Number.isFinite(number)) return { ok: false, error: 'not_a_number', message: { key: 'numberFormat' } };
  if (outsideLimits(number, register)) return rangeFailure('out_of_range', register);
  const base = number / (register.scale ?? 1);
  if (register.float) {
    if (Math.abs(base) > FLOAT32_MAX) return rangeFailure('not_representable', register);
    return { ok: true, raw: wireOrder(float32Bits(base), register) };
  }
  const integer = Math.round(base) || 0;
  if (Math.abs(engineering(integer, register) - number) > 1e-9 * Math.max(1, Math.abs(number))) {
    return { ok: false, error: 'not_representable', message: { key: 'registerScaleStep', params: { step: String(register.scale) } } };
  }
  return encodeInteger(integer, register, language);
}

const FLOAT32_MAX = 3.4028234663852886e38;

/** Text a person typed as a number: the SPEC number rules, and no more decimals than the register shows. */
function typedNumber(text: string, register: Register, language: Language): { ok: true; number: number } | Failure {
  const [violation] = validateNumber(text, register.name[language]);
  if (violation) return { ok: false, error: violation.key === 'numberRequired' ? 'required' : 'not_a_number', message: violation };
  const fraction = /\.(\d+)$/.exec(text.trim())?.[1] ?? '';
  if (fraction.replace(/0+$/, '').length > register.decimals) return decimalsFailure(register);
  return { ok: true, number: Number(text.trim()) || 0 };
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
  const [lowest, highest] = register.float
    ? [-FLOAT32_MAX * (register.scale ?? 1), FLOAT32_MAX * (register.scale ?? 1)]
    : [engineering(register.signed ? -(2 ** (width - 1)) : 0, register), engineering(register.signed ? 2 ** (width - 1) - 1 : 2 ** width - 1, register)];
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
  return decimals === 0 ? integer : integer / tenTo(decimals);
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
