import fc from 'fast-check';
import {
  hostileHeaderValue,
  hostileJsonValue,
  hostileText,
  hostileUrlPart,
  hugeValue,
  jsonText,
  percentEncode,
  RawJson,
  taint,
  withKey,
  type Scale,
} from './hostile.js';

/**
 * Hostile HTTP requests built from the OpenAPI document: for every path and method it declares,
 * path parameters, query and body filled from the route's own schemas, each field either plausible
 * (so that the request gets past validation into the service and the database) or hostile; plus
 * wrong methods, bad encodings, bad credentials and wrong content types, and paths outside the
 * document (the web console's catch-all, unknown API paths, the API docs).
 */

/** The part of a JSON schema (as @fastify/swagger writes it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** Who sends a request. A demo account's token is looked up when the request is sent (it signs in once). */
export type Identity =
  | { kind: 'anonymous' }
  | { kind: 'account'; username: string; via: Transport }
  /** A token that never was, or the token of a session already ended. */
  | { kind: 'bad-token'; token: string | 'ended'; via: Transport };

/** Where a token travels: the three ways the guard accepts, and the `token` query that only some routes read. */
export type Transport = 'bearer' | 'x-token' | 'cookie' | 'query';

export interface FuzzRequest {
  method: string;
  /** As on the wire: path and query, percent-encoded, sometimes wrongly on purpose. */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  as: Identity;
}

/** Values that exist in the world under test, so that plausible input reaches real rows. */
export interface World {
  usernames: string[];
  boxIds: string[];
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/vnd.api+json',
  'json',
  '',
];

/** Paths the document does not list: the console's catch-all, unknown API paths, the docs, the sockets. */
const UNDOCUMENTED = ['/{rest}', '/api/{rest}', '/api/v2/{rest}', '/api/v2/docs/{rest}', '/api/v2/docs/json', '/api/v2/ws', '/mqtt', '/assets/{rest}'];

const plausibleByWorld = new WeakMap<World, Record<string, fc.Arbitrary<unknown>>>();

/** Plausible values by field name, beyond what the schema says: real codes, device types, ids near the seeded ones. */
function plausibleByName(world: World): Record<string, fc.Arbitrary<unknown>> {
  const known = plausibleByWorld.get(world);
  if (known) return known;
  const smallId = fc.integer({ min: 1, max: 40 });
  const boxId = world.boxIds.length > 0 ? fc.constantFrom(...world.boxIds) : fc.stringMatching(/^\d{1,32}$/);
  const newName = fc.stringMatching(/^fuzz_[a-z0-9]{3,10}$/);
  const plausible = {
    ck: fc.constantFrom('1001', '2002', '0000', '9999'),
    boxId,
    device_id: boxId,
    box_id: boxId,
    device_ids: fc.array(boxId, { minLength: 1, maxLength: 3 }),
    controllerId: fc.constantFrom('1', '2', '0', '255'),
    device_type: fc.constantFrom('maglev_blower', 'generic_plc', 'screw_compressor', 'nope'),
    deviceTypeId: fc.constantFrom('maglev_blower', 'generic_plc', 'nope'),
    username: fc.oneof(newName, fc.constantFrom(...world.usernames)),
    password: fc.constantFrom('Fuzz12345678', 'short', ''),
    password_repeat: fc.constantFrom('Fuzz12345678', 'other'),
    old_password: fc.constantFrom('wrong-password', ''),
    new_password: fc.constantFrom('Fuzz12345678', 'short'),
    user_id: smallId,
    helper_id: smallId,
    manager_id: smallId,
    template_id: fc.option(smallId),
    id: smallId,
    register: fc.integer({ min: 0, max: 70 }),
    from: fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01', 'yesterday', '0', '-1', '9999-12-31T23:59:59Z'),
    to: fc.constantFrom('2026-12-31T00:00:00Z', '1970-01-01T00:00:00Z', 'now'),
  };
  plausibleByWorld.set(world, plausible);
  return plausible;
}

/** Values that pass the schema (or nearly: the schema cannot say everything). */
function validFor(schema: JsonSchema, name: string | undefined, world: World, depth = 0): fc.Arbitrary<unknown> {
  const known = name ? plausibleByName(world)[name] : undefined;
  if (known) return known;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validFor(choice, name, world, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const value = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
        return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
      case 'integer':
        return fc.integer({ min: Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1000, 1000) });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items && depth < 4 ? validFor(schema.items, undefined, world, depth + 1) : fc.anything(), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object':
        return depth < 4 ? objectFor(schema, world, 'valid', depth + 1) : fc.constant({});
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(value) : value;
}

type Mood = 'valid' | 'hostile';

