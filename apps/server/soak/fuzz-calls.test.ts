// Bad input (issue 19): a fuzz run over every operation of the OpenAPI document the server serves.
// For each one fast-check writes malformed requests (wrong JSON types, missing and extra fields, huge
// and unicode strings, nulls, arrays for objects, truncated JSON, broken x-ag-json typed values, bad
// path and query values, wrong or missing content types, odd headers, bad credentials), signed in and
// not, and sends them through app.inject. No answer may be a 5xx, every refusal must be the spec's
// error object {message, key, body, hydraErrorCode, code}, consistent with the error catalogue, and
// every successful answer must be what the document says of it: a status it declares, and a body that
// matches the operation's response schema for the media type answered (Ajv, JSON Schema 2020-12).
// The seed is fixed (FUZZ_SEED overrides it); a failure names the seed, the request and the answer.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { AG_JSON, parseAgJson } from '@portal/contract/codec';
import { ERRORS, errorKey } from '@portal/contract/errors/catalogue';
import type { ErrorName } from '@portal/contract/errors/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PLATFORMS } from '../src/platforms/sandbox/catalogue.ts';
import { DEMO_EXPIRED_USER_CODE } from '../src/seed/demo-players.ts';
import { DEMO_PLAYTEST_CODE, DEMO_TWITCH_BENEFIT } from '../src/seed/demo-playtest.ts';
import { DEMO_GAME_API_KEY, DEMO_OAUTH_CLIENT_ID } from '../src/seed/demo.ts';
import { API_KEY, insertAccount, testApp } from '../test/helpers.ts';
import type { TestApp } from '../test/helpers.ts';
import { startPlatformSandbox } from '../test/platform-sandbox.ts';
import type { PlatformSandbox } from '../test/platform-sandbox.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_419);
/** Requests per operation (FUZZ_RUNS overrides it): 97 operations × 300 = 29,100 requests in all. */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 300);
const MIN_REQUESTS = 10_000;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content: Record<string, { schema: Schema }> }>;
}
interface Target {
  method: string;
  path: string;
  operation: Operation;
}

/** Which access token a request carries, resolved when it is sent. */
const CREDENTIALS = ['none', 'web', 'web-bearer', 'web-twice', 'mfa-pending', 'game', 'ended'] as const;
type Credential = (typeof CREDENTIALS)[number];

interface FuzzRequest {
  method: string;
  url: string;
  credential: Credential;
  headers: Record<string, string | string[]>;
  payload: string | Uint8Array | null;
  remoteAddress: string;
}

// ---- Values --------------------------------------------------------------------------------------

/** Header values as they can cross the wire: visible Latin-1 and tabs, no line breaks. */
const latin1 = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }), fc.constant(0x09))
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

/** Percent-encodes a string (lone surrogates become U+FFFD, as a browser sends them). */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

