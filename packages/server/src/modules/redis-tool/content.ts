import { REDIS_ITEM_MAX_CHARS, REDIS_STRING_MAX_BYTES, type RedisKey, type RedisValue } from '@cloudbox/domain';
import type { Redis } from 'ioredis';

/**
 * Reading keys for the Redis tool: their type, expiry and size in two round trips per page, and one
 * key's content bounded (a string's first bytes, a collection's first items, each item's first
 * characters), so that a huge key never makes a huge answer.
 */

/** The length command of each type the tool knows. */
const LENGTH_COMMANDS: Record<string, 'strlen' | 'hlen' | 'llen' | 'scard' | 'zcard' | 'xlen'> = {
  string: 'strlen',
  hash: 'hlen',
  list: 'llen',
  set: 'scard',
  zset: 'zcard',
  stream: 'xlen',
};

/** The answer of one pipelined command, or null when that command failed (MEMORY may be disabled). */
const answerOf = <T>(results: [Error | null, unknown][] | null, index: number): T | null => {
  const entry = results?.[index];
  if (!entry || entry[0]) return null;
  return entry[1] as T;
};

/** Type, expiry and size of each key, in the order given; keys gone since they were named are left out. */
export async function describeKeys(redis: Redis, keys: readonly string[]): Promise<RedisKey[]> {
  if (keys.length === 0) return [];
  const first = redis.pipeline();
  for (const key of keys) first.type(key).pttl(key).memory('USAGE', key);
  const facts = await first.exec();
  const described = keys.map((key, index) => ({
    key,
    type: answerOf<string>(facts, index * 3) ?? 'none',
    ttl_ms: answerOf<number>(facts, index * 3 + 1) ?? -1,
    memory_bytes: answerOf<number>(facts, index * 3 + 2),
  }));
  const present = described.filter((entry) => entry.type !== 'none');
  const measured = present.filter((entry) => LENGTH_COMMANDS[entry.type]);
  const second = redis.pipeline();
  for (const entry of measured) second[LENGTH_COMMANDS[entry.type]!](entry.key);
  const results = await second.exec();
  const lengths = new Map(measured.map((entry, index) => [entry.key, answerOf<number>(results, index)]));
  return present.map((entry) => ({ ...entry, length: lengths.get(entry.key) ?? null }));
}

/** A text cut to the bound of an item. */
export function shown(text: string, max = REDIS_ITEM_MAX_CHARS): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text, or null when they are not; a cut may have split the last character, which is dropped. */
function decodeText(bytes: Buffer, cut: boolean): string | null {
  for (let drop = 0; drop <= (cut ? 3 : 0); drop += 1) {
    try {
      return utf8.decode(bytes.subarray(0, bytes.length - drop));
    } catch {
      // An incomplete last character: try one byte shorter.
    }
  }
  return null;
}

/** Whether a whole text is a JSON object or array (worth pretty-printing). */
function isJsonDocument(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** A string's first REDIS_STRING_MAX_BYTES bytes: as text (JSON or not), or as hex when they are not UTF-8. */
async function readString(redis: Redis, key: string, length: number): Promise<RedisValue> {
  const bytes = await redis.getrangeBuffer(key, 0, REDIS_STRING_MAX_BYTES - 1);
  const truncated = length > bytes.length;
  const text = decodeText(bytes, truncated);
  if (text === null) return { type: 'string', encoding: 'hex', json: false, text: bytes.toString('hex'), truncated };
  return { type: 'string', encoding: 'utf8', json: !truncated && isJsonDocument(text), text, truncated };
}

/** Up to `limit` distinct entries of a hash (field, value pairs) or set (members), by HSCAN or SSCAN. */
async function scanCollection(redis: Redis, command: 'hscan' | 'sscan', key: string, limit: number): Promise<string[][]> {
  const found = new Map<string, string[]>();
  let cursor = '0';
  do {
    const [next, batch] = await redis[command](key, cursor, 'COUNT', Math.max(limit, 10));
    cursor = next;
    const width = command === 'hscan' ? 2 : 1;
    for (let index = 0; index < batch.length; index += width) found.set(batch[index]!, batch.slice(index, index + width));
  } while (cursor !== '0' && found.size < limit);
  return [...found.values()].slice(0, limit).sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
}

/** Pairs of a flat reply `[a1, b1, a2, b2, ...]`. */
function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let index = 0; index + 1 < flat.length; index += 2) result.push([flat[index]!, flat[index + 1]!]);
  return result;
}

const fieldValue = ([field, value]: string[]) => ({ field: shown(field ?? ''), value: shown(value ?? '') });

/** A key's content and how many of its items (a string: bytes) it shows, at most `limit` items of a collection. */
export async function readContent(redis: Redis, entry: RedisKey, limit: number): Promise<{ value: RedisValue; shown: number }> {
  const { key } = entry;
  switch (entry.type) {
    case 'string': {
      const value = await readString(redis, key, entry.length ?? 0);
      return { value, shown: Math.min(entry.length ?? 0, REDIS_STRING_MAX_BYTES) };
    }
    case 'hash': {
      const fields = (await scanCollection(redis, 'hscan', key, limit)).map(fieldValue);
      return { value: { type: 'hash', fields }, shown: fields.length };
    }
    case 'list': {
      const items = (await redis.lrange(key, 0, limit - 1)).map((item) => shown(item));
      return { value: { type: 'list', items }, shown: items.length };
    }
    case 'set': {
      const members = (await scanCollection(redis, 'sscan', key, limit)).map(([member]) => shown(member ?? ''));
      return { value: { type: 'set', members }, shown: members.length };
    }
    case 'zset': {
      const members = pairs(await redis.zrange(key, 0, limit - 1, 'WITHSCORES')).map(([member, score]) => ({ member: shown(member), score }));
      return { value: { type: 'zset', members }, shown: members.length };
    }
    case 'stream': {
      const entries = (await redis.xrange(key, '-', '+', 'COUNT', limit)).map(([id, flat]) => ({ id, fields: pairs(flat).map(fieldValue) }));
      return { value: { type: 'stream', entries }, shown: entries.length };
    }
    default:
      return { value: { type: 'other' }, shown: 0 };
  }
}
