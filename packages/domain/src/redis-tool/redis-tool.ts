import { z } from 'zod';
import { optional } from '../http/query-fields.js';

/**
 * Root's Redis tool (`/tools/redis`): the keys this server keeps under its prefix (REDIS_KEY_PREFIX),
 * each with its type, expiry and size; one key's content, bounded; deleting a key. Every key named in
 * a request is a full key name, which must start with the prefix (the server refuses any other).
 * Issue messages are MessageKeys.
 */

/** The Redis types the tool shows the content of; any other type (a module's) is listed without content. */
export const REDIS_KEY_TYPES = ['string', 'hash', 'list', 'set', 'zset', 'stream'] as const;
export type RedisKeyType = (typeof REDIS_KEY_TYPES)[number];

/** Keys per page of the list: the default and the most (a page is collected by SCAN, which may give a few more). */
export const REDIS_PAGE_SIZE = { default: 50, max: 500 } as const;
/** Items of a hash, list, set, sorted set or stream shown at once: the default and the most. */
export const REDIS_ITEMS = { default: 100, max: 1000 } as const;
/** A string value is shown up to this many bytes. */
export const REDIS_STRING_MAX_BYTES = 64 * 1024;
/** Each member, field or value inside a collection is shown up to this many characters. */
export const REDIS_ITEM_MAX_CHARS = 2048;
/** The longest key name or pattern accepted. */
export const REDIS_KEY_MAX_CHARS = 1024;

const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'positiveInteger')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, 'positiveInteger')
        .refine((value) => value <= max, { message: 'redisLimitTooLarge', params: { maximum: String(max) } }),
    )
    .default(fallback);

/**
 * GET /tools/redis/keys: a page of the keys under the prefix. `cursor` is the SCAN cursor of the
 * previous page (`0` first); `pattern` a glob inside the prefix (`ratelimit:*`), a plain word
 * matching anywhere in the rest of the name.
 */
export const redisKeyQuerySchema = z.object({
  cursor: optional(z.string().regex(/^\d{1,20}$/, 'redisCursorFormat')).transform((value) => value ?? '0'),
  pattern: optional(z.string().trim().max(REDIS_KEY_MAX_CHARS, 'textTooLong')),
  count: whole(1, REDIS_PAGE_SIZE.max, REDIS_PAGE_SIZE.default),
});
export type RedisKeyQuery = z.output<typeof redisKeyQuerySchema>;

/** The key a request reads or deletes: its full name, prefix included. */
const keyName = z.string({ error: 'redisKeyRequired' }).min(1, 'redisKeyRequired').max(REDIS_KEY_MAX_CHARS, 'textTooLong');

/** GET /tools/redis/key: one key's content, its collections' first `limit` items. */
export const redisValueQuerySchema = z.object({ key: keyName, limit: whole(1, REDIS_ITEMS.max, REDIS_ITEMS.default) });
export type RedisValueQuery = z.output<typeof redisValueQuerySchema>;

/** DELETE /tools/redis/key. */
export const redisDeleteQuerySchema = z.object({ key: keyName });

/** GET /tools/redis: whether this deployment has Redis, and which prefix its keys share. */
export const redisStatusSchema = z.object({
  configured: z.boolean(),
  prefix: z.string(),
  /** The Redis server's version and memory in use (null without Redis). */
  version: z.string().nullable(),
  used_memory_bytes: z.number().int().nullable(),
});
export type RedisStatus = z.infer<typeof redisStatusSchema>;

/** A key's type, expiry and size, as the list and the content show it. */
export const redisKeySchema = z.object({
  key: z.string(),
  /** A Redis type; REDIS_KEY_TYPES are the ones whose content the tool shows. */
  type: z.string(),
  /** Milliseconds until it expires; -1 when it never does. */
  ttl_ms: z.number().int(),
  /** MEMORY USAGE, null where the server does not tell. */
  memory_bytes: z.number().int().nullable(),
  /** The type's length: bytes of a string, fields of a hash, items of a list, members of a set or sorted set, entries of a stream. */
  length: z.number().int().nullable(),
});
export type RedisKey = z.infer<typeof redisKeySchema>;

/** A page of keys: `cursor` to ask for the next one, `done` when the scan is through. */
export const redisKeyPageSchema = z.object({ cursor: z.string(), done: z.boolean(), items: z.array(redisKeySchema) });
export type RedisKeyPage = z.infer<typeof redisKeyPageSchema>;

/** A text cut to its bound: `truncated` says it was. */
const shownText = z.object({ text: z.string(), truncated: z.boolean() });

/** A key's content by type: the first items of a collection and how many there are in all (its `length`). */
export const redisValueSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('string'),
    /** `hex` when the bytes are not UTF-8 text. */
    encoding: z.enum(['utf8', 'hex']),
    /** The text parses as JSON (the console pretty-prints it). */
    json: z.boolean(),
    ...shownText.shape,
  }),
  z.object({ type: z.literal('hash'), fields: z.array(z.object({ field: shownText, value: shownText })) }),
  z.object({ type: z.literal('list'), items: z.array(shownText) }),
  z.object({ type: z.literal('set'), members: z.array(shownText) }),
  z.object({ type: z.literal('zset'), members: z.array(z.object({ member: shownText, score: z.string() })) }),
  z.object({ type: z.literal('stream'), entries: z.array(z.object({ id: z.string(), fields: z.array(z.object({ field: shownText, value: shownText })) })) }),
  z.object({ type: z.literal('other') }),
]);
export type RedisValue = z.infer<typeof redisValueSchema>;

/** GET /tools/redis/key: the key, its content and how many items were left out. */
export const redisKeyContentSchema = redisKeySchema.extend({ value: redisValueSchema, shown: z.number().int(), more: z.number().int() });
export type RedisKeyContent = z.infer<typeof redisKeyContentSchema>;

/** DELETE /tools/redis/key: the key that is gone. */
export const redisDeletedSchema = z.object({ key: z.string() });
