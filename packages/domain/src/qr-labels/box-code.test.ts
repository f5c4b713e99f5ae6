import { describe, expect, it } from 'vitest';
import { parseBoxCode } from './box-code.js';
import { boxCodeUrl } from './labels.js';

describe('parseBoxCode', () => {
  it('reads a bare box id, a URL, JSON and "id,ck"', () => {
    expect(parseBoxCode(' 860100001 ')).toEqual({ id: '860100001' });
    expect(parseBoxCode('https://cloudbox.example/bind?box_id=860100001&ck=1001')).toEqual({ id: '860100001', ck: '1001' });
    expect(parseBoxCode('id=860100002')).toEqual({ id: '860100002' });
    expect(parseBoxCode('{"device_id": 860100003, "ck": "2002"}')).toEqual({ id: '860100003', ck: '2002' });
    expect(parseBoxCode('860100004,1001')).toEqual({ id: '860100004', ck: '1001' });
  });

  it('refuses what is not a box code, and drops a malformed CK', () => {
    expect(parseBoxCode('hello')).toBeNull();
    expect(parseBoxCode('https://example.com/?id=abc')).toBeNull();
    expect(parseBoxCode('{not json')).toBeNull();
    expect(parseBoxCode('https://x/?id=860100001&ck=12')).toEqual({ id: '860100001' });
  });

  it('reads what a printed label holds: the add-device link with the box id and no CK', () => {
    expect(parseBoxCode(boxCodeUrl('https://cloud.example.com/', '00012'))).toEqual({ id: '00012' });
    expect(boxCodeUrl('http://localhost:18200', '860100001')).toBe('http://localhost:18200/usermanager/add-device?box_id=860100001');
  });
});
