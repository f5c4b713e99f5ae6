import fc from 'fast-check';

/**
 * What an attacker types into a field, as fast-check arbitraries: wrong types, numbers past every
 * integer range, NUL and control characters, lone surrogates, right-to-left and emoji text,
 * injection strings, over-long and deep input. The HTTP and MQTT fuzz suites build on these.
 */

/** How large the biggest inputs get: modest in `npm test`, past the body limit (1 MiB) in the long run. */
export interface Scale {
  /** Length of the longest text (characters), drawn now and then as a whole body or query. */
  maxText: number;
  /** Nesting of the deepest JSON document, drawn now and then as a whole body. */
  maxDepth: number;
}

export const BOUNDED: Scale = { maxText: 70_000, maxDepth: 20_000 };
export const LONG: Scale = { maxText: 1_200_000, maxDepth: 200_000 };

/** Over-long in a field: past every declared maximum (100 for route parameters), far below the huge inputs. */
const LONG_FIELD = 1_000;
/** Deep in a field: past any sensible nesting, far below the deep bodies. */
const DEEP_FIELD = 200;

/** Strings known to break naive code: SQL and LIKE, templates, paths, prototype keys, number look-alikes. */
export const INJECTIONS = [
  "' or 1=1 --",
  '"; drop table users; --',
  "1' union select password_hash from users --",
  '%_\\',
  '%',
  '_',
  '\\',
  '*',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x1F',
  'true',
  '[]',
  '{}',
  '',
  ' ',
];

/** Characters PostgreSQL, JSON, logs or terminals treat specially. */
const ODD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\t',
  '\n',
  '\r',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '😀',
  '👩‍👩‍👧‍👦',
  'é',
  'ﬀ',
  'İ',
  'שלום',
  '١٢٣',
  '１２３',
  '𝟙𝟚𝟛',
];

/** Integer strings at and past the edges of int32, int64 and the doubles' safe range. */
export const NUMBER_STRINGS = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '+1',
  ' 1',
  '1 ',
  '01',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '1'.repeat(60),
  '9'.repeat(101),
];

export const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  2 ** 64,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** JSON number literals JavaScript cannot hold exactly or at all. */
const NUMBER_LITERALS = ['1e400', '-1e400', '1E-400', '-0', '0.0000000000000000000001', '123456789012345678901234567890', '1.0e+2'];

/** A piece of JSON text written out as it is, for what JSON.stringify cannot produce. */
export class RawJson {
  constructor(readonly text: string) {}
}

export function hostileText(): fc.Arbitrary<string> {
  const mixed = fc
    .array(
      fc.oneof(fc.constantFrom(...ODD_CHARACTERS), fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 })),
      {
        minLength: 1,
        maxLength: 6,
      },
    )
    .map((parts) => parts.join(''));
  const overLong = fc
    .tuple(fc.constantFrom('a', '9', 'é', '😀', '\u0000', "'", '%'), fc.integer({ min: 101, max: LONG_FIELD }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS, ...ODD_CHARACTERS, ...NUMBER_STRINGS) },
    { weight: 4, arbitrary: mixed },
    { weight: 1, arbitrary: overLong },
  );
}

/** A valid value with something hostile around it: `a\u0000b`, `1001' or 1=1 --`. */
export function taint(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.constantFrom(...ODD_CHARACTERS, ...INJECTIONS), fc.constantFrom('prefix', 'suffix', 'inside')).map(([value, extra, where]) => {
    if (where === 'prefix') return extra + value;
    if (where === 'suffix') return value + extra;
    const middle = Math.floor(value.length / 2);
    return value.slice(0, middle) + extra + value.slice(middle);
  });
}

/** JSON nested up to `maxDepth` deep: arrays, objects, or the two mixed; sometimes left unclosed. */
export function deepJson(maxDepth: number): fc.Arbitrary<RawJson> {
  return fc
    .tuple(
      fc.oneof(fc.integer({ min: 50, max: 1_000 }), fc.integer({ min: Math.floor(maxDepth / 2), max: maxDepth })),
      fc.constantFrom('array', 'object', 'mixed'),
      fc.boolean(),
    )
    .map(([depth, shape, closed]) => {
      const open = { array: '[', object: '{"a":', mixed: '[{"a":' }[shape];
      const close = { array: ']', object: '}', mixed: '}]' }[shape];
      return new RawJson(open.repeat(depth) + '1' + (closed ? close.repeat(depth) : ''));
    });
}

/** Any JSON value of the wrong kind for the field: other types, edge numbers, hostile strings, deep and odd literals. */
export function hostileJsonValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom<unknown>(null, true, false, ...EDGE_NUMBERS),
    fc.double(),
    hostileText(),
    fc.constantFrom(...NUMBER_LITERALS).map((text) => new RawJson(text)),
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 2, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    {
      weight: 2,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string({ maxLength: 6 })), leaf, { maxKeys: 3 }),
    },
    { weight: 1, arbitrary: deepJson(DEEP_FIELD) },
  );
}

/** The scale's largest input, for a whole body, a body field or a query: huge text, or JSON nested deep. */
export function hugeValue(scale: Scale): fc.Arbitrary<string | RawJson> {
  const huge = fc
    .tuple(fc.constantFrom('a', '\u0000', '😀', '[1,', '{"a":1}'), fc.integer({ min: scale.maxText / 2, max: scale.maxText }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));
  return fc.oneof(huge, deepJson(scale.maxDepth));
}

/**
 * JSON text of a generated value. Unlike JSON.stringify it keeps own `__proto__` keys, writes
 * RawJson as it is, and escapes lone surrogates (which JSON.stringify also does, as `\ud800`).
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map((key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Sets a key as an own property, `__proto__` included (an assignment would set the prototype). */
export function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Percent-encodes the UTF-8 of a text (lone surrogates become U+FFFD, as on any client). */
export function percentEncode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** Escapes no decoder accepts, or accepts wrongly: truncated, non-hex, overlong UTF-8, surrogates, NUL, separators. */
export const BAD_ESCAPES = [
  '%',
  '%Z',
  '%ZZ',
  '%G0',
  '%c0%af',
  '%e0%80%af',
  '%ED%A0%80',
  '%FF',
  '%fe%ff',
  '%00',
  '%2e%2e',
  '%2F',
  '%5C',
  '%25',
  '%u0041',
  '%%',
  '+',
  ';',
  ',',
  '%0A',
  '%0D%0A',
];

/** A URL path segment or query value, already on the wire: percent-encoded hostile text mixed with bad escapes. */
export function hostileUrlPart(): fc.Arbitrary<string> {
  return fc.array(fc.oneof(hostileText().map(percentEncode), fc.constantFrom(...BAD_ESCAPES)), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
}

/** A header value: header syntax only allows visible ASCII, tabs, spaces and Latin-1, the rest is on the client. */
export function hostileHeaderValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('', ' ', 'null', 'undefined', '*', 'Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', "' or 1=1 --", '\t', 'ÿÿÿÿ'),
    fc.string({ unit: fc.constantFrom(...'abcXYZ019=;,"\\ %_-.\t\u00e9\u00ff'.split('')), maxLength: 60 }),
    fc.integer({ min: 1000, max: 16_000 }).map((length) => 'A'.repeat(length)),
  );
}
