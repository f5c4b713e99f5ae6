import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.js';
import {
  loginSchema,
  validateCkCode,
  validateNonNegativeInteger,
  validateNumber,
  validatePassword,
  validatePositiveInteger,
  validateUserName,
} from './validation.js';

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

describe('loginSchema', () => {
  it('trims and reports message keys for the server to translate', () => {
    expect(loginSchema.parse({ username: '  demo_root ', password: ' demo123456 ' })).toEqual({ username: 'demo_root', password: 'demo123456' });
    const result = loginSchema.safeParse({ username: '', password: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['userNameRequired', 'passwordLength']);
  });
});
