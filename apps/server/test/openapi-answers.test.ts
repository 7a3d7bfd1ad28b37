// The OpenAPI document (/api/openapi.json) checked against live answers: every operation of the
// document is called for real, in application/json and in application/x-ag-json, with a request that
// succeeds (and, before it, one that is refused), and each answer body is validated with Ajv against
// that operation's response schema for that media type (the `default` Error schema for a refusal). The
// requests themselves are checked against the document too: a request the server takes is one the
// document calls valid, and a request refused for its shape is one the document calls invalid. The
// last test lists the operations covered and fails for any operation of the document without a
// successful answer validated in both formats.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { allCalls } from '@portal/contract/calls';
import { displayDeviceCode } from '@portal/contract/calls/entities';
import { AG_JSON, stringifyAgJson } from '@portal/contract/codec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSubject } from '../src/platforms/sandbox/catalogue.ts';
import { DEMO_PLAYER_PASSWORD, DEMO_PLAYER_PASSWORD_HASH } from '../src/seed/demo-players.ts';
import { DEMO_PLAYTEST_CODE, DEMO_TWITCH_BENEFIT } from '../src/seed/demo-playtest.ts';
import { DEMO_GAME_API_KEY, DEMO_GAME_SLUG, DEMO_OAUTH_CLIENT_ID } from '../src/seed/demo.ts';
import { authenticatorCode } from './authenticator.ts';
import { API_KEY, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { assertCredential, createCredential } from './passkey-authenticator.ts';
import type { Credential } from './passkey-authenticator.ts';
import { authorizeAt, linkPayloadOf, startPlatformSandbox } from './platform-sandbox.ts';
import type { PlatformSandbox } from './platform-sandbox.ts';

/** The portal's public URL: the origin of its passkeys. */
const ORIGIN = 'https://portal.example.test';
const REDIRECT = 'http://127.0.0.1/callback';

const FORMATS = [
  { name: 'application/json', media: 'application/json' },
  { name: 'application/x-ag-json', media: AG_JSON },
] as const;
type Format = (typeof FORMATS)[number];

/**
 * Operations no test can make succeed, each with its reason. Empty: every call of the document
 * succeeds here (the platforms are played by the sandbox, mails read from the outbox).
 */
const SKIPPED: Record<string, string> = {};

// ---- The document and Ajv ------------------------------------------------------------------------

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content: Record<string, { schema: Schema }> }>;
  'x-query-rules'?: Schema[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

// Unoptimized code compiles twice as fast, and each schema is compiled once: the test stays quick.
const ajv = new Ajv2020({ strict: false, allErrors: true, code: { optimize: false } });
/** Parameters travel as text: Ajv reads them as the types their schemas name (numbers, lists). */
const ajvParameters = new Ajv2020({ strict: false, allErrors: true, code: { optimize: false }, coerceTypes: 'array' });
// ajv-formats is CommonJS: its plugin is the module's default export.
ajvFormats.default(ajv);
ajvFormats.default(ajvParameters);

let doc: Document;
/** Compiled schemas by their text (many operations share one: the account, a beta, a token answer). */
const compiled = new Map<string, ValidateFunction>();
/** A schema of the document, its reference to the Error schema resolved. */
function validator(schema: Schema, instance = ajv): ValidateFunction {
  const ref = schema.$ref;
  const resolved =
    typeof ref === 'string' && ref.startsWith('#/components/schemas/')
      ? doc.components.schemas[ref.slice('#/components/schemas/'.length)]
      : schema;
  if (!resolved) throw new Error(`no schema ${String(ref)}`);
  const key = `${instance === ajv ? 'body' : 'parameter'} ${JSON.stringify(resolved)}`;
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = instance.compile(resolved)));
  return fn;
}
const problems = (fn: ValidateFunction) => ajv.errorsText(fn.errors, { separator: '; ' });

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
function operationOf(id: string) {
  const found = operations().find((o) => o.op.operationId === id);
  if (!found) throw new Error(`the document has no operation ${id}`);
  return found;
}

// ---- Requests ------------------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Request {
  method: Method;
  /** Below /api, with its query. */
  url: string;
  token?: string;
  body?: unknown;
  /** Headers beyond the API key, accept, content type and token (a game's API key, say). */
  headers?: Record<string, string>;
}

let t: TestApp;
let sandbox: PlatformSandbox;