const hugeString = fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'é'.repeat(n));
const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202eevil',
    '😀😀😀',
    '__proto__',
    'constructor',
    '{{message}}',
    "' OR 1=1 --",
    '../../etc/passwd',
    'null',
    'true',
    '1e999',
    '-0',
    'NaN',
  ),
);
/** A broken x-ag-json typed value. */
const brokenTyped = fc.oneof(
  fc.record({
    _agType: fc.constantFrom('datetime', 'binary', 'objectid', 'localized', 'mystery'),
    _agValue: fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.record({
    _agType: fc.constantFrom('calendar_controlled', 'hydra_reference', 'hidden'),
    _agValue: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.constantFrom(
    { _agType: 'datetime', _agValue: '2026-02-31T00:00:00Z' },
    { _agType: 'datetime', _agValue: '+275760-09-13T00:00:00.001Z' },
    { _agType: 'binary', _agValue: 'not base64!' },
    { _agType: 'localized', _agValue: { localizations: { 'en-US': 1 } } },
    { _agType: 'hydra_reference', _agValue: { model_cls: 1 } },
    { _agType: null, _agValue: 1 },
  ),
);
/** Nested past the codec's depth limit (64); deeper nesting is sent as text (bodyOf). */
const nested = fc.integer({ min: 60, max: 100 }).map((n) => JSON.parse(`${'['.repeat(n)}1${']'.repeat(n)}`) as unknown);
/** A value of the wrong kind, wherever one is expected. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddString, weight: 4 },
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 3 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), weight: 2 },
  { arbitrary: brokenTyped, weight: 3 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: nested, weight: 1 },
);

/**
 * ISO date-times in UTC or with an offset, of years 0000 to 9999 (year 0000, or a date past 9999 once
 * its offset is applied, is refused: the contract's datetime takes the years PostgreSQL stores).
 */
const isoDatetime = fc
  .tuple(
    fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+00:00', '+0130', '-12:00', '+14:00', ''),
  )
  .map(([d, zone]) => d.toISOString().replace('Z', zone));

/** A value of a JSON schema of the OpenAPI document (kept small). */
function valueOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return fc.oneof(...union.map((s) => valueOf(s, depth)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueOf({ ...schema, type }, depth)));
  // A datetime travels as an ISO string or as an x-ag-json typed value.
  if (schema.format === 'date-time')
    return fc.oneof(
      isoDatetime,
      isoDatetime.map((v) => ({ _agType: 'datetime', _agValue: v })),
    );
  const num = (key: string, fallback: number) => (typeof schema[key] === 'number' ? (schema[key] as number) : fallback);
  switch (schema.type) {
    case 'object':
      return objectOf(schema, depth);
    case 'array': {
      const min = num('minItems', 0);
      return fc.array(valueOf((schema.items ?? {}) as Schema, depth + 1), {
        minLength: min,
        maxLength: Math.max(min, Math.min(num('maxItems', 3), 3)),
      });
    }
    case 'string':
      return stringOf(schema);
    case 'integer': {
      // Mostly small, sometimes the bounds themselves.
      const min = num('minimum', -(2 ** 31));
      const max = num('maximum', 2 ** 31 - 1);
      return fc.oneof(
        { arbitrary: fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, 1e6) }), weight: 4 },
        { arbitrary: fc.constantFrom(min, max), weight: 1 },
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: num('minimum', -1e6), max: num('maximum', 1e6) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: depth > 1 ? 0 : 1 });
  }
}

/**
 * Values the database holds (game slugs, client ids and their redirect URIs, playtest ids and codes,
 * other players' ids, emails and names, a live device code, a refresh token), read before the run:
 * a string field sometimes takes one, so that requests get past "not found" into the calls' rules.
 */
let known: string[] = [];

function stringOf(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: shapedString(schema), weight: 4 }, { arbitrary: fc.constantFrom(...known), weight: 1 });
}

function shapedString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return isoDatetime;
  if (schema.format === 'uri') return fc.webUrl();
  if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 40) : 40;
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  if (properties.length === 0 && typeof schema.additionalProperties === 'object') {
    const names = schema.propertyNames ? stringOf(schema.propertyNames as Schema) : fc.string({ maxLength: 12 });
    return fc.dictionary(names, valueOf(schema.additionalProperties as Schema, depth + 1), { maxKeys: 3 });
  }
  const required = new Set((schema.required ?? []) as string[]);
  const shape = Object.fromEntries(properties.map(([name, s]) => [name, valueOf(s, depth + 1)]));
  return fc.record(shape, { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) });
}

interface Change {
  kind: 'drop' | 'replace' | 'add' | 'wrap-array' | 'null-field';
  at: number;
  key: string;
  value: unknown;
}

/** Changes of a well-formed value: a field dropped, replaced by junk, added, or the whole wrapped. */
const mutation: fc.Arbitrary<Change> = fc.record({
  kind: fc.constantFrom<Change['kind']>('drop', 'replace', 'replace', 'add', 'wrap-array', 'null-field'),
  at: fc.nat(),
  key: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', '_agType', 'id')),
  value: junk,
});

function mutate(value: unknown, change: Change): unknown {
  const copy = structuredClone(value) as unknown;
  const holders: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    holders.push(v as Record<string, unknown>);
    for (const item of Object.values(v)) walk(item);
  };
  walk(copy);
  if (change.kind === 'wrap-array') return [copy];
  const holder = holders[change.at % Math.max(1, holders.length)];
  if (!holder) return change.value;
  const keys = Object.keys(holder);
  const key = keys[change.at % Math.max(1, keys.length)] ?? change.key;
  if (change.kind === 'drop') Reflect.deleteProperty(holder, key);
  else if (change.kind === 'add') Object.defineProperty(holder, change.key, { value: change.value, enumerable: true });
  else holder[key] = change.kind === 'null-field' ? null : change.value;
  return copy;
}