/** An object for the schema: each property plausible, hostile, or missing; sometimes extra and prototype keys. */
function objectFor(schema: JsonSchema, world: World, mood: Mood, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const field = ([name, property]: [string, JsonSchema]) => (mood === 'valid' ? validFor(property, name, world, depth) : fieldValue(property, name, world));
  const present = ([name]: [string, JsonSchema]) => (schema.required?.includes(name) ? fc.boolean().map((omit) => !omit || mood === 'valid') : fc.boolean());
  const base = fc.tuple(...properties.map((entry) => fc.tuple(present(entry), field(entry)))).map((values) => {
    const object: Record<string, unknown> = {};
    values.forEach(([keep, value], index) => {
      if (keep) withKey(object, properties[index]![0], value);
    });
    return object;
  });
  if (mood === 'valid') {
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object' && properties.length === 0) {
      return fc.dictionary(fc.string({ maxLength: 20 }), validFor(schema.additionalProperties, undefined, world, depth), { maxKeys: 3 });
    }
    return base;
  }
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'role'), hostileText()), hostileJsonValue()), {
    maxLength: 2,
  });
  return fc.tuple(base, extra).map(([object, extras]) => {
    for (const [key, value] of extras) withKey(object, key, value);
    return object;
  });
}

/** One field of a hostile request: mostly plausible, often tainted or of another kind entirely. */
function fieldValue(schema: JsonSchema, name: string, world: World): fc.Arbitrary<unknown> {
  const valid = validFor(schema, name, world);
  const tainted = valid.chain((value) => (typeof value === 'string' ? taint(fc.constant(value)) : hostileJsonValue()));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: tainted }, { weight: 3, arbitrary: hostileJsonValue() });
}

/** A query or path value on the wire: plausible, tainted, or raw hostile bytes and escapes. */
function urlValue(schema: JsonSchema, name: string, world: World): fc.Arbitrary<string> {
  const asText = (value: unknown) => (typeof value === 'string' ? value : value instanceof RawJson ? value.text : (JSON.stringify(value) ?? ''));
  const valid = validFor(schema, name, world).map(asText);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(percentEncode) },
    { weight: 2, arbitrary: taint(valid).map(percentEncode) },
    { weight: 3, arbitrary: hostileUrlPart() },
  );
}

function queryFor(parameters: Parameter[], world: World, scale: Scale): fc.Arbitrary<string> {
  const declared = parameters.map((parameter) =>
    fc.option(
      urlValue(parameter.schema ?? {}, parameter.name, world).map((value) => `${parameter.name}=${value}`),
      { freq: 2 },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc
        .tuple(fc.constantFrom('__proto__[admin]', 'constructor[prototype][x]', 'page', 'token', 'a[]', ''), hostileUrlPart())
        .map(([key, value]) => `${key}=${value}`),
      hostileUrlPart(),
    ),
    { maxLength: 2 },
  );
  const query = fc.tuple(fc.tuple(...declared), extra).map(([values, extras]) => [...values.filter((value) => value !== null), ...extras].join('&'));
  const huge = hugeValue(scale).map((value) => `keyword=${percentEncode(value instanceof RawJson ? value.text : value)}`);
  return fc.oneof({ weight: 40, arbitrary: query }, { weight: 1, arbitrary: huge });
}

/** The path with its parameters filled; sometimes left empty, doubled slashes or a changed case. */
function pathFor(template: string, parameters: Parameter[], world: World): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const schemaOf = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema ?? { type: 'string' };
  const values = fc.tuple(
    ...names.map((name) => fc.oneof({ weight: 9, arbitrary: urlValue(schemaOf(name), name, world) }, { weight: 1, arbitrary: fc.constant('') })),
  );
  const unchanged = (path: string) => path;
  const twist = fc.constantFrom<(path: string) => string>(
    ...Array.from({ length: 12 }, () => unchanged),
    (path) => `${path}/`,
    (path) => path.replace('/api/', '//api/'),
    (path) => path.toUpperCase(),
    (path) => `${path}/..`,
  );
  return fc.tuple(values, twist).map(([filled, change]) => change(names.reduce((path, name, index) => path.replace(`{${name}}`, filled[index]!), template)));
}

function bodyFor(operation: Operation | undefined, world: World, scale: Scale): fc.Arbitrary<{ body?: Buffer; contentType?: string }> {
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  const fields = Object.keys(schema?.properties ?? {});
  const object = schema ? objectFor(schema, world, 'hostile', 0) : fc.constant({});
  const oneHugeField = fc
    .tuple(object, fields.length > 0 ? fc.constantFrom(...fields) : hostileText(), hugeValue(scale))
    .map(([value, field, huge]) => withKey(value, field, huge));
  const json = fc.oneof(
    { weight: 30, arbitrary: object },
    { weight: 8, arbitrary: hostileJsonValue() },
    { weight: 1, arbitrary: oneHugeField },
    { weight: 1, arbitrary: hugeValue(scale) },
  );
  const text = fc.oneof(
    { weight: 6, arbitrary: json.map(jsonText) },
    { weight: 1, arbitrary: json.map((value) => jsonText(value).slice(0, -1)) },
    { weight: 1, arbitrary: hostileText() },
  );
  const bytes = fc.oneof(
    { weight: 8, arbitrary: text.map((value) => Buffer.from(value, 'utf8')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((value) => Buffer.from(value)) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":"\xc0\xaf"}', '\xff\xfe{\x00}\x00', '{"a":"\xed\xa0\x80"}').map((value) => Buffer.from(value, 'latin1')) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.oneof(
    { weight: schema ? 9 : 1, arbitrary: fc.record({ body: bytes, contentType }) },
    { weight: schema ? 1 : 5, arbitrary: fc.record({ contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }) }) },
  );
}

