import { describe, expect, it } from 'vitest';
import { counted, prettyPayload, validBoxId } from './events';

describe('the raw event view', () => {
  it('pretty-prints JSON payloads and leaves other text as it came', () => {
    expect(prettyPayload('{"ts":1,"seq":2}')).toBe('{\n  "ts": 1,\n  "seq": 2\n}');
    expect(prettyPayload('online')).toBe('online');
  });

  it('counts messages each way and their bytes, not status changes', () => {
    let counters = { up: 0, down: 0, bytes: 0 };
    counters = counted(counters, { type: 'up', at: 1, topic: 't', payload: 'x', encoding: 'utf8', size: 10 });
    counters = counted(counters, { type: 'down', at: 2, topic: 't', payload: 'y', encoding: 'utf8', size: 5 });
    counters = counted(counters, { type: 'status', at: 3, online: true });
    expect(counters).toEqual({ up: 1, down: 1, bytes: 15 });
  });

  it('takes box ids of digits only', () => {
    expect(validBoxId(' 860100001 ')).toBe(true);
    expect(validBoxId('86a')).toBe(false);
    expect(validBoxId('')).toBe(false);
  });
});
