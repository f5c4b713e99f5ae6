import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages.js';
import { applyFieldWrite, decodeRegister, encodeRegister, encodeText, formatRegisterValue, registerRange } from './codec.js';
import { registerSchema, type Register, type RegisterInput } from './register.js';

const name = { zh: '设定值', en: 'Set point', es: 'Consigna', ja: '設定値' };
const register = (input: Partial<RegisterInput>): Register => registerSchema.parse({ number: 1, name, ...input });

const decoded = (raw: unknown, definition: Register) => {
  const result = decodeRegister(raw, definition);
  if (!result.ok) throw new Error(`decode failed: ${result.error}`);
  return result.value;
};

const english = (result: ReturnType<typeof encodeRegister>) => {
  if (result.ok) throw new Error('expected a rejection');
  return formatMessage('en', result.message.key, result.message.params);
};

describe('decodeRegister', () => {
  it('selects a bit field with its mask and reads it as its own number', () => {
    expect(decoded(0x1234, register({ mask: 0x00f0 }))).toBe(3);
    expect(decoded(0x8001, register({ mask: 0x8000 }))).toBe(1);
    expect(decoded(0x7fff, register({ mask: 0x8000 }))).toBe(0);
    expect(decoded(0xf0000000, register({ width: 32, mask: 0xf0000000 }))).toBe(15);
  });

  it('places the decimal point', () => {
    expect(decoded(1234, register({ decimals: 1 }))).toBe(123.4);
    expect(decoded(1234, register({ decimals: 2 }))).toBe(12.34);
    expect(decoded(7, register({ decimals: 3 }))).toBe(0.007);
  });

  it('reads two’s complement in 16 and 32 bits, and in a masked field', () => {
    const signed16 = register({ signed: true });
    expect([0x7fff, 0x8000, 0xffff, 0].map((raw) => decoded(raw, signed16))).toEqual([32767, -32768, -1, 0]);
    const signed32 = register({ signed: true, width: 32 });
    expect([0x7fffffff, 0x80000000, 0xffffffff].map((raw) => decoded(raw, signed32))).toEqual([2147483647, -2147483648, -1]);
    expect(decoded(0xffffffff, register({ width: 32 }))).toBe(4294967295);
    expect(decoded(0x0f00, register({ signed: true, mask: 0x0f00 }))).toBe(-1);
    expect(decoded(0xff9c, register({ signed: true, decimals: 1 }))).toBe(-10);
  });

  it('rejects raw values that are not integers of the register’s width, never coercing them', () => {
    const word = register({});
    for (const raw of [Number.NaN, Infinity, -Infinity, 1.5, '12', null, undefined, true, {}]) {
      expect(decodeRegister(raw, word)).toEqual({ ok: false, error: 'not_integer' });
    }
    for (const raw of [-1, 70000, 65536]) expect(decodeRegister(raw, word)).toEqual({ ok: false, error: 'out_of_range' });
    expect(decodeRegister(2 ** 32, register({ width: 32 }))).toEqual({ ok: false, error: 'out_of_range' });
    expect(decodeRegister(65535, word)).toEqual({ ok: true, value: 65535 });
  });
});

