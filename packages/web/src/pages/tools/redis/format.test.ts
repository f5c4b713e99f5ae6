import { describe, expect, it } from 'vitest';
import { jsonTokens, mergeKeyPages, prettyJson, ttlParts } from './format';

describe('the Redis tool formatting', () => {
  it('words a TTL in its two largest units, none for a key that never expires', () => {
    expect(ttlParts(-1)).toBeNull();
    expect(ttlParts(250)).toEqual([{ unit: 'ms', value: 250 }]);
    expect(ttlParts(59_000)).toEqual([{ unit: 's', value: 59 }]);
    expect(ttlParts(3_723_000)).toEqual([
      { unit: 'h', value: 1 },
      { unit: 'm', value: 2 },
    ]);
    expect(ttlParts(86_400_000 + 5_000)).toEqual([{ unit: 'd', value: 1 }]);
  });

  it('pretty-prints JSON and leaves other text as it is', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson('{not json')).toBe('{not json');
  });

  it('cuts JSON into keys, strings, numbers, booleans and null, losing no character', () => {
    const text = '{\n  "name": "box \\"7\\"",\n  "n": -1.5e3,\n  "ok": true,\n  "none": null\n}';
    const tokens = jsonTokens(text);
    expect(tokens.map((token) => token.text).join('')).toBe(text);
    expect(tokens.filter((token) => token.kind !== 'plain')).toEqual([
      { kind: 'key', text: '"name"' },
      { kind: 'string', text: '"box \\"7\\""' },
      { kind: 'key', text: '"n"' },
      { kind: 'number', text: '-1.5e3' },
      { kind: 'key', text: '"ok"' },
      { kind: 'boolean', text: 'true' },
      { kind: 'key', text: '"none"' },
      { kind: 'null', text: 'null' },
    ]);
  });

  it('keeps each key once across pages', () => {
    const key = (name: string) => ({ key: name, type: 'string', ttl_ms: -1, memory_bytes: 50, length: 1 });
    expect(mergeKeyPages([{ items: [key('a'), key('b')] }, { items: [key('b'), key('c')] }]).map((item) => item.key)).toEqual(['a', 'b', 'c']);
  });
});
