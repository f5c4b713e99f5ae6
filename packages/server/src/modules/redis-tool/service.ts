import type { RedisKeyContent, RedisKeyPage, RedisKeyQuery, RedisStatus, RedisValueQuery } from '@cloudbox/domain';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/index.js';
import { ApiError } from '../../http/errors.js';
import type { Actor, OperationLogService } from '../oplog/service.js';
import { describeKeys, readContent } from './content.js';

/** SCAN calls one page may make to collect its keys when few match: the bound of a page's work. */
export const MAX_SCAN_CALLS = 50;

/** The glob of SCAN MATCH that matches `text` literally. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * The MATCH of a page: the prefix, literally, then the pattern. A pattern without glob characters is
 * a word found anywhere in the rest of the name; none at all lists every key under the prefix.
 */
export function scanPattern(prefix: string, pattern: string | undefined): string {
  if (!pattern) return `${escapeGlob(prefix)}*`;
  if (/[*?[]/.test(pattern)) return `${escapeGlob(prefix)}${pattern}`;
  return `${escapeGlob(prefix)}*${escapeGlob(pattern)}*`;
}

/** A failure of Redis itself (not a refusal of ours) answers 503 with what Redis said. */
async function asked<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    if (/invalid cursor/i.test(detail)) throw ApiError.rejected('redisCursorFormat');
    throw ApiError.rejected('redisUnavailable', { detail }, 503);
  }
}

/** The version and memory in use of a Redis server, from INFO. */
async function serverInfo(redis: Redis): Promise<Pick<RedisStatus, 'version' | 'used_memory_bytes'>> {
  const info = await redis.info();
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? null;
  const memory = field('used_memory');
  return { version: field('redis_version'), used_memory_bytes: memory === null ? null : Number(memory) };
}

/**
 * The Redis tool (`/tools/redis`, root): the keys this server keeps under its prefix, one key's
 * bounded content, deleting a key. Nothing outside the prefix is ever read or touched: listing
 * matches only under it, and a key named outside it is refused. Without Redis every call but the
 * status answers that this deployment has none.
 */
export interface RedisToolDeps {
  redis: Redis | undefined;
  prefix: string;
  db: Db;
  oplog: Pick<OperationLogService, 'record'>;
}

export function createRedisTool({ redis, prefix, db, oplog }: RedisToolDeps) {
  /** The Redis of this deployment, or the refusal that says there is none. */
  function connection(): Redis {
    if (!redis) throw ApiError.rejected('redisNotConfigured', undefined, 404);
    return redis;
  }

  /** A key a request names must lie under the prefix. */
  function underPrefix(key: string): string {
    if (!key.startsWith(prefix)) throw ApiError.rejected('redisKeyOutsidePrefix', { key, prefix });
    return key;
  }

  return {
    /** Whether this deployment has Redis; with it, the server's version and memory. */
    async status(): Promise<RedisStatus> {
      if (!redis) return { configured: false, prefix, version: null, used_memory_bytes: null };
      return { configured: true, prefix, ...(await asked(() => serverInfo(redis))) };
    },

    /** A page of the keys under the prefix by SCAN (never KEYS), from the cursor of the page before. */
    async keys(query: RedisKeyQuery): Promise<RedisKeyPage> {
      const client = connection();
      const match = scanPattern(prefix, query.pattern);
      return asked(async () => {
        const names = new Set<string>();
        let cursor = query.cursor;
        let calls = 0;
        do {
          const [next, batch] = await client.scan(cursor, 'MATCH', match, 'COUNT', query.count);
          cursor = next;
          calls += 1;
          for (const name of batch) names.add(name);
        } while (cursor !== '0' && names.size < query.count && calls < MAX_SCAN_CALLS);
        const items = await describeKeys(client, [...names].sort());
        return { cursor, done: cursor === '0', items };
      });
    },

    /** One key under the prefix with its content, its collections' first `limit` items. */
    async content(query: RedisValueQuery): Promise<RedisKeyContent> {
      const client = connection();
      const key = underPrefix(query.key);
      return asked(async () => {
        const [entry] = await describeKeys(client, [key]);
        if (!entry) throw ApiError.rejected('redisKeyNotFound', { key }, 404);
        const { value, shown } = await readContent(client, entry, query.limit);
        return { ...entry, value, shown, more: Math.max(0, (entry.length ?? 0) - shown) };
      });
    },

    /** Deletes a key under the prefix; the operation log keeps who deleted which key (`delete_redis_key`). */
    async remove(actor: Actor, rawKey: string): Promise<{ key: string }> {
      const client = connection();
      const key = underPrefix(rawKey);
      const deleted = await asked(() => client.del(key));
      if (deleted === 0) throw ApiError.rejected('redisKeyNotFound', { key }, 404);
      await oplog.record(db, { userId: actor.user.id, username: actor.user.username, ip: actor.ip, action: 'delete_redis_key', newValue: key });
      return { key };
    },
  };
}

export type RedisTool = ReturnType<typeof createRedisTool>;