beforeAll(async () => {
  t = await testApp({
    PUBLIC_URL: ORIGIN,
    // Each call is made a few times from one address: the rate limits are not what is tested here.
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_PER_MINUTE: '100000',
    CODE_MAILS_PER_CLIENT_HOUR: '100000',
    DEVICE_GUESSES_PER_MINUTE: '100000',
    FRIEND_SEARCHES_PER_MINUTE: '10000',
  });
  sandbox = await startPlatformSandbox(t.deps.config.publicUrl);
  for (const platform of ['psn', 'twitch', 'discord'] as const) await t.deps.platforms.put(sandbox.config(platform));
  const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(answer.statusCode).toBe(200);
  doc = answer.json();
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** Sends a request in a format: its body written as that format, its answer asked in it. */
function send(request: Request, format: Format) {
  const payload =
    request.body === undefined
      ? undefined
      : format.media === AG_JSON
        ? stringifyAgJson(request.body)
        : JSON.stringify(request.body);
  return t.app.inject({
    method: request.method,
    url: `/api${request.url}`,
    headers: {
      'x-hydra-api-key': API_KEY,
      accept: format.media,
      ...(payload !== undefined ? { 'content-type': format.media } : {}),
      ...(request.token ? { 'x-hydra-access-token': request.token } : {}),
      ...request.headers,
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** What is wrong with a request by the document (its path, query and body in a format); empty when valid. */
function requestProblems(path: string, op: Operation, request: Request, format: Format): string[] {
  const found: string[] = [];
  const [pathname = '', search = ''] = request.url.split('?');
  const template = path.split('/');
  const segments = pathname.split('/');
  if (template.length !== segments.length) return [`${request.url} is not a path of ${path}`];
  template.forEach((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    const segment = segments[i] ?? '';
    if (!name) {
      if (part !== segment) found.push(`${request.url} is not a path of ${path}`);
      return;
    }
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    if (!parameter) return found.push(`no path parameter ${name}`);
    const fn = validator(parameter.schema, ajvParameters);
    if (!fn(decodeURIComponent(segment))) found.push(`path parameter ${name}: ${problems(fn)}`);
  });
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const before = query[name];
    query[name] = before === undefined ? value : [...[before].flat(), value];
  }
  const own = op.parameters.filter((p) => p.in === 'query');
  const querySchema = {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema])),
    required: own.filter((p) => p.required).map((p) => p.name),
    ...(op['x-query-rules'] ? { allOf: op['x-query-rules'] } : {}),
  };
  const queryFn = validator(querySchema, ajvParameters);
  if (!queryFn(query)) found.push(`query: ${ajvParameters.errorsText(queryFn.errors)}`);
  if (request.body === undefined) {
    if (op.requestBody?.required) found.push('no body, which the document requires');
  } else {
    const schema = op.requestBody?.content[format.media]?.schema;
    if (!schema) found.push('a body, which the document does not take');
    else {
      const fn = validator(schema);
      const wire = JSON.parse(format.media === AG_JSON ? stringifyAgJson(request.body) : JSON.stringify(request.body));
      if (!fn(wire)) found.push(`body: ${problems(fn)}`);
    }
  }
  return found;
}

/** Checks an answer against the document: its media type, its documented status, its body's schema. */
function answerProblems(op: Operation, status: number, type: string, text: string, format: Format): string[] {
  if (!type.startsWith(format.media)) return [`an answer of type ${type}, asked for ${format.media}`];
  const response = op.responses[String(status)] ?? (status >= 400 ? op.responses.default : undefined);
  if (!response) return [`status ${status}, which the document does not give`];
  const schema = response.content[format.media]?.schema;
  if (!schema) return [`no ${format.media} schema for status ${status}`];
  const fn = validator(schema);
  return fn(JSON.parse(text)) ? [] : [`answer ${status}: ${problems(fn)}`];
}

/** Per format, the operations whose successful answer was validated. */
const validated = new Map<string, Set<string>>(FORMATS.map((f) => [f.name, new Set<string>()]));
const refusals = new Map<string, Set<string>>(FORMATS.map((f) => [f.name, new Set<string>()]));

/**
 * A request the server refuses, made from the successful one without changing anything: a text for
 * the body (never an object), U+0000 in a parameter, no access token or an unknown API key; null when
 * none is easy. `shape`: refused for its shape (the document must refuse it too).
 */
function refusalOf(path: string, op: Operation, request: Request): { request: Request; shape: boolean } | null {
  if (op.requestBody) return { request: { ...request, body: 'not an object' }, shape: true };
  const [pathname = '', search = ''] = request.url.split('?');
  const template = path.split('/');
  const param = template.findIndex((part) => part.startsWith('{'));
  if (param >= 0) {
    const segments = pathname.split('/');
    segments[param] = '%00';
    return { request: { ...request, url: `${segments.join('/')}${search ? `?${search}` : ''}` }, shape: true };
  }
  const query = op.parameters.find((p) => p.in === 'query' && p.name !== 'expand_localizations');
  if (query) {
    const params = new URLSearchParams(search);
    params.set(query.name, '\u0000');
    return { request: { ...request, url: `${pathname}?${params.toString()}` }, shape: true };
  }
  if (request.token) return { request: { ...request, token: '' }, shape: false };
  return { request: { ...request, headers: { ...request.headers, 'x-hydra-api-key': 'not-a-key' } }, shape: false };
}

// ---- State the scenarios build ---------------------------------------------------------------------

const tag = () => randomUUID().replaceAll('-', '').slice(0, 10);

interface Player {
  id: string;
  email: string;
  username: string;
  token: string;
  refresh: string;
  familyId: string;
}

/**
 * A new completed account, signed in on the web (the session made by the tokens service, as the
 * fuzzer does). `password`: the demo players' password; `verified`: the session proved itself just
 * now (with the password when it has one, else an emailed code), for the calls that need it.
 */
async function player(options: { password?: boolean; verified?: boolean } = {}): Promise<Player> {
  const name = tag();
  const email = `player-${name}@example.com`;
  const username = `Player${name}`;
  const id = await insertAccount(t.deps.db, {
    email,
    username,
    passwordHash: options.password ? DEMO_PLAYER_PASSWORD_HASH : null,
  });
  const tokens = await t.deps.tokens.start({ accountId: id });
  if (options.verified)
    await t.deps.sessions.markVerified(tokens.session.id, options.password ? 'password' : 'email_code');
  return {
    id,
    email,
    username,
    token: tokens.accessToken,
    refresh: tokens.refreshToken,
    familyId: tokens.session.familyId,
  };
}

/** A step of a scenario that must succeed; answers the body (JSON). */
async function step(request: Request, status = 200): Promise<Record<string, unknown>> {
  const answer = await send(request, FORMATS[0]);
  expect(answer.statusCode, `${request.method} ${request.url}: ${answer.body}`).toBe(status);
  return answer.body === '' ? {} : (answer.json() as Record<string, unknown>);
}

/** The newest mail to an address (the development outbox). */
async function lastMail(to: string) {
  const mails = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
    template: string;
    code: string | null;
    link: string | null;
    headers: Record<string, string> | null;
  }[];
  const [mail] = mails;
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
const tokenIn = (text: string | null | undefined) => {
  const token = /token=([^&>\s]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no token in ${String(text)}`);
  return decodeURIComponent(token);
};

/** Two-factor turned on (authenticator step before the current one): the player and the secret. */
async function withTwoFactor(): Promise<Player & { secret: string }> {
  const p = await player({ password: true, verified: true });
  const { secret } = (await step({ method: 'POST', url: '/accounts/me/mfa', token: p.token })) as { secret: string };
  await step({
    method: 'PUT',
    url: '/accounts/me/mfa/activate',
    token: p.token,
    body: { code: authenticatorCode(secret, Date.now() - 30_000) },
  });
  return { ...p, secret };
}
/** The authenticator code of now, a step after the one that turned two-factor on. */
const codeNow = (secret: string) => authenticatorCode(secret, Date.now());

/**
 * One player with two-factor for a call in both formats (setting it up is the slowest step): the
 * first format's call takes the code of now, the second's the next step's, which is always later
 * than the step accepted before and within the drift accepted (totp.ts).
 */
const twoFactorOf = new Map<string, Promise<Player & { secret: string }>>();
async function sharedTwoFactor(id: string): Promise<{ player: Player & { secret: string }; code: string }> {
  const known = twoFactorOf.get(id);
  if (known) {
    const p = await known;
    return { player: p, code: authenticatorCode(p.secret, Date.now() + 30_000) };
  }
  const made = withTwoFactor();
  twoFactorOf.set(id, made);
  const p = await made;
  return { player: p, code: codeNow(p.secret) };
}

/** A player with a passkey (added through the calls): the player and the credential. */
async function withPasskey(): Promise<Player & { credential: Credential }> {
  const p = await player({ verified: true });
  const { options } = (await step({ method: 'POST', url: '/accounts/me/passkeys/options', token: p.token })) as {
    options: Parameters<typeof createCredential>[0];
  };
  const { credential, response } = createCredential(options, ORIGIN);
  await step({ method: 'POST', url: '/accounts/me/passkeys', token: p.token, body: { response } });
  return { ...p, credential };
}

/** A stub account, made by the demo game signing a console identity in: its game session. */
async function stub(): Promise<{ id: string; token: string }> {
  const authorized = await authorizeAt(sandbox, 'psn', `Console-${tag()}`);
  const signedIn = await step({
    method: 'POST',
    url: '/sessions/auth/psn',
    body: linkPayloadOf(authorized),
    headers: { 'x-hydra-api-key': DEMO_GAME_API_KEY },
  });
  return { id: (signedIn.account as { id: string }).id, token: signedIn.access_token as string };
}

/** The demo game's session of a player (a game's access token). */
const gameToken = async (accountId: string) =>
  (await t.deps.tokens.start({ accountId, clientId: DEMO_OAUTH_CLIENT_ID })).accessToken;

const recordProgress = async (token: string) =>
  step({
    method: 'PUT',
    url: `/accounts/me/game_progress/${DEMO_GAME_SLUG}`,
    token,
    body: { platform: 'pc_steam', details: { level: 3, guild: 'Nova' }, logged_in: true },
  });

/** A device authorization of the demo game's client: its user code. */
async function deviceCode(): Promise<string> {
  const started = await step({
    method: 'POST',
    url: '/sessions/device',
    body: { client_id: DEMO_OAUTH_CLIENT_ID, device_name: 'Living room' },
  });
  return started.user_code as string;
}
/** A user code as a player types it: in lower case, hyphens between its groups (BCD-FGH-JKL). */
const typed = (userCode: string) => displayDeviceCode(userCode).toLowerCase();

const linkPlatformRow = (accountId: string, platform: 'twitch' | 'discord', username: string) =>
  t.deps.db.query(`INSERT INTO platform_links (account_id, platform, subject, username) VALUES ($1, $2, $3, $4)`, [
    accountId,
    platform,
    sandboxSubject(platform, username),
    username,
  ]);

let demoBetaId = '';
async function betaId(): Promise<string> {
  if (!demoBetaId) {
    const beta = await step({ method: 'GET', url: `/betas/lookup/campaign/${DEMO_PLAYTEST_CODE}` });
    demoBetaId = beta.id as string;
  }
  return demoBetaId;
}
/** Registered for the demo playtest (pre-registered). */
async function registered(): Promise<Player> {
  const p = await player();
  await step(
    {
      method: 'POST',
      url: '/betas/me/register',
      token: p.token,
      body: { beta_id: await betaId(), platforms: ['pc_steam'], speed: '50_100', beta_tos: true },
    },
    201,
  );
  return p;
}
/** Registered, with the demo playtest's shared code redeemed (active). */
async function active(): Promise<Player> {
  const p = await registered();
  await step({
    method: 'POST',
    url: '/betas/me/redeem',
    token: p.token,
    body: { code: DEMO_PLAYTEST_CODE, beta_tos: true },
  });
  return p;
}

/** A friend invitation from one new player to another: both, and the invitation's id. */
async function invitation() {
  const from = await player();
  const to = await player();
  const sent = await step(
    { method: 'POST', url: '/friends/me/invitations', token: from.token, body: { account_id: to.id } },
    201,
  );
  return { from, to, id: sent.id as string };
}

/** PKCE for a game's authorization code. */
function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
const authorizeBody = (challenge: string) => ({
  client_id: DEMO_OAUTH_CLIENT_ID,
  code_challenge: challenge,
  redirect_uri: REDIRECT,
  response_type: 'code',
  code_method: 'S256',
  state: 'xyz',
});

const registration = (email?: string) => ({
  ...(email ? { email } : {}),
  // A datetime for the date of birth: an x-ag-json typed value, an ISO string in JSON.
  date_of_birth: new Date('1990-05-17T00:00:00Z'),
  country: 'US',
  marketing_opt_in: false,
  tos_consent: true,
});

// ---- One successful request of each operation ------------------------------------------------------

type Scenario = () => Promise<Request>;

const SCENARIOS: Record<string, Scenario> = {
  // Registration and the signed-out checks.
  'accounts.register': async () => {
    const email = `new-${tag()}@example.com`;
    await step({ method: 'POST', url: '/accounts/register/email', body: { email } });
    const { code } = await lastMail(email);
    return {
      method: 'POST',
      url: '/accounts?options=account&options=refresh_token',
      body: { ...registration(email), email_code: code },
    };
  },
  'accounts.complete': async () => {
    const p = await player();
    await t.deps.db.query('UPDATE accounts SET completed = false WHERE id = $1', [p.id]);
    return {
      method: 'POST',
      url: '/accounts/complete',
      token: p.token,
      body: { tos_consent: true, marketing_opt_in: true },
    };
  },
  'accounts.registerEmail': async () => ({
    method: 'POST',
    url: '/accounts/register/email',
    body: { email: `new-${tag()}@example.com` },
  }),
  'accounts.verifyEmail': async () => {
    const p = await player();
    await t.deps.db.query('UPDATE accounts SET email_verified = false WHERE id = $1', [p.id]);
    await step({ method: 'PUT', url: '/accounts/me/send_verification_email', token: p.token });
    return { method: 'POST', url: '/accounts/verify_email', body: { token: tokenIn((await lastMail(p.email)).link) } };
  },
  'accounts.loginInfo': async () => ({
    method: 'POST',
    url: '/accounts/login_info',
    body: { email: (await player({ password: true })).email },
  }),
  'accounts.checkUsername': async () => ({ method: 'GET', url: `/accounts/username/check?username=Fresh${tag()}` }),
  'accounts.generateUsername': async () => ({ method: 'GET', url: '/accounts/username/generate' }),
  'accounts.checkEmail': async () => ({
    method: 'GET',
    url: `/accounts/email/check?email=free-${tag()}%40example.com`,
  }),
  'accounts.checkDateOfBirth': async () => ({
    method: 'GET',
    url: '/accounts/date_of_birth/check?date_of_birth=1990-05-17&country=US&territory=US-CA',
  }),
  'accounts.checkAgeCategory': async () => ({
    method: 'POST',
    url: '/accounts/age_category/check',
    body: { age_data: { date_of_birth: new Date('2001-02-03T00:00:00Z') }, location_data: { country: 'FR' } },
  }),
  'accounts.location': async () => ({ method: 'GET', url: '/accounts/location' }),

  // Emailed links: recovery, unlock, notification preferences.
  'accounts.recoveryInit': async () => ({
    method: 'POST',
    url: '/accounts/recovery/init',
    body: { email: (await player({ password: true })).email },
  }),
  'accounts.recoveryValidate': async () => {
    const p = await player({ password: true });
    await step({ method: 'POST', url: '/accounts/recovery/init', body: { email: p.email } });
    return { method: 'GET', url: `/accounts/recovery/validate?token=${tokenIn((await lastMail(p.email)).link)}` };
  },
  'accounts.recoveryFinalize': async () => {
    const p = await player({ password: true });
    await step({ method: 'POST', url: '/accounts/recovery/init', body: { email: p.email } });
    const token = tokenIn((await lastMail(p.email)).link);
    return {
      method: 'POST',
      url: '/accounts/recovery/finalize',
      body: { new_password: 'Tq8#vLp2-Recovered', token, auto_login: true },
    };
  },
  'accounts.unlockInit': async () => ({
    method: 'POST',
    url: '/accounts/unlock/init',
    body: { email: (await player({ password: true })).email },
  }),
  'accounts.unlock': async () => {
    const p = await player({ password: true });
    await t.deps.db.query('UPDATE accounts SET locked_at = now() WHERE id = $1', [p.id]);
    await step({ method: 'POST', url: '/accounts/unlock/init', body: { email: p.email } });
    return {
      method: 'POST',
      url: '/accounts/unlock',
      body: { token: tokenIn((await lastMail(p.email)).link), email: p.email },
    };
  },
  'accounts.emailPreferencesByToken': async () => {
    const { to } = await invitation();
    const token = tokenIn((await lastMail(to.email)).headers?.['List-Unsubscribe']);
    return { method: 'GET', url: `/accounts/email_notification_preferences?token=${token}` };
  },
  'accounts.updateEmailPreferencesByToken': async () => {
    const { to } = await invitation();
    const token = tokenIn((await lastMail(to.email)).headers?.['List-Unsubscribe']);
    return {
      method: 'PUT',
      url: '/accounts/email_notification_preferences',
      body: { token, preferences: { friend_request: false } },
    };
  },

  // The signed-in account.
  'accounts.privacy': async () => ({ method: 'GET', url: '/accounts/me/privacy', token: (await player()).token }),
  'accounts.updatePrivacy': async () => ({
    method: 'PUT',
    url: '/accounts/me/privacy',
    token: (await player()).token,
    body: { find_by_email: true },
  }),
  'accounts.me': async () => ({ method: 'GET', url: '/accounts/me', token: (await player()).token }),
  'accounts.lookup': async () => {
    const other = await player();
    return {
      method: 'GET',
      url: `/accounts/lookup?type=username&value=${other.username}`,
      token: (await player()).token,
    };
  },
  'accounts.updateUsername': async () => ({
    method: 'PUT',
    url: '/accounts/me/username',
    token: (await player()).token,
    // The server's bounds (USERNAME_MIN_LENGTH, USERNAME_MAX_LENGTH): 4 to 16 letters and digits.
    body: { username: `Re${tag()}` },
  }),
  'accounts.updateEmail': async () => ({
    method: 'PUT',
    url: '/accounts/me/email',
    token: (await player({ verified: true })).token,
    body: { email: `changed-${tag()}@example.com` },
  }),
  'accounts.cancelEmailChange': async () => {
    const p = await player({ verified: true });
    await step({
      method: 'PUT',
      url: '/accounts/me/email',
      token: p.token,
      body: { email: `changed-${tag()}@example.com` },
    });
    return { method: 'DELETE', url: '/accounts/me/verify_email', token: p.token };
  },
  'accounts.sendVerificationEmail': async () => {
    const p = await player();
    await t.deps.db.query('UPDATE accounts SET email_verified = false WHERE id = $1', [p.id]);
    return { method: 'PUT', url: '/accounts/me/send_verification_email', token: p.token };
  },
  'accounts.updateLocale': async () => ({
    method: 'PUT',
    url: '/accounts/me/locale',
    token: (await player()).token,
    body: { locale: 'fr-FR' },
  }),
  'accounts.updateMarketing': async () => ({
    method: 'PUT',
    url: '/accounts/me/marketing',
    token: (await player()).token,
    body: { marketing_opt_in: true },
  }),
  'accounts.consent': async () => ({
    method: 'PUT',
    url: '/accounts/me/privacy_policy/consent',
    token: (await player()).token,
    body: { consented: true },
  }),
  'accounts.updateCountry': async () => ({
    method: 'PUT',
    url: '/accounts/me/country',
    token: (await player()).token,
    body: { country: 'US', territory: 'US-PR' },
  }),
  'accounts.updateDateOfBirth': async () => ({
    method: 'PUT',
    url: '/accounts/me/date_of_birth',
    token: (await player()).token,
    body: { date_of_birth: new Date('1988-07-15T00:00:00Z') },
  }),
  'accounts.updatePassword': async () => ({
    method: 'PUT',
    url: '/accounts/me/password',
    token: (await player({ verified: true })).token,
    body: { new_password: 'Tq8#vLp2-FirstOne' },
  }),
  'accounts.updateAvatar': async () => ({
    method: 'PUT',
    url: '/accounts/me/avatar',
    token: (await player()).token,
    body: { avatar: 'ember-flame' },
  }),
  'accounts.avatarsAvailable': async () => ({
    method: 'GET',
    url: '/accounts/me/avatars_available',
    token: (await player()).token,
  }),
  'accounts.sendDeleteVerificationEmail': async () => ({
    method: 'PUT',
    url: '/accounts/me/send_delete_verification_email',
    token: (await player()).token,
  }),
  'accounts.delete': async () => {
    const p = await player();
    await step({ method: 'PUT', url: '/accounts/me/send_delete_verification_email', token: p.token });
    return {
      method: 'PUT',
      url: '/accounts/me/delete_user',
      token: p.token,
      body: { code: (await lastMail(p.email)).code },
    };
  },
  'accounts.gameProgress': async () => {
    const p = await player();
    await recordProgress(await gameToken(p.id));
    return { method: 'GET', url: `/accounts/me/game_progress?game_slugs=${DEMO_GAME_SLUG}`, token: p.token };
  },
  'accounts.recordGameProgress': async () => {
    const p = await player();
    return {
      method: 'PUT',
      url: `/accounts/me/game_progress/${DEMO_GAME_SLUG}`,
      token: await gameToken(p.id),
      body: { platform: 'ps_5', details: { level: 7, title: 'Pathfinder', hardcore: true }, logged_in: true },
    };
  },
  'accounts.updateEmailPreferences': async () => ({
    method: 'PUT',
    url: '/accounts/me/email_notification_preferences',
    token: (await player()).token,
    body: { friend_request: false },
  }),
  'accounts.recentActivity': async () => {
    const p = await player({ password: true });
    await step({
      method: 'POST',
      url: '/sessions/auth/password',
      body: { email: p.email, password: DEMO_PLAYER_PASSWORD },
    });
    return { method: 'GET', url: '/accounts/me/activity?limit=5', token: p.token };
  },

  // Two-factor.
  'accounts.mfaStart': async () => ({
    method: 'POST',
    url: '/accounts/me/mfa',
    token: (await player({ password: true, verified: true })).token,
  }),
  'accounts.mfaActivate': async () => {
    const p = await player({ password: true, verified: true });
    const { secret } = (await step({ method: 'POST', url: '/accounts/me/mfa', token: p.token })) as { secret: string };
    return { method: 'PUT', url: '/accounts/me/mfa/activate', token: p.token, body: { code: codeNow(secret) } };
  },
  'accounts.mfaRemove': async () => ({
    method: 'PUT',
    url: '/accounts/me/mfa/remove',
    token: (await withTwoFactor()).token,
  }),
  'accounts.mfaRegenerateBackupCodes': async () => {
    const { player: p, code } = await sharedTwoFactor('accounts.mfaRegenerateBackupCodes');
    return { method: 'PUT', url: '/accounts/me/mfa/backup_codes', token: p.token, body: { code } };
  },
  'accounts.mfaBackupCodes': async () => {
    const { player: p, code } = await sharedTwoFactor('accounts.mfaBackupCodes');
    return { method: 'GET', url: `/accounts/me/mfa/backup_codes?code=${code}`, token: p.token };
  },

  // Platform links, game links and consolidation of a stub.
  'accounts.link': async () => {
    const authorized = await authorizeAt(sandbox, 'twitch', `Streamer-${tag()}`);
    return {
      method: 'PUT',
      url: '/accounts/me/link/twitch',
      token: (await player()).token,
      body: linkPayloadOf(authorized),
    };
  },
  'accounts.confirmLink': async () => {
    const p = await player();
    await linkPlatformRow(p.id, 'twitch', `Old-${tag()}`);
    const authorized = await authorizeAt(sandbox, 'twitch', `New-${tag()}`);
    const pending = await step({
      method: 'PUT',
      url: '/accounts/me/link/twitch?needs_confirmation=True',
      token: p.token,
      body: linkPayloadOf(authorized),
    });
    const authId = (pending.links as { twitch: { pending: { auth_id: string } } }).twitch.pending.auth_id;
    return { method: 'PUT', url: '/accounts/me/confirm/twitch', token: p.token, body: { auth_id: authId } };
  },
  'accounts.cancelLink': async () => {
    const p = await player();
    await linkPlatformRow(p.id, 'twitch', `Old-${tag()}`);
    const authorized = await authorizeAt(sandbox, 'twitch', `New-${tag()}`);
    await step({
      method: 'PUT',
      url: '/accounts/me/link/twitch?needs_confirmation=True',
      token: p.token,
      body: linkPayloadOf(authorized),
    });
    return { method: 'PUT', url: '/accounts/me/cancel/twitch', token: p.token };
  },
  'accounts.unlink': async () => {
    const p = await player();
    await linkPlatformRow(p.id, 'discord', `Wumpus-${tag()}`);
    return { method: 'PUT', url: '/accounts/me/unlink/discord', token: p.token };
  },
  'accounts.unlinkGame': async () => {
    const p = await player();
    await recordProgress(await gameToken(p.id));
    return { method: 'PUT', url: `/accounts/me/unlink/game/${DEMO_GAME_SLUG}`, token: p.token };
  },
  'accounts.transferProfile': async () => {
    const source = await stub();
    await recordProgress(source.token);
    return {
      method: 'PUT',
      url: `/accounts/me/transfer/profile/${DEMO_GAME_SLUG}`,
      token: (await player()).token,
      body: { source_account_access_token: source.token, squash_conflict: true },
    };
  },
  'accounts.transferLink': async () => ({
    method: 'PUT',
    url: '/accounts/me/transfer/link/psn',
    token: (await player()).token,
    body: { source_account_access_token: (await stub()).token },
  }),
  'accounts.transferAccount': async () => ({
    method: 'PUT',
    url: '/accounts/me/transfer/account',
    token: (await player()).token,
    body: { source_account_access_token: (await stub()).token, conflict_choices: {} },
  }),
  'accounts.maxSubscription': async () => ({
    method: 'GET',
    url: '/accounts/max/me/subscription',
    token: (await player()).token,
  }),

  // Connected games, passkeys.
  'accounts.connectedGames': async () => ({
    method: 'GET',
    url: '/accounts/me/connected_games',
    token: (await player()).token,
  }),
  'accounts.revokeConnectedGame': async () => {
    const p = await player();
    const { verifier, challenge } = pkce();
    const authorized = await step({
      method: 'POST',
      url: '/sessions/authorize',
      token: p.token,
      body: authorizeBody(challenge),
    });
    await step({
      method: 'POST',
      url: '/sessions/auth/token',
      body: {
        grant_type: 'authorization_code',
        code: authorized.auth_code,
        code_verifier: verifier,
        client_id: DEMO_OAUTH_CLIENT_ID,
        redirect_uri: REDIRECT,
      },
    });
    return { method: 'DELETE', url: `/accounts/me/connected_games/${DEMO_OAUTH_CLIENT_ID}`, token: p.token };
  },
  'accounts.passkeyOptions': async () => ({
    method: 'POST',
    url: '/accounts/me/passkeys/options',
    token: (await player({ verified: true })).token,
  }),
  'accounts.passkeyAdd': async () => {
    const p = await player({ verified: true });
    const { options } = (await step({ method: 'POST', url: '/accounts/me/passkeys/options', token: p.token })) as {
      options: Parameters<typeof createCredential>[0];
    };
    return {
      method: 'POST',
      url: '/accounts/me/passkeys',
      token: p.token,
      body: { name: 'Laptop', response: createCredential(options, ORIGIN).response },
    };
  },
  'accounts.passkeys': async () => ({
    method: 'GET',
    url: '/accounts/me/passkeys',
    token: (await withPasskey()).token,
  }),
  'accounts.passkeyRename': async () => {
    const p = await withPasskey();
    const { items } = (await step({ method: 'GET', url: '/accounts/me/passkeys', token: p.token })) as {
      items: { id: string }[];
    };
    return { method: 'PUT', url: `/accounts/me/passkeys/${items[0]?.id}`, token: p.token, body: { name: 'Phone' } };
  },
  'accounts.passkeyRemove': async () => {
    const p = await withPasskey();
    const { items } = (await step({ method: 'GET', url: '/accounts/me/passkeys', token: p.token })) as {
      items: { id: string }[];
    };
    return { method: 'DELETE', url: `/accounts/me/passkeys/${items[0]?.id}`, token: p.token };
  },

  // Sessions.
  'sessions.password': async () => ({
    method: 'POST',
    url: '/sessions/auth/password',
    body: { email: (await player({ password: true })).email, password: DEMO_PLAYER_PASSWORD },
  }),
  'sessions.platform': async () => {
    // A game signing an identity no account has in gets a new stub: a sign-in that succeeds.
    const authorized = await authorizeAt(sandbox, 'psn', `Console-${tag()}`);
    return {
      method: 'POST',
      url: '/sessions/auth/psn',
      body: { ...linkPayloadOf(authorized), client_id: DEMO_OAUTH_CLIENT_ID },
      headers: { 'x-hydra-api-key': DEMO_GAME_API_KEY },
    };
  },
  'sessions.token': async () => ({
    method: 'POST',
    url: '/sessions/auth/token',
    body: { grant_type: 'refresh_token', refresh_token: (await player()).refresh },
  }),
  'sessions.email': async () => ({ method: 'POST', url: '/sessions/email', body: { email: (await player()).email } }),
  'sessions.current': async () => ({ method: 'GET', url: '/sessions/me/current', token: (await player()).token }),
  'sessions.signOut': async () => ({ method: 'DELETE', url: '/sessions', token: (await player()).token }),
  'sessions.mfa': async () => {
    const { player: p, code } = await sharedTwoFactor('sessions.mfa');
    const pending = await t.deps.tokens.start({ accountId: p.id, mfaPending: true });
    return { method: 'PUT', url: '/sessions/mfa', token: pending.accessToken, body: { code_type: 'mfa_code', code } };
  },
  'sessions.verify': async () => ({
    method: 'PUT',
    url: '/sessions/me/verify',
    token: (await player({ password: true })).token,
    body: { code_type: 'password', password: DEMO_PLAYER_PASSWORD },
  }),
  'sessions.deviceStub': async () => {
    const source = await stub();
    const started = await step({
      method: 'POST',
      url: '/sessions/device',
      token: source.token,
      body: { client_id: DEMO_OAUTH_CLIENT_ID, auth_type: 'passwordless', device_name: 'PS5' },
      headers: { 'x-hydra-api-key': DEMO_GAME_API_KEY },
    });
    return { method: 'POST', url: `/sessions/device/${typed(started.user_code as string)}/stub` };
  },
  'sessions.deviceStart': async () => ({
    method: 'POST',
    url: '/sessions/device',
    body: {
      client_id: DEMO_OAUTH_CLIENT_ID,
      device_name: 'Living room',
      registration_defaults: { dob: new Date('1990-05-17T00:00:00Z'), location: 'US-CA' },
    },
  }),
  'sessions.device': async () => ({ method: 'GET', url: `/sessions/device/${typed(await deviceCode())}` }),
  'sessions.deviceAuthorize': async () => ({
    method: 'PUT',
    url: `/sessions/device/${typed(await deviceCode())}/authorize`,
    token: (await player()).token,
  }),
  'sessions.deviceError': async () => ({
    method: 'PUT',
    url: `/sessions/device/${typed(await deviceCode())}/error`,
    body: { error: 'age_gated' },
  }),
  'sessions.authorizePrecheck': async () => ({
    method: 'GET',
    url: `/sessions/authorize/precheck?client_id=${DEMO_OAUTH_CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
  }),
  'sessions.authorize': async () => ({
    method: 'POST',
    url: '/sessions/authorize',
    token: (await player()).token,
    body: authorizeBody(pkce().challenge),
  }),
  'sessions.signIns': async () => {
    const p = await player();
    await gameToken(p.id);
    return { method: 'GET', url: '/sessions/me/sign_ins', token: p.token };
  },
  'sessions.endOtherSignIns': async () => {
    const p = await player();
    await t.deps.tokens.start({ accountId: p.id });
    return { method: 'DELETE', url: '/sessions/me/sign_ins', token: p.token };
  },
  'sessions.endSignIn': async () => {
    const p = await player();
    const other = await t.deps.tokens.start({ accountId: p.id });
    return { method: 'DELETE', url: `/sessions/me/sign_ins/${other.session.familyId}`, token: p.token };
  },
  'sessions.passkeyOptions': async () => ({ method: 'POST', url: '/sessions/passkey/options' }),
  'sessions.authPasskey': async () => {
    const p = await withPasskey();
    const { options } = (await step({ method: 'POST', url: '/sessions/passkey/options' })) as {
      options: { challenge: string };
    };
    return {
      method: 'POST',
      url: '/sessions/auth/passkey',
      body: { response: assertCredential(p.credential, options, ORIGIN) },
    };
  },
  'sessions.verifyPasskeyOptions': async () => ({
    method: 'POST',
    url: '/sessions/me/passkey/options',
    token: (await withPasskey()).token,
  }),

  // Playtests.
  'betas.referrals': async () => ({
    method: 'GET',
    url: `/betas/me/referrals?beta_id=${await betaId()}`,
    token: (await active()).token,
  }),
  'betas.createReferral': async () => ({
    method: 'POST',
    url: '/betas/me/referrals',
    token: (await active()).token,
    body: { beta_id: await betaId() },
  }),
  'betas.redeem': async () => ({
    method: 'POST',
    url: '/betas/me/redeem',
    token: (await registered()).token,
    body: { code: DEMO_PLAYTEST_CODE, beta_tos: true },
  }),
  'betas.award': async () => ({
    method: 'POST',
    url: '/betas/me/award',
    token: (await active()).token,
    body: { beta_id: await betaId(), platform: 'pc_steam' },
  }),
  'betas.available': async () => ({
    method: 'GET',
    url: '/betas/me/available?embeds=game',
    token: (await player()).token,
  }),
  'betas.lookupCampaign': async () => ({ method: 'GET', url: `/betas/lookup/campaign/${DEMO_PLAYTEST_CODE}` }),
  'betas.info': async () => ({ method: 'GET', url: `/betas/${await betaId()}/info`, token: (await active()).token }),
  'betas.updateTos': async () => ({
    method: 'PUT',
    url: `/betas/me/${DEMO_PLAYTEST_CODE}/update_tos`,
    token: (await active()).token,
    body: { beta_tos: true },
  }),
  'betas.records': async () => ({ method: 'GET', url: '/betas/records', token: (await registered()).token }),
  'betas.register': async () => ({
    method: 'POST',
    url: '/betas/me/register',
    token: (await player()).token,
    body: { beta_id: await betaId(), platforms: ['pc_steam', 'xbox_series_xs'], speed: '100_200', beta_tos: true },
  }),
  'betas.updateRegistration': async () => ({
    method: 'PUT',
    url: `/betas/me/register/${await betaId()}`,
    token: (await registered()).token,
    body: { platforms: ['xbox_series_xs'], speed: '25_50' },
  }),
  'betas.leave': async () => ({
    method: 'DELETE',
    url: `/betas/me/register/${await betaId()}`,
    token: (await registered()).token,
  }),

  // Friends and blocking.
  'friends.list': async () => {
    const { from, to, id } = await invitation();
    await step({ method: 'PUT', url: `/friends/me/invitations/${id}/accept`, token: to.token });
    return { method: 'GET', url: '/friends/me?page=1&page_size=10', token: from.token };
  },
  'friends.incoming': async () => ({
    method: 'GET',
    url: '/friends/me/invitations/incoming?state=open',
    token: (await invitation()).to.token,
  }),
  'friends.outgoing': async () => ({
    method: 'GET',
    url: '/friends/me/invitations/outgoing',
    token: (await invitation()).from.token,
  }),
  'friends.invite': async () => ({
    method: 'POST',
    url: '/friends/me/invitations',
    token: (await player()).token,
    body: { account_id: (await player()).id },
  }),
  'friends.accept': async () => {
    const { to, id } = await invitation();
    return { method: 'PUT', url: `/friends/me/invitations/${id}/accept`, token: to.token };
  },
  'friends.cancel': async () => {
    const { from, id } = await invitation();
    return { method: 'PUT', url: `/friends/me/invitations/${id}/cancel`, token: from.token };
  },
  'friends.decline': async () => {
    const { to, id } = await invitation();
    return { method: 'PUT', url: `/friends/me/invitations/${id}/decline`, token: to.token };
  },
  'friends.unfriend': async () => {
    const { from, to, id } = await invitation();
    await step({ method: 'PUT', url: `/friends/me/invitations/${id}/accept`, token: to.token });
    return { method: 'PUT', url: `/friends/me/unfriend/${to.id}`, token: from.token };
  },
  'social.blocked': async () => {
    const p = await player();
    await step({ method: 'PUT', url: `/social/me/block/${(await player()).id}`, token: p.token });
    return { method: 'GET', url: '/social/me/blocked', token: p.token };
  },
  'social.block': async () => ({
    method: 'PUT',
    url: `/social/me/block/${(await player()).id}`,
    token: (await player()).token,
  }),
  'social.unblock': async () => {
    const p = await player();
    const other = await player();
    await step({ method: 'PUT', url: `/social/me/block/${other.id}`, token: p.token });
    return { method: 'PUT', url: `/social/me/unblock/${other.id}`, token: p.token };
  },

  // Games, settings, Twitch drops, analytics.
  'games.get': async () => ({ method: 'GET', url: `/games/${DEMO_GAME_SLUG}` }),
  'games.verify': async () => ({
    method: 'GET',
    url: `/games/verify?entry=${DEMO_GAME_SLUG}&client_id=${DEMO_OAUTH_CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
  }),
  'settings.public': async () => ({ method: 'GET', url: '/settings/public' }),
  'twitch.claimBeta': async () => {
    const p = await player();
    const username = `viewer-${tag()}`;
    await linkPlatformRow(p.id, 'twitch', username);
    const granted = await fetch(`${sandbox.origin}/dev/platforms/twitch/drops/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, benefit_id: DEMO_TWITCH_BENEFIT }),
    });
    expect(granted.status).toBe(201);
    return {
      method: 'PUT',
      url: '/twitch/entitlements/me/claim/beta',
      token: p.token,
      body: { game_slug: DEMO_GAME_SLUG, benefit_id: DEMO_TWITCH_BENEFIT },
    };
  },
  'twitch.benefit': async () => ({ method: 'GET', url: `/twitch/benefits/${DEMO_TWITCH_BENEFIT}` }),
  'analytics.send': async () => ({
    method: 'POST',
    url: '/wba/events',
    body: {
      events: [
        {
          name: 'page_view',
          body: {
            _session_id: `session-${tag()}`,
            _platform_name: 'web',
            _event_time_utc: new Date(),
            _dedupe_index: 1,
            page: '/home',
          },
        },
      ],
    },
  }),
};

