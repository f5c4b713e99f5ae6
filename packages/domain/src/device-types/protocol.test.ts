import { describe, expect, it } from 'vitest';
import { decodeRegister } from './codec.js';
import { codecOf, dataTypeOf, parseChoices, parseMask, protocolRowSchema, registerOfRow, rowOfRegister, type ProtocolRowInput } from './protocol.js';
import { registerSchema } from './register.js';

const row = (input: Partial<ProtocolRowInput>) => protocolRowSchema.safeParse({ number: 1, name: '出口温度', data_type: 'int16', ...input });
const problems = (input: Partial<ProtocolRowInput>) => {
  const result = row(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('protocol rows', () => {
  it('maps the data types to the codec fields and back', () => {
    expect(codecOf({ data_type: 'int16', word_order: 'little' })).toEqual({ width: 16, signed: true, float: false, wordOrder: 'big' });
    expect(codecOf({ data_type: 'uint32', word_order: 'little' })).toEqual({ width: 32, signed: false, float: false, wordOrder: 'little' });
    expect(codecOf({ data_type: 'float32', word_order: 'big' })).toMatchObject({ width: 32, float: true });
    const types = [
      { data_type: 'bit', mask: '0x0004', format: 'enum', enum: '0=停机;1=运行' },
      { data_type: 'bit', format: 'bits' },
      { data_type: 'int16', decimals: 1 },
      { data_type: 'uint16' },
      { data_type: 'int32' },
      { data_type: 'uint32', word_order: 'little' },
      { data_type: 'float32', decimals: 2 },
    ] as const;
    for (const input of types) {
      const parsed = protocolRowSchema.parse({ number: 1, name: 'x', ...input });
      const register = registerSchema.parse(registerOfRow(parsed, 'zh'));
      expect(dataTypeOf(register)).toBe(input.data_type);
      expect(rowOfRegister(register, 'zh')).toMatchObject(input);
    }
  });

  it('reads masks in hex or decimal and choices as code=label', () => {
    expect(parseMask('0x0010')).toBe(16);
    expect(parseMask('16')).toBe(16);
    expect(parseMask('0xZZ')).toBeNull();
    expect(parseChoices('0=停机;1=运行')).toEqual({ 0: '停机', 1: '运行' });
    expect(parseChoices('0 = Stop ；1=Run')).toEqual({ 0: 'Stop', 1: 'Run' });
    expect(parseChoices('0=a;0=b')).toBeNull();
    expect(parseChoices('stop')).toBeNull();
  });

  it('names each bad column with a message key', () => {
    expect(problems({ data_type: 'int8' as never })).toEqual(['data_type:protocolDataType']);
    expect(problems({ min: 10, max: 1 })).toEqual(['min:protocolMinAboveMax']);
    expect(problems({ data_type: 'uint16', format: 'enum', enum: 'stop' })).toEqual(['enum:protocolEnumFormat']);
    expect(problems({ mask: '0x10000' })).toEqual(['mask:protocolMaskFormat']);
    expect(problems({ data_type: 'bit', mask: '0x0003' })).toEqual(['mask:protocolBitMask']);
    expect(problems({ data_type: 'float32', mask: '1' })).toEqual(['data_type:protocolFloat']);
    expect(problems({ name: ' ' })).toEqual(['name:fieldRequired']);
    expect(problems({ scale: 0 })).toEqual(['scale:protocolScale']);
  });

  it("keeps the other languages' names when one language's row is applied", () => {
    const zh = registerOfRow(protocolRowSchema.parse({ number: 3, name: '状态', data_type: 'bit', mask: 1, format: 'enum', enum: '0=停机;1=运行' }), 'zh');
    expect(zh.name).toEqual({ zh: '状态', en: '状态', es: '状态', ja: '状态' });
    const en = registerOfRow(protocolRowSchema.parse({ number: 3, name: 'State', data_type: 'bit', mask: 1, format: 'enum', enum: '0=Stop;1=Run' }), 'en', zh);
    expect(en.name).toMatchObject({ zh: '状态', en: 'State' });
    expect(en.enum?.['1']).toMatchObject({ zh: '运行', en: 'Run' });
  });

  it('decodes with a scale from the row', () => {
    const register = registerSchema.parse(
      registerOfRow(protocolRowSchema.parse({ number: 1, name: 'p', data_type: 'uint16', scale: 0.01, decimals: 2 }), 'en'),
    );
    expect(decodeRegister(12345, register)).toEqual({ ok: true, value: 123.45 });
  });
});