// ---- Requests ------------------------------------------------------------------------------------

/**
 * Path parameters: values of their schema, odd strings, and what Fastify itself refuses before any
 * hook (`%ZZ`, a truncated UTF-8 sequence, one over its maxParamLength): all answered with the error
 * object (frameworkErrors in buildApp).
 */
const segment = (schema: Schema) =>
  fc.oneof(
    { arbitrary: valueOf(schema).map((v) => pct(String(v))), weight: 3 },
    { arbitrary: oddString.map(pct), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2F',
        '%2e%2e',
        '%00',
        '%20',
        '-1',
        '0',
        'x'.repeat(1001),
        '%ZZ',
        '%E0%A4%A',
      ),
      weight: 1,
    },
  );

const queryValue = (schema: Schema) =>
  fc.oneof(
    {
      arbitrary: valueOf(schema).map((v) =>
        Array.isArray(v) ? v.map(String) : [typeof v === 'object' ? JSON.stringify(v) : String(v)],
      ),
      weight: 3,
    },
    { arbitrary: fc.array(oddString, { minLength: 1, maxLength: 3 }), weight: 2 },
    {
      arbitrary: fc.constantFrom(['%ZZ'], [''], ['x'.repeat(5_000)], ['1e999'], ['-1'], ['0x10'], ['True', 'False']),
      weight: 1,
    },
  );