function identityFor(usernames: string[]): fc.Arbitrary<Identity> {
  const via = fc.constantFrom<Transport>('bearer', 'bearer', 'x-token', 'cookie', 'query');
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Identity>({ kind: 'anonymous' }) },
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('account' as const), username: fc.constantFrom(...usernames), via }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('bad-token' as const),
        token: fc.oneof(fc.constant('ended' as const), hostileHeaderValue(), fc.stringMatching(/^[0-9a-f]{64}$/)),
        via,
      }),
    },
  );
}

/** Headers an attacker varies besides the credential: language, forwarding, request id, cookies, ranges. */
function extraHeaders(): fc.Arbitrary<Record<string, string>> {
  const name = fc.constantFrom(
    'accept-language',
    'x-forwarded-for',
    'x-request-id',
    'cookie',
    'range',
    'if-none-match',
    'accept',
    'origin',
    'x-http-method-override',
  );
  return fc.dictionary(name, hostileHeaderValue(), { maxKeys: 2 });
}

interface Target {
  method: string;
  path: string;
  operation?: Operation;
}

/** Requests to one route: its path, query and body filled, an identity and a few more headers. */
function requestsTo(target: Target, world: World, scale: Scale): fc.Arbitrary<FuzzRequest> {
  return fc.oneof({ weight: 2, arbitrary: hostileRequestsTo(target, world, scale) }, { weight: 1, arbitrary: plausibleRequestsTo(target, world) });
}

/**
 * Requests that pass validation, as a signed-in account: they reach the services and the database
 * (and the state they change, such as a deleted helper or a shared box, is what later input meets).
 */
function plausibleRequestsTo({ method, path, operation }: Target, world: World): fc.Arbitrary<FuzzRequest> {
  const parameters = operation?.parameters ?? [];
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const schemaOf = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema ?? { type: 'string' };
  const asText = (value: unknown) => percentEncode(typeof value === 'string' ? value : String(value));
  const query = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const pair = validFor(parameter.schema ?? {}, parameter.name, world).map((value) => `${parameter.name}=${asText(value)}`);
      return parameter.required ? pair : fc.option(pair, { freq: 2 });
    });
  const schema = operation?.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      values: fc.tuple(...names.map((name) => validFor(schemaOf(name), name, world).map(asText))),
      search: fc.tuple(...query).map((pairs) => pairs.filter((pair) => pair !== null).join('&')),
      body: schema ? validFor(schema, undefined, world).map((value) => Buffer.from(jsonText(value))) : fc.constant(undefined),
      username: fc.constantFrom(...world.usernames),
    })
    .map(({ values, search, body, username }): FuzzRequest => {
      const filled = names.reduce((url, name, index) => url.replace(`{${name}}`, values[index]!), path);
      return {
        method,
        url: search ? `${filled}?${search}` : filled,
        headers: body ? { 'content-type': 'application/json' } : {},
        body,
        as: { kind: 'account', username, via: 'bearer' },
      };
    });
}

function hostileRequestsTo({ method, path, operation }: Target, world: World, scale: Scale): fc.Arbitrary<FuzzRequest> {
  const parameters = operation?.parameters ?? [];
  const query = parameters.filter((parameter) => parameter.in === 'query');
  return fc
    .record({
      path: pathFor(path, parameters, world),
      query: queryFor(query, world, scale),
      payload: bodyFor(operation, world, scale),
      headers: extraHeaders(),
      as: identityFor(world.usernames),
    })
    .map(({ path: filled, query: search, payload, headers, as }) => ({
      method,
      url: search ? `${filled}?${search}` : filled,
      headers: payload.contentType === undefined ? headers : { ...headers, 'content-type': payload.contentType },
      body: payload.body,
      as,
    }));
}

/**
 * The arbitrary of hostile requests: to every route of `document` with its declared method or a
 * wrong one, and to the undocumented paths; sent as anonymous, with bad tokens and as `world.usernames`.
 */
export function hostileRequests(document: OpenApiDocument, world: World, scale: Scale): fc.Arbitrary<FuzzRequest> {
  const declared = fc.oneof(
    ...Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => requestsTo({ method: method.toUpperCase(), path, operation }, world, scale)),
    ),
  );
  const wrongMethod = fc.tuple(declared, fc.constantFrom(...METHODS)).map(([request, method]) => ({ ...request, method }));
  const undocumented = fc
    .tuple(fc.oneof(...UNDOCUMENTED.map((path) => requestsTo({ method: 'GET', path }, world, scale))), fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'DELETE'))
    .map(([request, method]) => ({ ...request, method }));
  return fc.oneof({ weight: 16, arbitrary: declared }, { weight: 2, arbitrary: wrongMethod }, { weight: 2, arbitrary: undocumented });
}