describe('encodeRegister', () => {
  const setPoint = register({ decimals: 1, min: 30, max: 120, writable: true });

  it('turns typed and computed values into the raw word', () => {
    expect(encodeRegister('80.5', setPoint)).toEqual({ ok: true, raw: 805 });
    expect(encodeRegister(' +80 ', setPoint)).toEqual({ ok: true, raw: 800 });
    expect(encodeRegister('80.50', setPoint)).toEqual({ ok: true, raw: 805 });
    expect(encodeRegister(80.5, setPoint)).toEqual({ ok: true, raw: 805 });
    expect(encodeRegister(0.1 + 0.2, register({ decimals: 1 }))).toEqual({ ok: true, raw: 3 });
    expect(encodeRegister('-1', register({ signed: true }))).toEqual({ ok: true, raw: 0xffff });
    expect(encodeRegister('-0', register({ signed: true }))).toEqual({ ok: true, raw: 0 });
    expect(encodeRegister(-1, register({ signed: true, width: 32 }))).toEqual({ ok: true, raw: 0xffffffff });
  });

  it('applies the SPEC number rules with the register’s name in the user’s language', () => {
    expect(english(encodeRegister('', setPoint, 'en'))).toBe('Please fill in Set point');
    const zh = encodeRegister('  ', setPoint);
    expect(zh.ok || formatMessage('zh', zh.message.key, zh.message.params)).toBe('请填写设定值');
    for (const bad of ['abc', '1e3', '1.', '--1', '1,5']) {
      expect(encodeRegister(bad, setPoint)).toMatchObject({ ok: false, error: 'not_a_number' });
      expect(english(encodeRegister(bad, setPoint))).toBe('Can only be integer or decimal');
    }
    for (const bad of [Number.NaN, Infinity]) expect(encodeRegister(bad, setPoint)).toMatchObject({ ok: false, error: 'not_a_number' });
  });

  it('rejects more decimals than the register has', () => {
    expect(encodeRegister('80.55', setPoint)).toMatchObject({ ok: false, error: 'too_many_decimals' });
    expect(english(encodeRegister('80.55', setPoint))).toBe('At most 1 decimal places');
    expect(english(encodeRegister(12.5, register({})))).toBe('Must be a whole number');
    expect(formatMessage('ja', 'registerDecimals', { decimals: 2 })).toBe('小数点以下は2桁までです');
  });

  it('rejects values outside min/max or outside what the word holds', () => {
    expect(encodeRegister('120.1', setPoint)).toMatchObject({ ok: false, error: 'out_of_range' });
    expect(english(encodeRegister('29.9', setPoint))).toBe('Must be between 30.0 and 120.0');
    expect(encodeRegister('65536', register({}))).toMatchObject({ ok: false, error: 'not_representable' });
    expect(english(encodeRegister('-1', register({})))).toBe('Must be between 0 and 65535');
    expect(english(encodeRegister('3276.8', register({ signed: true, decimals: 1 })))).toBe('Must be between -3276.8 and 3276.7');
    expect(encodeRegister('16', register({ mask: 0x00f0 }))).toMatchObject({ ok: false, error: 'not_representable' });
  });

  it('accepts only listed codes for an enum register', () => {
    const mode = register({ format: 'enum', enum: { 0: name, 1: { zh: '自动', en: 'Auto', es: 'Automático', ja: '自動' } }, writable: true });
    expect(encodeRegister('1', mode)).toEqual({ ok: true, raw: 1 });
    expect(english(encodeRegister('2', mode, 'en'))).toBe('Choose one of: 0 Set point, 1 Auto');
  });

  it('shifts a bit field into place and hands back its mask for a read-modify-write', () => {
    const field = register({ mask: 0x0f00 });
    const result = encodeRegister(5, field);
    expect(result).toEqual({ ok: true, raw: 0x0500, mask: 0x0f00 });
    if (!result.ok) return;
    const word = applyFieldWrite(0xabcd, result.raw, result.mask);
    expect(word).toBe(0xa5cd);
    expect(decoded(word, field)).toBe(5);
    expect(applyFieldWrite(0xffffffff, 0, 0x80000000)).toBe(0x7fffffff);
    expect(applyFieldWrite(0xabcd, 0x1234, undefined)).toBe(0x1234);
  });

  it('round-trips every raw value through decode and encode', () => {
    let state = 42;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    for (let trial = 0; trial < 2000; trial += 1) {
      const width = random() < 0.5 ? 16 : 32;
      const fieldBits = 1 + Math.floor(random() * width);
      const shift = Math.floor(random() * (width - fieldBits + 1));
      const masked = random() < 0.5;
      const definition = register({
        width,
        signed: random() < 0.5,
        decimals: Math.floor(random() * 4),
        mask: masked ? (2 ** fieldBits - 1) * 2 ** shift : undefined,
      });
      const raw = Math.floor(random() * 2 ** width);
      const value = decoded(raw, definition);
      const fieldOnly = masked ? (raw & definition.mask!) >>> 0 : raw;
      expect(encodeRegister(value, definition)).toMatchObject({ ok: true, raw: fieldOnly });
      expect(encodeRegister(formatRegisterValue(value, definition, 'en'), definition)).toMatchObject({ ok: true, raw: fieldOnly });
    }
  });
});

describe('registerRange', () => {
  it('is min/max within what the word holds', () => {
    expect(registerRange(register({ decimals: 1, signed: true }))).toEqual({ min: -3276.8, max: 3276.7 });
    expect(registerRange(register({ decimals: 1, min: 30, max: 120 }))).toEqual({ min: 30, max: 120 });
    expect(registerRange(register({ mask: 0x0f00, max: 100 }))).toEqual({ min: 0, max: 15 });
  });
});

describe('formatRegisterValue', () => {
  it('shows fixed decimals, enum labels, bits and text', () => {
    expect(formatRegisterValue(12, register({ decimals: 2 }), 'en')).toBe('12.00');
    expect(formatRegisterValue(-3.5, register({ decimals: 1, signed: true }), 'en')).toBe('-3.5');
    const state = register({ format: 'enum', enum: { 1: { zh: '运行', en: 'Running', es: 'En marcha', ja: '運転中' } } });
    expect(formatRegisterValue(1, state, 'zh')).toBe('运行');
    expect(formatRegisterValue(1, state, 'es')).toBe('En marcha');
    expect(formatRegisterValue(9, state, 'en')).toBe('Unknown (9)');
    expect(formatRegisterValue(9, state, 'zh')).toBe('未知（9）');
    expect(formatRegisterValue(5, register({ format: 'bits' }), 'en')).toBe('0000000000000101');
    expect(formatRegisterValue(2, register({ format: 'bits', mask: 0x0070 }), 'en')).toBe('010');
    const version = register({ format: 'text', width: 32 });
    const packed = encodeText('V3.2', version);
    expect(packed.ok && formatRegisterValue(packed.raw, version, 'en')).toBe('V3.2');
    expect(encodeText('V3', version)).toEqual({ ok: true, raw: 0x56330000 });
    expect(encodeText('V3.21', version)).toMatchObject({ ok: false, error: 'not_text' });
    expect(encodeText('版本', version)).toMatchObject({ ok: false, error: 'not_text' });
  });
});

