// The OpenAPI document shows each call's policies, as data (x-policies) and in words, and the
// rate-limit tiers with the limits this server applies.
import { allCalls } from '@portal/contract/calls';
import { deviceUserCode } from '@portal/contract/calls/entities';
import { gameConfig } from '@portal/contract/calls/games';
import { AG_JSON, decode, stringifyAgJson } from '@portal/contract/codec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { demoUserExperience } from '../seed/demo.ts';
import { rateLimitTiers } from '../rate-limit/tiers.ts';
import { buildOpenApi } from './openapi.ts';

interface Operation {
  operationId: string;
  description: string;
  'x-policies': Record<string, unknown>;
  parameters: { name: string; in: string }[];
}

const tiers = rateLimitTiers(testConfig({ SIGN_IN_PER_MINUTE: '17', RATE_LIMIT_PER_MINUTE: '321' }));
const doc = buildOpenApi(new Set(), 'test', tiers);
const operation = (path: string, method: string) => (doc.paths[path] as Record<string, Operation>)[method] as Operation;

describe('the policies in the OpenAPI document', () => {
  it('declares the captcha, the rate-limit tier and the access of password sign-in', () => {
    const password = operation('/sessions/auth/password', 'post');
    expect(password['x-policies']).toEqual({
      captcha: true,
      rateLimit: 'sign-in',
      allowMfaPending: false,
      gameToken: 'refused',
      recentVerification: false,
      allowStub: false,
    });
    expect(password.parameters).toContainEqual(expect.objectContaining({ name: 'X-Captcha-Response', in: 'header' }));
    expect(password.description).toContain('X-Captcha-Response');
    expect(password.description).toContain('`sign-in` tier');
  });

  it('says which calls take a sign-in pending two-factor, a game token, a stub, or a recent verification', () => {
    expect(operation('/sessions/me/current', 'get')['x-policies']).toMatchObject({
      allowMfaPending: true,
      gameToken: 'allowed',
      allowStub: true,
    });
    expect(operation('/accounts/complete', 'post').description).toContain('stub account');
    const record = operation('/accounts/me/game_progress/{game}', 'put');
    expect(record['x-policies']).toMatchObject({ gameToken: 'required' });
    expect(record.description).toContain("Only a game's own access token");
    const remove = operation('/accounts/me/mfa/remove', 'put');
    expect(remove['x-policies']).toMatchObject({ recentVerification: true });
    expect(remove.description).toContain('within 10 minutes');
    expect(operation('/accounts/username/check', 'get')['x-policies']).toMatchObject({ rateLimit: 'checks' });
  });

  it('lists the tiers with the limits of the configuration', () => {
    expect(doc['x-rate-limit-tiers']).toEqual({
      default: { max: 321, timeWindow: 60_000 },
      'sign-in': { max: 17, timeWindow: 60_000, exact: true },
      checks: { max: 60, timeWindow: 60_000 },
    });
    expect(doc.info.description).toContain('| `sign-in` | 17 | 60 s |');
  });
});

// ---- The schemas tell the truth: each format's own, and every rule the server enforces ----------

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module's default export.
ajvFormats.default(ajv);
/** Whether a value matches a JSON Schema of the document. */
const valid = (schema: unknown, value: unknown) => ajv.validate(schema as object, value);

interface FullOperation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  'x-query-rules'?: unknown[];
}
const full = (path: string, method: string) => operation(path, method) as unknown as FullOperation;
const callOf = (op: FullOperation) => {
  const call = allCalls.find((c) => c.id === op.operationId);
  if (!call) throw new Error(`no call ${op.operationId}`);
  return call;
};
const bodySchema = (op: FullOperation, media: 'application/json' | typeof AG_JSON = 'application/json') =>
  op.requestBody?.content[media]?.schema;
const answerSchema = (op: FullOperation, media: 'application/json' | typeof AG_JSON, status = '200') =>
  op.responses[status]?.content[media]?.schema;
const parameter = (op: FullOperation, name: string) => {
  const found = op.parameters.find((p) => p.name === name);
  if (!found) throw new Error(`${op.operationId} has no parameter ${name}`);
  return found;
};

/**
 * The document and the call's schema (what the server runs) agree on a request body: both take it,
 * or both refuse it. `documented` false where the document is stricter than the server.
 */
