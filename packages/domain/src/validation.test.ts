import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  findUnstorableText,
  isStorableText,
  MAX_ROW_ID,
  validateCkCode,
  validateNonNegativeInteger,
  validateNumber,
  validatePassword,
  validatePositiveInteger,
  validateUserName,
} from './validation.js';
import { rowIdSchema } from './validation-schemas.js';

const english = (violations: { key: Parameters<typeof formatMessage>[1]; params?: Record<string, string> }[]) =>
  violations.map((v) => formatMessage('en', v.key, v.params));

describe('user name', () => {
  it('is required', () => {
    expect(english(validateUserName(''))).toEqual(['User name cannot be empty!']);
  });
  it('accepts 6-20 letters, digits and - + @ # & * ^ % _', () => {
    expect(validateUserName('demo_root')).toEqual([]);
    expect(validateUserName('a-+@#&*^%_1')).toEqual([]);
    expect(validateUserName('x'.repeat(20))).toEqual([]);
  });
  it('rejects the wrong length or characters', () => {
    expect(english(validateUserName('abc'))).toEqual(['6-20 digit number or character or @#%^&*_-+ required!']);
    expect(english(validateUserName('x'.repeat(21)))).toEqual(['6-20 digit number or character or @#%^&*_-+ required!']);
    expect(english(validateUserName('abcdef!'))).toEqual(['6-20 digit number or character or @#%^&*_-+ required!']);
  });
  it('fires every check that fails', () => {
    expect(english(validateUserName('用户 name'))).toEqual([
      '6-20 digit number or character or @#%^&*_-+ required!',
      'User name cannot contain Chinese characters or spaces!',
    ]);
  });
});

describe('password', () => {
  it('is required, 6-20 long, without Chinese or spaces', () => {
    expect(english(validatePassword(''))).toEqual(['Password cannot be empty!']);
    expect(english(validatePassword('12345'))).toEqual(['Password must be a 6-20 digit number or character!']);
    expect(english(validatePassword('123 456'))).toEqual(['Password cannot contain Chinese characters or spaces!']);
    expect(english(validatePassword('密'))).toEqual([
      'Password must be a 6-20 digit number or character!',
      'Password cannot contain Chinese characters or spaces!',
    ]);
    expect(validatePassword('demo123456')).toEqual([]);
  });
});

describe('numbers', () => {
  it('needs a value and then an integer or decimal with optional sign', () => {
    expect(english(validateNumber('', 'Set point'))).toEqual(['Please fill in Set point']);
    expect(formatMessage('zh', 'numberRequired', { field: '设定值' })).toBe('请填写设定值');
    for (const good of ['1', '-2', '+3.5', '0.25', '.5']) expect(validateNumber(good, 'x')).toEqual([]);
    for (const bad of ['1e3', '1.', 'abc', '--1', '1,5']) expect(english(validateNumber(bad, 'x'))).toEqual(['Can only be integer or decimal']);
  });
  it('checks positive and non-negative integers', () => {
    expect(validatePositiveInteger('12')).toEqual([]);
    expect(english(validatePositiveInteger('0'))).toEqual(['Can only be a positive integer']);
    expect(english(validatePositiveInteger('1.5'))).toEqual(['Can only be a positive integer']);
    expect(validateNonNegativeInteger('0')).toEqual([]);
    expect(english(validateNonNegativeInteger('-1'))).toEqual(['Can only be a non negative integer']);
    expect(english(validateNonNegativeInteger('007'))).toEqual(['Can only be a non negative integer']);
  });
});

describe('CK code', () => {
  it('is exactly four digits', () => {
    expect(validateCkCode('1001')).toEqual([]);
    for (const bad of ['101', '10011', 'abcd', '']) expect(validateCkCode(bad)).toHaveLength(1);
  });
});

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps every other character', () => {
    for (const text of ['', 'plain', '张三 🙂', 'ＲＴＬ \u202e', "' or 1=1 --", 'tab\tnew\nline\u0001']) expect(isStorableText(text), text).toBe(true);
    for (const text of ['a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800']) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('finds the first unstorable text of a parsed input, keys included, as a path', () => {
    expect(findUnstorableText({ a: 'ok', list: [1, 'x', { deep: 'a\u0000' }] })).toEqual(['list', 2, 'deep']);
    expect(findUnstorableText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findUnstorableText({ a: ['ok', 2, null, true] })).toBeUndefined();
    expect(findUnstorableText('\u0000')).toEqual([]);
  });

  it('walks an input nested far deeper than the call stack goes', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)}`) as unknown;
    expect(findUnstorableText(deep)).toHaveLength(depth);
    expect(findUnstorableText(JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`))).toBeUndefined();
  });
});

describe('row ids', () => {
  it('accept 1..2147483647 as a number or digits, and nothing beyond an integer column', () => {
    expect(rowIdSchema.parse('2147483647')).toBe(MAX_ROW_ID);
    expect(rowIdSchema.parse(1)).toBe(1);
    for (const bad of [0, -1, 1.5, 2_147_483_648, '9007199254740993', '1'.repeat(60), 'abc']) {
      const result = rowIdSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['fieldInvalid']);
    }
  });
});
