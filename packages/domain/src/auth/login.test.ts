import { describe, expect, it } from 'vitest';
import { loginSchema } from './login.js';

describe('loginSchema', () => {
  it('trims and reports message keys for the server to translate', () => {
    expect(loginSchema.parse({ username: '  demo_root ', password: ' demo123456 ' })).toEqual({ username: 'demo_root', password: 'demo123456' });
    const result = loginSchema.safeParse({ username: '', password: '12' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['userNameRequired', 'passwordLength']);
  });
});