function queryOf(parameters: Parameter[]): fc.Arbitrary<string> {
  const own = parameters.filter((p) => p.in === 'query');
  const pairs = own.map((p) =>
    fc.option(
      queryValue(p.schema).map((values) => values.map((v) => `${p.name}=${v.startsWith('%') ? v : pct(v)}`)),
      { freq: 3 },
    ),
  );
  const extra = fc.oneof(
    { arbitrary: fc.constant([] as string[]), weight: 4 },
    {
      arbitrary: fc
        .dictionary(fc.string({ minLength: 1, maxLength: 8 }), oddString, { maxKeys: 3 })
        .map((d) => Object.entries(d).map(([k, v]) => `${pct(k)}=${pct(v)}`)),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom(
        ['&&=&'],
        ['%ZZ=1'],
        ['a[b]=1'],
        ['expand_localizations=False'],
        ['__proto__=x'],
        ['=x'],
      ),
      weight: 1,
    },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([own, more]) => {
    const parts = [...own.flatMap((p) => p ?? []), ...more];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  AG_JSON,
  `${AG_JSON}; charset=utf-8`,
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonp',
  '*/*',
  '',
  'garbage',
];

function bodyOf(target: Target): fc.Arbitrary<{ payload: string | Uint8Array | null; contentType: string | null }> {
  const schema = target.operation.requestBody?.content['application/json']?.schema;
  const wellFormed = schema ? valueOf(schema) : fc.constantFrom({}, null);
  const value = fc.oneof(
    { arbitrary: wellFormed, weight: 3 },
    {
      arbitrary: fc
        .tuple(wellFormed, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, changes]) => changes.reduce(mutate, v)),
      weight: 5,
    },
    { arbitrary: junk, weight: 2 },
  );
  const text = fc.oneof(
    { arbitrary: value.map((v) => JSON.stringify(v) ?? 'null'), weight: 8 },
    {
      arbitrary: fc.tuple(value, fc.nat()).map(([v, n]) => {
        const s = JSON.stringify(v) ?? '{}';
        return s.slice(0, n % Math.max(1, s.length));
      }),
      weight: 2,
    },
    {
      arbitrary: fc.oneof(oddString, fc.constantFrom('{', '[', '{"a":}', 'a=1&b=2', '\ufeff{}', '{}{}', '{"a":1,}')),
      weight: 1,
    },
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }), weight: 1 },
    { arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`), weight: 1 },
    { arbitrary: fc.integer({ min: 100_001, max: 140_000 }).map((n) => `{"a":"${'x'.repeat(n)}"}`), weight: 1 },
  );
  const contentType = fc.oneof(
    { arbitrary: fc.constantFrom('application/json', AG_JSON), weight: 8 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  const withBody = fc.record({ payload: text, contentType });
  const none = fc.record({ payload: fc.constant(null), contentType: fc.option(fc.constantFrom(...CONTENT_TYPES)) });
  const hasBody = target.method !== 'get' && target.method !== 'delete';
  return fc.oneof({ arbitrary: withBody, weight: hasBody ? 9 : 1 }, { arbitrary: none, weight: hasBody ? 1 : 6 });
}

/** Headers a request may carry besides its API key and credential: at most three of them, odd. */
const ODD_HEADERS: Record<string, fc.Arbitrary<string | string[]>> = {
  'x-hydra-api-key': fc.oneof(
    fc.constant(DEMO_GAME_API_KEY),
    latin1(40),
    fc.constant(''),
    fc.constant<string[]>([API_KEY, API_KEY]),
    fc.constant('k'.repeat(10_000)),
  ),
  accept: fc.oneof(
    fc.constantFrom('*/*', 'text/html', `${AG_JSON};q=0.1, application/json`, 'APPLICATION/X-AG-JSON'),
    fc.constant<string[]>(['application/json', AG_JSON]),
    latin1(30),
    fc.constant('a'.repeat(20_000)),
  ),
  'accept-language': fc.oneof(
    fc.constantFrom('fr-FR', 'ar-AE,en;q=0.5', 'zh-Hant-TW', 'xx', '*', 'en;q=2', 'de;q=abc', ',,;'),
    latin1(40),
    fc.constant('en;q=0.1,'.repeat(2_000)),
  ),
  authorization: fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer abc', 'Bearer a b', 'Bearer at_x.y'),
    latin1(40).map((s) => `Bearer ${s}`),
    fc.constant(`Bearer ${'A'.repeat(600)}`),
  ),
  'x-hydra-access-token': fc.oneof(latin1(60), fc.constant('t'.repeat(5_000)), fc.constant('null')),
  'x-hydra-visitor-id': fc.oneof(fc.uuid(), latin1(70)),
  'x-request-id': latin1(70),
  'x-captcha-response': latin1(100),
  'x-hydra-utm-source': latin1(300),
  'x-hydra-game-referrer': latin1(300),
  'x-forwarded-for': latin1(40),
  'content-length': fc.nat({ max: 200 }).map(String),
};
const headersArb = fc
  .record({
    accept: fc.constantFrom('application/json', AG_JSON),
    odd: fc.array(
      fc.oneof(...Object.entries(ODD_HEADERS).map(([name, value]) => value.map((v) => [name, v] as const))),
      {
        maxLength: 3,
      },
    ),
  })
  .map(({ accept, odd }) => ({ 'x-hydra-api-key': API_KEY, accept, ...Object.fromEntries(odd) }));

const remoteAddress = fc.oneof(
  fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
  fc.tuple(fc.nat(0xffff), fc.nat(0xffff)).map(([a, b]) => `fd00:${a.toString(16)}:${b.toString(16)}::1`),
);

function requestOf(target: Target): fc.Arbitrary<FuzzRequest> {
  const params = target.operation.parameters.filter((p) => p.in === 'path');
  const path = fc
    .tuple(...params.map((p) => segment(p.schema)))
    .map((values) => params.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i] ?? ''), `/api${target.path}`));
  const method = fc.oneof(
    { arbitrary: fc.constant(target.method.toUpperCase()), weight: 19 },
    { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), weight: 1 },
  );
  const credential = fc.oneof(
    { arbitrary: fc.constantFrom<Credential>('web', 'web-bearer'), weight: 6 },
    { arbitrary: fc.constantFrom(...CREDENTIALS), weight: 4 },
  );
  return fc
    .record({
      method,
      path,
      query: queryOf(target.operation.parameters),
      credential,
      headers: headersArb,
      body: bodyOf(target),
      remoteAddress,
    })
    .map(({ method, path, query, credential, headers, body, remoteAddress }) => ({
      method,
      url: path + query,
      credential,
      headers: {
        ...headers,
        ...(body.contentType !== null ? { 'content-type': body.contentType } : {}),
      } as Record<string, string | string[]>,
      payload: body.payload,
      remoteAddress,
    }));
}

// ---- The run -------------------------------------------------------------------------------------

let t: TestApp;
let sandbox: PlatformSandbox;
let targets: Target[] = [];
/** The operations of the served document, by path template and method. */
let paths: Record<string, Record<string, Operation>> = {};
let errorFields: string[] = [];
let ended = '';
let sent = 0;
/** Successful answers validated against the document. */
let documented = 0;
/** Per operation: the answers that got past the gates (API key, rate limit, session, media type). */
const reached = new Map<string, number>();
/** Answers by error code (or status when it is not a refusal), for the run's summary. */
const answers = new Map<string, number>();
const GATES = new Set([
  'invalid_api_key',
  'too_many_requests',
  'unauthorized',
  'auth_expired',
  'unsupported_media_type',
  'payload_too_large',
]);

beforeAll(async () => {
  t = await testApp({
    // The calls' own validation is what is fuzzed, not the rate limits (a 429 is still checked).
    RATE_LIMIT_PER_MINUTE: '100000000',
    SIGN_IN_PER_MINUTE: '100000000',
    CODE_MAILS_PER_CLIENT_HOUR: '100000000',
    DEVICE_GUESSES_PER_MINUTE: '100000000',
    FRIEND_SEARCHES_PER_MINUTE: '10000',
    SOFT_LOCK_THRESHOLD: '100',
  });
  // Platform sign-ins and links talk to real OpenID Providers on loopback, not to nothing.
  sandbox = await startPlatformSandbox(t.deps.config.publicUrl);
  for (const platform of SANDBOX_PLATFORMS) await t.deps.platforms.put(sandbox.config(platform));
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  errorFields = [...doc.components.schemas.Error.required].sort();
  paths = doc.paths;
  targets = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method, path, operation })),
  );
  const signedOut = await t.deps.tokens.start({ accountId: await insertAccount(t.deps.db) });
  ended = signedOut.accessToken;
  const out = await t.app.inject({
    method: 'DELETE',
    url: '/api/sessions',
    headers: { 'x-hydra-api-key': API_KEY, 'x-hydra-access-token': ended },
  });
  expect(out.statusCode).toBeLessThan(300);
  known = await knownValues();
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

async function knownValues(): Promise<string[]> {
  const column = async (sql: string) => ((await t.deps.db.query(sql)) as { v: unknown }[]).map((row) => String(row.v));
  const device = await t.app.inject({
    method: 'POST',
    url: '/api/sessions/device',
    headers: { 'x-hydra-api-key': API_KEY, accept: 'application/json', 'content-type': 'application/json' },
    payload: { client_id: DEMO_OAUTH_CLIENT_ID, device_name: 'Living room' },
  });
  expect(device.statusCode).toBe(200);
  const values = [
    ...(await column('SELECT slug AS v FROM games')),
    ...(await column('SELECT client_id AS v FROM oauth_clients')),
    ...(await column('SELECT unnest(redirect_uris) AS v FROM oauth_clients')),
    ...(await column('SELECT id AS v FROM betas')),
    ...(await column('SELECT code AS v FROM beta_codes LIMIT 10')),
    ...(await column('SELECT id AS v FROM accounts LIMIT 10')),
    ...(await column('SELECT email AS v FROM accounts WHERE email IS NOT NULL LIMIT 10')),
    ...(await column('SELECT username AS v FROM accounts WHERE username IS NOT NULL LIMIT 10')),
    (device.json() as { user_code: string }).user_code,
    (await t.deps.tokens.start({ accountId: await insertAccount(t.deps.db) })).refreshToken,
    DEMO_EXPIRED_USER_CODE,
    DEMO_PLAYTEST_CODE,
    DEMO_TWITCH_BENEFIT,
  ];
  expect(values.length).toBeGreaterThan(20);
  return values;
}

/** Each operation fuzzes its own account, so what one call changes (a sign-out, a country) stays there. */
async function player() {
  const accountId = await insertAccount(t.deps.db);
  const start = async (options: { mfaPending?: boolean; clientId?: string } = {}) =>
    (await t.deps.tokens.start({ accountId, ...options })).accessToken;
  return {
    start,
    web: await start(),
    mfa: await start({ mfaPending: true }),
    game: await start({ clientId: DEMO_OAUTH_CLIENT_ID }),
  };
}
type Player = Awaited<ReturnType<typeof player>>;

function credentialHeaders(credential: Credential, who: Player): Record<string, string | string[]> {
  switch (credential) {
    case 'none':
      return {};
    case 'web':
      return { 'x-hydra-access-token': who.web };
    case 'web-bearer':
      return { authorization: `Bearer ${who.web}` };
    case 'web-twice':
      return { 'x-hydra-access-token': [who.web, who.web] };
    case 'mfa-pending':
      return { 'x-hydra-access-token': who.mfa };
    case 'game':
      return { authorization: `Bearer ${who.game}` };
    case 'ended':
      return { 'x-hydra-access-token': ended };
  }
}

/** The body of an answer, decoded as its content type says: x-ag-json, JSON, or not JSON at all. */
function decodeAnswer(type: string, text: string): unknown {
  if (type.startsWith(AG_JSON)) return parseAgJson(text);
  if (type.startsWith('application/json')) return JSON.parse(text);
  throw new Error(`a refusal of type "${type}", not JSON`);
}

/** What is wrong with an answer, or null: a 5xx, or a refusal that is not the spec's error object. */
function problemOf(status: number, type: string, text: string): string | null {
  if (status >= 500) return `a server error (${status})`;
  if (status < 400) {
    // An answer decodes as the content type it names.
    if (text === '') return null;
    try {
      decodeAnswer(type, text);
      return null;
    } catch {
      return `an answer that does not decode as ${type}`;
    }
  }
  let body: Record<string, unknown>;
  try {
    body = decodeAnswer(type, text) as Record<string, unknown>;
  } catch (error) {
    return error instanceof SyntaxError ? 'a refusal whose body does not parse' : String((error as Error).message);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'a refusal that is not an object';
  const fields = Object.keys(body).sort();
  if (fields.join() !== errorFields.join()) return `a refusal with the fields ${fields.join()}`;
  const { message, key, hydraErrorCode, code } = body;
  const name = code as ErrorName;
  if (typeof code !== 'string' || !Object.hasOwn(ERRORS, code)) return `an unknown error code ${String(code)}`;
  if (typeof message !== 'string' || message === '') return 'an error without a message';
  if (key !== errorKey(name) || hydraErrorCode !== ERRORS[name].code)
    return 'an error whose key or number is not its code';
  if (body.body !== null && (typeof body.body !== 'object' || Array.isArray(body.body)))
    return 'an error body that is not an object';
  // A refusal Fastify raised itself (a bad URL, a method) keeps its own 4xx status as invalid_request.
  if (status !== ERRORS[name].status && !(name === 'invalid_request' && status < 500))
    return `status ${status} for ${code}`;
  return null;
}

// ---- Successful answers against the document ---------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true, code: { optimize: false } });
// ajv-formats is CommonJS: its plugin is the module's default export.
ajvFormats.default(ajv);
/** Compiled response schemas by their text: many operations share one (the account, a beta). */
const compiled = new Map<string, ValidateFunction>();

/**
 * The operation of the document a request reached: the path template its path matches (Fastify's
 * order: a static segment before a parameter) with its method; undefined when none does.
 */
function operationOf(method: string, url: string): Operation | undefined {
  const segments = (url.split('?')[0] ?? '').replace(/^\/api/, '').split('/');
  let best: { op: Operation; statics: number } | undefined;
  for (const [template, methods] of Object.entries(paths)) {
    const op = methods[method.toLowerCase()];
    const parts = template.split('/');
    if (!op || parts.length !== segments.length) continue;
    let statics = 0;
    const matches = parts.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith('{')) return segment !== '';
      statics++;
      return part === segment;
    });
    if (matches && (!best || statics > best.statics)) best = { op, statics };
  }
  return best?.op;
}

/** What is wrong with a successful answer by the document, or null. */
function undocumentedAnswer(method: string, url: string, status: number, type: string, text: string): string | null {
  const op = operationOf(method, url);
  if (!op) return `a ${status} answer to ${method} ${url.split('?')[0]}, which no operation of the document serves`;
  const media = type.startsWith(AG_JSON) ? AG_JSON : type.startsWith('application/json') ? 'application/json' : null;
  if (media === null) return `a ${status} answer of type ${type}`;
  const schema = op.responses[String(status)]?.content[media]?.schema;
  if (!schema) return `status ${status}, which the document does not declare for ${op.operationId}`;
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
  documented++;
  if (validate(JSON.parse(text))) return null;
  return `an answer of ${op.operationId} that does not match its ${media} schema: ${ajv.errorsText(validate.errors)}`;
}

const preview = (value: unknown) => {
  const text = value instanceof Uint8Array ? `bytes ${Buffer.from(value).toString('hex')}` : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

/** Operation `index` runs with seed SEED + index, which its failure names. */
async function fuzz(target: Target, seed: number) {
  const who = await player();
  const id = target.operation.operationId;
  await fc.assert(
    fc.asyncProperty(requestOf(target), async (request) => {
      const headers = { ...request.headers, ...credentialHeaders(request.credential, who) };
      const res = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload !== null
          ? { payload: typeof request.payload === 'string' ? request.payload : Buffer.from(request.payload) }
          : {}),
      });
      sent++;
      const type = String(res.headers['content-type'] ?? '');
      const problem =
        problemOf(res.statusCode, type, res.body) ??
        (res.statusCode < 300 ? undocumentedAnswer(request.method, request.url, res.statusCode, type, res.body) : null);
      if (problem !== null) {
        throw new Error(
          `${id} (seed ${seed}): ${problem}\n  request: ${request.method} ${preview(request.url)} ` +
            `as ${request.remoteAddress}\n  headers: ${preview(headers)}\n  payload: ${preview(request.payload)}\n` +
            `  answer: ${res.statusCode} ${type} ${preview(res.body)}`,
        );
      }
      const code = res.statusCode >= 400 ? (decodeAnswer(type, res.body) as { code: string }).code : null;
      if (code === null || !GATES.has(code)) reached.set(id, (reached.get(id) ?? 0) + 1);
      const answer = code ?? String(res.statusCode);
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
      // A sign-out or a password change may end the player's web session: sign in again.
      if ((code === 'auth_expired' || code === 'unauthorized') && request.credential.startsWith('web'))
        who.web = await who.start();
      if (code === 'auth_expired' && request.credential === 'mfa-pending')
        who.mfa = await who.start({ mfaPending: true });
      if (code === 'auth_expired' && request.credential === 'game')
        who.game = await who.start({ clientId: DEMO_OAUTH_CLIENT_ID });
    }),
    { numRuns: RUNS_PER_OPERATION, seed, includeErrorInReport: true },
  );
}

describe('malformed requests to every call of the OpenAPI document', () => {
  it('reads the operations from the served document', () => {
    expect(targets.length).toBeGreaterThanOrEqual(90);
    expect(targets.length * RUNS_PER_OPERATION).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });

  it('answers every one below 500, and every refusal with the error object', async () => {
    // Every operation runs even when one fails, so that one run reports them all.
    const failures: string[] = [];
    for (const [index, target] of targets.entries()) {
      try {
        await fuzz(target, SEED + index);
      } catch (error) {
        failures.push(String((error as Error).message));
      }
    }
    const summary = [...answers].sort((a, b) => b[1] - a[1]).map(([answer, n]) => `${answer} ${n}`);
    console.info(
      `fuzz-calls: ${sent} requests to ${targets.length} operations, seeds ${SEED}+: ${summary.join(', ')}; ` +
        `${documented} successful answers validated against the document`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Each call was exercised beyond the gates: its validation or its handler answered.
    const unreached = targets.map((target) => target.operation.operationId).filter((id) => (reached.get(id) ?? 0) < 10);
    expect(unreached).toEqual([]);
  });
});

const NUL_EMAIL = 'ab\u0000cd@example.com';
const event = (body: Record<string, unknown>) => ({
  events: [
    {
      name: 'page_view',
      body: { _session_id: 'known-bugs', _platform_name: 'web', _event_time_utc: '2026-01-01T00:00:00Z', ...body },
    },
  ],
});
const device = { client_id: 'a\u0000b', device_name: 'TV' };
const authorize = {
  client_id: 'a\u0000b',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  redirect_uri: 'http://127.0.0.1/callback',
  response_type: 'code',
  code_method: 'S256',
  state: 'abc',
};

/**
 * The bugs the fuzz found, one request each (title, method, URL, body), all fixed in issue 19: each
 * stays as a test of its own.
 */
const KNOWN_BUGS: [string, string, string, unknown][] = [
  // Fastify answers these itself, before the error handler: no `frameworkErrors` in buildApp.
  ['a path parameter that is not valid percent-encoding (FST_ERR_BAD_URL)', 'GET', '/api/games/%ZZ', undefined],
  [
    'a path parameter over 1,000 characters (FST_ERR_MAX_PARAM_LENGTH)',
    'PUT',
    `/api/accounts/me/unlink/${'x'.repeat(1001)}`,
    undefined,
  ],
  // U+0000 reaches PostgreSQL, which refuses it in text: "invalid byte sequence for encoding UTF8: 0x00".
  ['U+0000 in POST /accounts/register/email', 'POST', '/api/accounts/register/email', { email: NUL_EMAIL }],
  ['U+0000 in POST /accounts/login_info', 'POST', '/api/accounts/login_info', { email: NUL_EMAIL }],
  ['U+0000 in GET /accounts/email/check', 'GET', '/api/accounts/email/check?email=ab%00cd%40example.com', undefined],
  ['U+0000 in POST /accounts/recovery/init', 'POST', '/api/accounts/recovery/init', { email: NUL_EMAIL }],
  ['U+0000 in POST /accounts/unlock/init', 'POST', '/api/accounts/unlock/init', { email: NUL_EMAIL }],
  ['U+0000 in GET /accounts/lookup', 'GET', '/api/accounts/lookup?type=username&value=a%00b', undefined],
  ['U+0000 in PUT /accounts/me/email', 'PUT', '/api/accounts/me/email', { email: NUL_EMAIL }],
  [
    'U+0000 in POST /sessions/auth/password',
    'POST',
    '/api/sessions/auth/password',
    { email: NUL_EMAIL, password: 'Correct-Horse-9' },
  ],
  ['U+0000 in POST /sessions/email', 'POST', '/api/sessions/email', { email: NUL_EMAIL }],
  ['U+0000 in POST /sessions/device', 'POST', '/api/sessions/device', device],
  [
    'U+0000 in GET /sessions/authorize/precheck',
    'GET',
    '/api/sessions/authorize/precheck?client_id=a%00b&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcallback',
    undefined,
  ],
  ['U+0000 in POST /sessions/authorize', 'POST', '/api/sessions/authorize', authorize],
  ['U+0000 in POST /wba/events', 'POST', '/api/wba/events', event({ _dedupe_index: 1, _platform_name: 'a\u0000b' })],
  // An integer column for a field the contract takes up to 2^53 - 1.
  ['a _dedupe_index of 2^31 in POST /wba/events', 'POST', '/api/wba/events', event({ _dedupe_index: 2 ** 31 })],
  // Dates PostgreSQL cannot store: year 0000, and past 9999 once the offset is applied.
  [
    'an _event_time_utc in year 0000',
    'POST',
    '/api/wba/events',
    event({ _dedupe_index: 2, _event_time_utc: '0000-06-01T00:00:00Z' }),
  ],
  [
    'an _event_time_utc past year 9999',
    'POST',
    '/api/wba/events',
    event({ _dedupe_index: 3, _event_time_utc: '9999-12-31T23:00:00-05:00' }),
  ],
];

describe('what the fuzz found: each request is answered below 500 with the error object', () => {
  it.each(KNOWN_BUGS)('answers %s below 500 with the error object', async (_title, method, url, body) => {
    const who = await player();
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        'x-hydra-api-key': API_KEY,
        accept: 'application/json',
        'x-hydra-access-token': who.web,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    expect(problemOf(res.statusCode, String(res.headers['content-type'] ?? ''), res.body)).toBeNull();
  });
});