function expectBody(path: string, method: string, body: unknown, accepted: boolean, documented = accepted) {
  const op = full(path, method);
  expect(callOf(op).body.safeParse(decode(body)).success, `the server on ${JSON.stringify(body)}`).toBe(accepted);
  expect(valid(bodySchema(op), body), `the document on ${JSON.stringify(body)}`).toBe(documented);
}

/** The same for a query, as the server reads it (parameters of one value) and as an object of the document. */
function expectQuery(path: string, query: Record<string, string>, accepted: boolean) {
  const op = full(path, 'get');
  expect(callOf(op).query.safeParse(query).success, `the server on ${JSON.stringify(query)}`).toBe(accepted);
  const asObject = {
    type: 'object',
    properties: Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
    required: op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
    ...(op['x-query-rules'] ? { allOf: op['x-query-rules'] } : {}),
  };
  expect(valid(asObject, query), `the document on ${JSON.stringify(query)}`).toBe(accepted);
}

/** A game's configuration as the server answers it (localized texts with every translation). */
function demoGame() {
  return gameConfig.parse({
    slug: 'starfall-legends',
    name: 'Starfall Legends',
    user_experience: demoUserExperience(),
    mature_audience: false,
    flagged_account_oauth_enabled: false,
    created_at: '2026-01-02T03:04:05Z',
    updated_at: '2026-02-03T04:05:06.789+02:00',
  });
}

describe('each content type with the schema of its own format', () => {
  const game = full('/games/{slug}', 'get');

  it('describes the answer of GET /games/{slug} as plain JSON and as x-ag-json typed values', () => {
    const plain = JSON.parse(stringifyAgJson(demoGame(), { plain: true }));
    const typed = JSON.parse(stringifyAgJson(demoGame()));
    expect(typed.created_at).toEqual({ _agType: 'datetime', _agValue: '2026-01-02T03:04:05.000Z' });
    expect(valid(answerSchema(game, 'application/json'), plain)).toBe(true);
    expect(valid(answerSchema(game, AG_JSON), typed)).toBe(true);
    // The fuzzer's finding: a typed answer is not what the JSON schema says, nor the reverse.
    expect(valid(answerSchema(game, 'application/json'), typed)).toBe(false);
    expect(valid(answerSchema(game, AG_JSON), plain)).toBe(false);
    const created = (schema: unknown) => (schema as { properties: Record<string, unknown> }).properties.created_at;
    expect(created(answerSchema(game, 'application/json'))).toMatchObject({ type: 'string', format: 'date-time' });
    expect(created(answerSchema(game, AG_JSON))).toMatchObject({
      type: 'object',
      properties: { _agType: { const: 'datetime' }, _agValue: { type: 'string', format: 'date-time' } },
      required: ['_agType', '_agValue'],
    });
  });

  it('takes localized texts as their text with expand_localizations=False, which it lists as a parameter', () => {
    const resolved = { expandLocalizations: false, locale: 'de-DE' };
    expect(valid(answerSchema(game, AG_JSON), JSON.parse(stringifyAgJson(demoGame(), resolved)))).toBe(true);
    const plain = JSON.parse(stringifyAgJson(demoGame(), { ...resolved, plain: true }));
    expect(valid(answerSchema(game, 'application/json'), plain)).toBe(true);
    expect(parameter(game, 'expand_localizations')).toMatchObject({ in: 'query', required: false });
    expect(full('/accounts/me', 'get').parameters.map((p) => p.name)).not.toContain('expand_localizations');
  });

  it('describes request bodies in each format: typed or plain datetimes in x-ag-json, ISO strings in JSON', () => {
    const events = full('/wba/events', 'post');
    const event = (time: unknown) => ({
      events: [
        {
          name: 'page_view',
          body: { _session_id: 's', _platform_name: 'web', _event_time_utc: time, _dedupe_index: 1 },
        },
      ],
    });
    const typedTime = { _agType: 'datetime', _agValue: '2026-01-01T00:00:00+02:00' };
    expect(valid(bodySchema(events, AG_JSON), event(typedTime))).toBe(true);
    expect(valid(bodySchema(events, AG_JSON), event('2026-01-01T00:00:00Z'))).toBe(true);
    expect(valid(bodySchema(events), event('2026-01-01T00:00:00Z'))).toBe(true);
    expect(valid(bodySchema(events), event(typedTime))).toBe(false);
    // The years the server stores (0001-9999), and no leap second: the server refuses both.
    expect(valid(bodySchema(events), event('0000-06-01T00:00:00Z'))).toBe(false);
    expect(valid(bodySchema(events), event('2026-06-30T23:59:60Z'))).toBe(false);
    expect(callOf(events).body.safeParse(decode(event('0000-06-01T00:00:00Z'))).success).toBe(false);
  });

  it('gives every operation both formats, and a distinct schema to each where the answer has a typed value', () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods as Record<string, FullOperation>)) {
        const status = Object.keys(op.responses).find((s) => s !== 'default') ?? '';
        expect(Object.keys(op.responses[status]?.content ?? {}).sort(), `${method} ${path}`).toEqual([
          'application/json',
          AG_JSON,
        ]);
        if (op.requestBody)
          expect(Object.keys(op.requestBody.content).sort(), `${method} ${path}`).toEqual([
            'application/json',
            AG_JSON,
          ]);
      }
    }
    const current = full('/sessions/me/current', 'get');
    expect(answerSchema(current, 'application/json')).not.toEqual(answerSchema(current, AG_JSON));
  });
});