// ---- The run -------------------------------------------------------------------------------------

describe.each(FORMATS)('every operation of the document, answered in $name', (format) => {
  it.each(allCalls.map((call) => call.id))('%s', async (id) => {
    if (Object.hasOwn(SKIPPED, id)) return;
    const scenario = SCENARIOS[id];
    if (!scenario) throw new Error(`no successful request of ${id}: add one to SCENARIOS (or SKIPPED, with why)`);
    const { path, op } = operationOf(id);
    const request = await scenario();

    const refusal = refusalOf(path, op, request);
    if (refusal) {
      const refused = await send(refusal.request, format);
      expect(refused.statusCode, `${id} refused: ${refused.body}`).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(
        answerProblems(op, refused.statusCode, String(refused.headers['content-type']), refused.body, format),
      ).toEqual([]);
      if (refusal.shape) {
        expect(refused.json().code, `${id}: ${refused.body}`).toBe('invalid_request');
        // Refused for its shape by the server: the document refuses it as well.
        expect(requestProblems(path, op, refusal.request, format)).not.toEqual([]);
      }
      refusals.get(format.name)?.add(id);
    }

    // What the server takes is what the document calls valid, and its answer is what the document says.
    expect(requestProblems(path, op, request, format)).toEqual([]);
    const answer = await send(request, format);
    const status = Object.keys(op.responses).find((s) => s !== 'default');
    expect(String(answer.statusCode), `${id}: ${answer.body}`).toBe(status);
    expect(answerProblems(op, answer.statusCode, String(answer.headers['content-type']), answer.body, format)).toEqual(
      [],
    );
    validated.get(format.name)?.add(id);
  });
});

