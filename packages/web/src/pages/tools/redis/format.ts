import type { RedisKey } from '@cloudbox/domain';

/** Pure helpers of the Redis tool's screen: expiry in words, JSON pretty-printed and split for highlighting, pages merged. */

/** A TTL's units, largest first (the locale's `redisTool.unit.<unit>` words them). */
const UNITS = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
] as const;
/** A unit a TTL is worded in. */
export type TtlUnit = (typeof UNITS)[number][0] | 'ms';

/** A TTL in milliseconds as its two largest units (`1 d 2 h`, `5 m 3 s`); under a second in ms. Null: no expiry. */
export function ttlParts(ms: number): { unit: TtlUnit; value: number }[] | null {
  if (ms < 0) return null;
  if (ms < 1000) return [{ unit: 'ms', value: ms }];
  const parts: { unit: TtlUnit; value: number }[] = [];
  let rest = ms;
  for (const [unit, size] of UNITS) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 || parts.length > 0) parts.push({ unit, value });
  }
  return parts.slice(0, 2).filter((part, index) => index === 0 || part.value > 0);
}

/** A JSON text indented by two spaces (the server flags the strings that parse). */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What a run of JSON text is, for its colour. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'plain';

const JSON_TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(?:true|false)\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** A JSON text cut into runs of one kind each, for the colours of the value drawer. */
export function jsonTokens(text: string): { kind: JsonTokenKind; text: string }[] {
  const tokens: { kind: JsonTokenKind; text: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(JSON_TOKEN)) {
    const index = match.index;
    if (index > last) tokens.push({ kind: 'plain', text: text.slice(last, index) });
    const [whole, quoted, colon] = match;
    if (quoted !== undefined) {
      tokens.push({ kind: colon ? 'key' : 'string', text: quoted });
      if (colon) tokens.push({ kind: 'plain', text: colon });
    } else {
      tokens.push({ kind: whole === 'null' ? 'null' : whole === 'true' || whole === 'false' ? 'boolean' : 'number', text: whole });
    }
    last = index + whole.length;
  }
  if (last < text.length) tokens.push({ kind: 'plain', text: text.slice(last) });
  return tokens;
}

/** The keys of the pages loaded so far, each once (SCAN may name a key again on a later page). */
export function mergeKeyPages(pages: readonly { items: readonly RedisKey[] }[]): RedisKey[] {
  const byKey = new Map<string, RedisKey>();
  for (const page of pages) for (const item of page.items) byKey.set(item.key, item);
  return [...byKey.values()];
}