describe('what the server enforces, in the document', () => {
  const DEVICE_OPERATIONS: [string, string, string][] = [
    ['/sessions/device/{userCode}', 'get', 'userCode'],
    ['/sessions/device/{code}/stub', 'post', 'code'],
    ['/sessions/device/{code}/authorize', 'put', 'code'],
    ['/sessions/device/{code}/error', 'put', 'code'],
  ];

  it('declares the device code parameters as the 9 letters of a user code, as the server reads them', () => {
    const samples: [string, boolean][] = [
      ['BCDFGHJKL', true],
      ['bcd-fgh-jkl', true],
      ['BCD-FGH-JKL', true],
      ['-BCDFGHJKL--', true],
      ['BCDFGHJK', false],
      ['BCDFGHJKLM', false],
      ['BCD-FGH-JK', false],
      ['AEIOU1234', false],
      ['B-C-D-F-G-H-J-K-L', false],
      ['x', false],
    ];
    for (const [path, method, name] of DEVICE_OPERATIONS) {
      const param = parameter(full(path, method), name);
      expect(param).toMatchObject({ in: 'path', required: true });
      expect(param.schema).toMatchObject({ type: 'string', minLength: 9, maxLength: 12 });
      for (const [code, accepted] of samples) {
        expect(deviceUserCode.safeParse(code).success, `the server on ${code}`).toBe(accepted);
        expect(valid(param.schema, code), `the document on ${code} (${path})`).toBe(accepted);
      }
    }
  });

  it('requires the code or the token of POST /accounts/verify_email', () => {
    expectBody('/accounts/verify_email', 'post', {}, false);
    expectBody('/accounts/verify_email', 'post', { code: '123456' }, true);
    expectBody('/accounts/verify_email', 'post', { token: 'lt_0123456789abcdefghij' }, true);
    expectBody('/accounts/verify_email', 'post', { code: '123456', token: 'lt_0123456789abcdefghij' }, true);
  });

  it('requires an age and, for a registration with credentials, the email and a password or its emailed code', () => {
    const base = { country: 'US', marketing_opt_in: false, tos_consent: true };
    const email = 'new.player@example.com';
    const register = (body: object, accepted: boolean) =>
      expectBody('/accounts', 'post', { ...base, ...body }, accepted);
    // With credentials: the email, proven by its emailed code or with a password.
    register({ email, email_code: '123456', date_of_birth: '1990-05-17' }, true);
    register({ email, password: 'Tq8#vLp2-Starfall', age: 30 }, true);
    // Without credentials (a game's registration_require_credentials false): none of the three.
    register({ date_of_birth: '1990-05-17' }, true);
    register({ age: 30, username: 'Newcomer' }, true);
    register({ date_of_birth: '1990-05-17', country: 'US', territory: 'US-CA' }, true);
    // The fuzzer's refusals: no date of birth nor age; credentials without the email; an email alone.
    register({ email, email_code: '123456' }, false);
    register({ password: 'Tq8#vLp2-Starfall', date_of_birth: '1990-05-17' }, false);
    register({ email_code: '123456', age: 30 }, false);
    register({ email, date_of_birth: '1990-05-17' }, false);
    register({ date_of_birth: '1990-05-17', country: 'FR', territory: 'US-CA' }, false);
  });

  it('marks the entry of GET /games/verify required (a missing one answers entry_slug_missing)', () => {
    const verify = full('/games/verify', 'get');
    expect(parameter(verify, 'entry').required).toBe(true);
    expect(parameter(verify, 'client_id').required).toBe(false);
    expect(parameter(verify, 'redirect_uri').required).toBe(false);
  });

  it('requires no parameter or body the server goes without', () => {
    expect(parameter(full('/accounts', 'post'), 'options').required).toBe(false);
    expect(parameter(full('/betas/me/available', 'get'), 'embeds').required).toBe(false);
    expect(parameter(full('/accounts/me/game_progress', 'get'), 'game_slugs').required).toBe(false);
    expect(full('/betas/me/{code}/update_tos', 'put').requestBody?.required).toBe(false);
    expect(full('/accounts/me/username', 'put').requestBody?.required).toBe(true);
  });

  it('states the rules of the refinements of the other calls', () => {
    expectBody('/accounts/me/privacy', 'put', {}, false);
    expectBody('/accounts/me/privacy', 'put', { find_by_email: true }, true);
    const source = { source_account_access_token: 'at_x' };
    expectBody('/accounts/me/transfer/profile/{gameSlug}', 'put', { ...source, squash_conflict: true }, true);
    expectBody(
      '/accounts/me/transfer/profile/{gameSlug}',
      'put',
      { ...source, squash_conflict: true, keep_old: true },
      false,
    );
    expectBody('/accounts/me/country', 'put', { country: 'US', territory: 'US-PR' }, true);
    expectBody('/accounts/me/country', 'put', { country: 'CA', territory: 'US-PR' }, false);
    expectBody('/accounts/me/country', 'put', { country: 'CA', territory: null }, true);
    expectBody('/accounts/me/locale', 'put', { locale: 'fr-FR' }, true);
    expectBody('/accounts/me/locale', 'put', { locale: 'xx-XX' }, false);
    expectBody('/accounts/age_category/check', 'post', { age_data: {} }, false);
    expectBody(
      '/accounts/age_category/check',
      'post',
      { age_data: { age: 20 }, location_data: { country: 'US' } },
      true,
    );
    const register = { beta_id: '0b3c7f36-6a4e-4f0e-9d43-0c1b2a3d4e5f', speed: '50_100', beta_tos: true };
    expectBody('/betas/me/register', 'post', { ...register, platforms: ['pc_steam'] }, true);
    expectBody('/betas/me/register', 'post', { ...register, platforms: ['pc_steam', 'pc_steam'] }, false);
    const details = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, i]));
    expectBody('/accounts/me/game_progress/{game}', 'put', { platform: 'ps_5', details }, false);
    const authorize = {
      client_id: 'starfall-legends-pc',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      response_type: 'code',
      code_method: 'S256',
    };
    expectBody('/sessions/authorize', 'post', { ...authorize, redirect_uri: 'http://127.0.0.1/callback' }, true);
    expectBody('/sessions/authorize', 'post', { ...authorize, redirect_uri: 'JavaScript:alert(1)' }, false);
    const grant = { grant_type: 'refresh_token' };
    expectBody('/sessions/auth/token', 'post', grant, false);
    expectBody('/sessions/auth/token', 'post', { ...grant, code: 'rt_x' }, true);
    expectBody('/sessions/auth/token', 'post', { ...grant, refresh_token: 'rt_x', code: 'rt_y' }, false);
    // JSON Schema cannot compare two values: the document is the stricter there, never the looser.
    expectBody('/sessions/auth/token', 'post', { ...grant, refresh_token: 'rt_x', code: 'rt_x' }, true, false);
  });

  it('states the rules between query parameters in x-query-rules', () => {
    expectQuery(
      '/accounts/date_of_birth/check',
      { date_of_birth: '1990-05-17', country: 'US', territory: 'US-CA' },
      true,
    );
    expectQuery(
      '/accounts/date_of_birth/check',
      { date_of_birth: '1990-05-17', country: 'FR', territory: 'US-CA' },
      false,
    );
    expectQuery('/accounts/lookup', { type: 'email', value: 'friend@example.com' }, true);
    expectQuery('/accounts/lookup', { type: 'email', value: 'FriendName' }, false);
    expectQuery('/accounts/lookup', { type: 'username', value: 'FriendName' }, true);
  });

  it('refuses U+0000 in the strings of requests, as the server does', () => {
    expectBody('/accounts/register/email', 'post', { email: 'ab\u0000cd@example.com' }, true, false);
    expect(valid(parameter(full('/games/{slug}', 'get'), 'slug').schema, 'a\u0000b')).toBe(false);
  });
});