describe('requests the document calls valid since it states what the server enforces', () => {
  /** Sends a request the document calls valid (or not) and expects the server to agree. */
  async function agrees(id: string, request: Request, valid: boolean) {
    const { path, op } = operationOf(id);
    const format = FORMATS[0];
    expect(requestProblems(path, op, request, format).length === 0, `the document on ${request.url}`).toBe(valid);
    const answer = await send(request, format);
    expect(answer.statusCode < 300, `${request.method} ${request.url}: ${answer.statusCode} ${answer.body}`).toBe(
      valid,
    );
    return answer;
  }

  it('takes a device code as 9 letters in either case with hyphens, and refuses 8', async () => {
    const code = await deviceCode();
    await agrees('sessions.device', { method: 'GET', url: `/sessions/device/${typed(code)}` }, true);
    await agrees('sessions.device', { method: 'GET', url: `/sessions/device/-${code.toLowerCase()}-` }, true);
    await agrees('sessions.device', { method: 'GET', url: `/sessions/device/${code.slice(0, 8)}` }, false);
    await agrees(
      'sessions.deviceError',
      { method: 'PUT', url: `/sessions/device/${typed(code)}/error`, body: { error: 'access_denied' } },
      true,
    );
  });

  it('registers without credentials, and refuses a password without the email or no date of birth', async () => {
    const withoutEmail = registration();
    await agrees('accounts.register', { method: 'POST', url: '/accounts', body: withoutEmail }, true);
    await agrees(
      'accounts.register',
      { method: 'POST', url: '/accounts', body: { ...withoutEmail, password: 'Tq8#vLp2-Starfall' } },
      false,
    );
    const { date_of_birth: _dob, ...ageless } = registration(`new-${tag()}@example.com`);
    await agrees(
      'accounts.register',
      { method: 'POST', url: '/accounts', body: { ...ageless, email_code: '123456' } },
      false,
    );
  });

  it('verifies an email by its token alone, and refuses neither code nor token', async () => {
    await agrees('accounts.verifyEmail', { method: 'POST', url: '/accounts/verify_email', body: {} }, false);
    const request = await SCENARIOS['accounts.verifyEmail']?.();
    if (!request) throw new Error('no scenario');
    await agrees('accounts.verifyEmail', request, true);
  });

  it('needs the entry of GET /games/verify, answered entry_slug_missing without it', async () => {
    const missing = await agrees('games.verify', { method: 'GET', url: '/games/verify' }, false);
    expect(missing.json()).toMatchObject({ code: 'entry_slug_missing', hydraErrorCode: 1112 });
    await agrees('games.verify', { method: 'GET', url: `/games/verify?entry=${DEMO_GAME_SLUG}` }, true);
  });

  it('takes a listed language only, and a territory with the US only', async () => {
    const p = await player();
    await agrees(
      'accounts.updateLocale',
      { method: 'PUT', url: '/accounts/me/locale', token: p.token, body: { locale: 'xx-XX' } },
      false,
    );
    await agrees(
      'accounts.updateLocale',
      { method: 'PUT', url: '/accounts/me/locale', token: p.token, body: { locale: 'ja-JP' } },
      true,
    );
    const country = (body: object) => ({ method: 'PUT' as const, url: '/accounts/me/country', token: p.token, body });
    await agrees('accounts.updateCountry', country({ country: 'CA', territory: 'US-CA' }), false);
    await agrees('accounts.updateCountry', country({ country: 'CA' }), true);
  });
});

describe('the coverage of the document', () => {
  it('validated a successful answer of every operation, in both formats (the list of what it covered)', () => {
    const ids = operations().map((o) => o.op.operationId);
    const lines = FORMATS.map(
      (format) =>
        `${format.name}: ${validated.get(format.name)?.size ?? 0} answers validated, ${refusals.get(format.name)?.size ?? 0} refusals`,
    );
    console.info(
      [
        `openapi-answers: ${ids.length} operations in the document`,
        ...lines,
        `covered: ${ids.filter((id) => FORMATS.every((f) => validated.get(f.name)?.has(id))).join(', ')}`,
        `skipped: ${
          Object.entries(SKIPPED)
            .map(([id, why]) => `${id} (${why})`)
            .join(', ') || 'none'
        }`,
      ].join('\n'),
    );
    const missing = ids.filter(
      (id) => !Object.hasOwn(SKIPPED, id) && !FORMATS.every((f) => validated.get(f.name)?.has(id)),
    );
    expect(missing).toEqual([]);
  });
});