describe('registerSchema', () => {
  it('rejects definitions the codec cannot honour', () => {
    const invalid = (input: Partial<RegisterInput>) => !registerSchema.safeParse({ number: 1, name, ...input }).success;
    expect(invalid({ mask: 0x10000 })).toBe(true);
    expect(invalid({ mask: 0x0505, signed: true })).toBe(true);
    expect(invalid({ min: 10, max: 1 })).toBe(true);
    expect(invalid({ format: 'enum' })).toBe(true);
    expect(invalid({ format: 'bits', decimals: 1 })).toBe(true);
    expect(invalid({ name: { zh: '名称', en: 'Name', es: 'Nombre', ja: '' } })).toBe(true);
    expect(invalid({ mask: 0x10000, width: 32 })).toBe(false);
  });
});

describe('float32, word order and scale', () => {
  const float = register({ width: 32, float: true, decimals: 2, writable: true });
  const bitsOf = (value: number) => {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, value);
    return view.getUint32(0);
  };

  it('reads a float32 from the 32-bit word, to the digits a float32 holds', () => {
    expect(decoded(bitsOf(1.1), float)).toBe(1.1);
    expect(decoded(bitsOf(-273.15), float)).toBe(-273.15);
    expect(decoded(0, float)).toBe(0);
    expect(decodeRegister(0x7fc00000, float)).toEqual({ ok: false, error: 'out_of_range' });
    expect(decodeRegister(0x7f800000, float)).toEqual({ ok: false, error: 'out_of_range' });
  });

  it('writes a float32 and reads it back', () => {
    expect(encodeRegister('1.1', float)).toEqual({ ok: true, raw: bitsOf(1.1) });
    expect(encodeRegister(-273.15, float)).toEqual({ ok: true, raw: bitsOf(-273.15) });
    expect(encodeRegister('1.123', float)).toMatchObject({ ok: false, error: 'too_many_decimals' });
    expect(encodeRegister(1e39, float)).toMatchObject({ ok: false, error: 'not_representable' });
    expect(encodeRegister('9', register({ width: 32, float: true, max: 8 }))).toMatchObject({ ok: false, error: 'out_of_range' });
  });

  it('swaps the two words of a little-endian (CDAB) 32-bit value, both ways', () => {
    const little = register({ width: 32, wordOrder: 'little' });
    expect(decoded(0x00010002, little)).toBe(0x00020001);
    expect(encodeRegister(0x00020001, little)).toEqual({ ok: true, raw: 0x00010002 });
    const littleFloat = register({ width: 32, float: true, wordOrder: 'little', decimals: 1 });
    const swapped = ((bitsOf(12.5) & 0xffff) * 0x10000 + (bitsOf(12.5) >>> 16)) >>> 0;
    expect(decoded(swapped, littleFloat)).toBe(12.5);
    expect(encodeRegister('12.5', littleFloat)).toEqual({ ok: true, raw: swapped });
    const signed = register({ width: 32, signed: true, wordOrder: 'little' });
    expect(decoded(0xffff_fffe, signed)).toBe(-65537);
    // A 16-bit register has no second word: the order changes nothing.
    expect(decoded(0x1234, register({ wordOrder: 'little' }))).toBe(0x1234);
  });

  it('multiplies by the scale, rounded to the decimals, and divides back on a write', () => {
    const tenth = register({ scale: 0.1, decimals: 1, writable: true, min: 0, max: 500 });
    expect(decoded(1234, tenth)).toBe(123.4);
    expect(encodeRegister('123.4', tenth)).toEqual({ ok: true, raw: 1234 });
    expect(encodeRegister(123.4, tenth)).toEqual({ ok: true, raw: 1234 });
    expect(encodeRegister('500.1', tenth)).toMatchObject({ ok: false, error: 'out_of_range' });
    const half = register({ scale: 0.5, decimals: 1, signed: true });
    expect(decoded(0xfffd, half)).toBe(-1.5);
    expect(encodeRegister('-1.5', half)).toEqual({ ok: true, raw: 0xfffd });
    expect(english(encodeRegister('1.2', half))).toBe('Must be a multiple of 0.5');
    const hundred = register({ scale: 100 });
    expect(decoded(7, hundred)).toBe(700);
    expect(encodeRegister('700', hundred)).toEqual({ ok: true, raw: 7 });
    expect(registerRange(register({ scale: 0.01, decimals: 2 }))).toEqual({ min: 0, max: 655.35 });
    expect(english(encodeRegister('70000', register({ scale: 0.1, decimals: 1 })))).toBe('Must be between 0.0 and 6553.5');
  });

  it('round-trips scaled words through decode and encode', () => {
    for (const scale of [0.1, 0.01, 0.5, 2, 0.25]) {
      const definition = register({ scale, decimals: 2, signed: true });
      for (const raw of [0, 1, 999, 0x7fff, 0x8000, 0xffff]) {
        expect(encodeRegister(decoded(raw, definition), definition)).toMatchObject({ ok: true, raw });
      }
    }
  });
});
