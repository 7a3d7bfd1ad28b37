// Mounts a contract call: applies the policies it declares (call-policies.ts, the rate-limit tier),
// validates path parameters, query and body with the call's schemas, runs the handler with the
// session and account, and checks its answer against the response schema before encoding it (a
// frozen answer, shared between requests, once: ADR 016).
import type { Auth, Call, ParamsOf, QueryOf, BodyOf, RateLimitTier, ResponseOf } from '@portal/contract/calls/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Account } from '../modules/accounts/service.ts';
import type { OperatorSession } from '../modules/operators/service.ts';
import type { ResolvedSession } from '../modules/sessions/service.ts';
import { assertRecentlyVerified, callAccount, callSession, checkCaptcha } from './call-policies.ts';
import { answerFormat, encodeAnswer, sendText } from './codec.ts';
import type { AnswerFormat } from './codec.ts';
import type { RateLimit, RateLimitTable } from '../rate-limit/tiers.ts';
import { RequestError } from './request-error.ts';

/** What a call of this kind of auth has: always for `token`, never for `public`, maybe for `optional`. */
type Signed<A extends Auth, T> = A extends 'token' ? T : A extends 'public' ? null : T | null;

export interface CallInput<C extends Call> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The session of the access token (also on request.ctx.session). */
  session: Signed<C['auth'], ResolvedSession>;
  /** The session's account, loaded once per request. */
  account: Signed<C['auth'], Account>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The captcha's refusal (1200-1204), when the call was mounted with `captcha: 'hand-over'`; else null. */
  captchaRefusal: RequestError | null;
  /** The operator of an `operator` call (the console), with at least the call's role; else null. */
  operator: C['auth'] extends 'operator' ? OperatorSession : null;
}

export type CallHandler<C extends Call> = (input: CallInput<C>) => Promise<ResponseOf<C>>;

/** How this server mounts a call, beside what the contract declares. */
export interface CallOptions {
  /**
   * `hand-over`: a refused captcha does not answer the call; its error goes to the handler, which
   * refuses with it or not (registration: RISK_CAPTCHA=flag creates a flagged account instead).
   */
  captcha?: 'refuse' | 'hand-over';
}

/**
 * What a call answered with a frozen value (a value kept in memory and shared, like the public
 * settings): checked against the response schema once, encoded once per format.
 */
type FrozenAnswers = WeakMap<object, { checked: unknown; texts: Map<string, string> }>;

/** The answer checked against the call's response schema (an answer that does not match is a bug: 500). */
function checkAnswer(call: Call, request: FastifyRequest, result: unknown): unknown {
  const checked = call.response.safeParse(result);
  if (!checked.success) {
    request.log.error({ callId: call.id, issues: checked.error.issues }, 'answer does not match the contract');
    throw new Error(`answer of ${call.id} does not match its response schema`);
  }
  return checked.data;
}

/** The text of the answer in the request's format; a frozen answer's is made once per format. */
function answerText(call: Call, request: FastifyRequest, result: unknown, format: AnswerFormat, frozen: FrozenAnswers) {
  if (typeof result !== 'object' || result === null || !Object.isFrozen(result)) {
    return encodeAnswer(checkAnswer(call, request, result), format);
  }
  let kept = frozen.get(result);
  if (!kept) frozen.set(result, (kept = { checked: checkAnswer(call, request, result), texts: new Map() }));
  const key = `${format.agJson}|${format.expandLocalizations}|${format.locale}`;
  let text = kept.texts.get(key);
  if (text === undefined) kept.texts.set(key, (text = encodeAnswer(kept.checked, format)));
  return text;
}

/** Ids of the calls each server (by its services, `app.deps`) implements, for its OpenAPI document. */
const implementedBy = new WeakMap<object, Set<string>>();

/** The ids of the calls mounted with registerCall on the server of `deps`. */
export function implementedCalls(deps: object): Set<string> {
  let ids = implementedBy.get(deps);
  if (!ids) implementedBy.set(deps, (ids = new Set()));
  return ids;
}

/**
 * The path of the first string in `value` that holds U+0000 (PostgreSQL text cannot); null when
 * none does. Inputs are small and already parsed: the walk stops at a depth no schema reaches.
 */
function nulAt(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 12) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    const nul = nulAt(result.data, [where]);
    if (!nul) return result.data;
    const issue = { path: nul.join('.'), code: 'invalid_string', message: 'Must not contain the NUL character' };
    throw new RequestError('invalid_request', { body: { issues: [issue] } });
  }
  const issues = result.error.issues.slice(0, 20).map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    code: issue.code,
    message: issue.message,
  }));
  throw new RequestError('invalid_request', { body: { issues } });
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const _ in value) return false;
  return true;
}

/**
 * The check of one part of the request (params, query, body) against its schema. Most calls take no
 * params or no query: when the schema turns an empty part into an empty part (no defaults), an empty
 * part is answered without running the schema, which every request would otherwise pay for.
 */
function validator<S extends z.ZodType>(schema: S, where: string): (value: unknown) => z.output<S> {
  const ofEmpty = (value: undefined | object) => {
    const result = schema.safeParse(value);
    return result.success && isEmpty(result.data) && (result.data === undefined) === (value === undefined);
  };
  const emptyObject = ofEmpty({});
  const absent = ofEmpty(undefined);
  return (value) => {
    if (value === undefined ? absent : emptyObject && value !== null && !Array.isArray(value) && isEmpty(value)) {
      return (value === undefined ? undefined : {}) as z.output<S>;
    }
    return validate(schema, value, where);
  };
}

/** The own tier of a request by its body's `grant_type` (undefined: the default tier alone counts it). */
function tierOfGrant(
  tier: RateLimitTier,
  grantTiers: Readonly<Record<string, RateLimitTier>>,
  rateLimits: RateLimitTable,
): (body: unknown) => RateLimit | undefined {
  return (body) => {
    const grant = typeof body === 'object' && body !== null ? (body as { grant_type?: unknown }).grant_type : undefined;
    const own = (typeof grant === 'string' && Object.hasOwn(grantTiers, grant) ? grantTiers[grant] : undefined) ?? tier;
    return own === 'default' ? undefined : rateLimits[own];
  };
}

/** Mounts `call` on `app` (whose `deps` hold the signed-in sessions, captcha verifier and rate-limit tiers). */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const { signedIn, standing, captcha, rateLimits, operators, consoleAddresses } = app.deps;
  const frozen: FrozenAnswers = new WeakMap();
  // The console's calls are for the publisher's staff, not in the public document (ADR 038).
  if (call.area !== 'console') implementedCalls(app.deps).add(call.id);
  const inputs = {
    params: validator(call.params, 'params'),
    query: validator(call.query, 'query'),
    body: validator(call.body, 'body'),
  };
  app.route({
    method: call.method,
    url: call.path.replace(/\{(\w+)\}/g, ':$1'),
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    // The default tier is the limit every request has (counted over all calls); others are per call,
    // by the grant of the body where the call says so (grantTiers).
    config: {
      callId: call.id,
      auth: call.auth,
      ...(call.grantTiers
        ? { rateLimitOf: tierOfGrant(call.rateLimit, call.grantTiers, rateLimits) }
        : call.rateLimit !== 'default'
          ? { rateLimit: rateLimits[call.rateLimit] }
          : {}),
    },
    handler: async (request, reply) => {
      // The console answers only the addresses it is open to (CONSOLE_ALLOWED_IPS), and only an
      // operator's token on an operator's call: a player's token is never one, nor the reverse.
      if (call.area === 'console' && !consoleAddresses.allows(request.ip))
        throw new RequestError('console_address_refused');
      const operator =
        call.auth === 'operator' && call.role !== undefined
          ? await operators.resolve(request.ctx.accessToken, call.role)
          : null;
      // A public call has no session to wait for, and a call without a captcha none to check.
      const resolved =
        call.auth === 'public' || call.auth === 'operator'
          ? null
          : await callSession(call, request, signedIn, standing);
      const session = resolved?.session ?? null;
      request.ctx.session = session;
      const params = inputs.params(request.params) as ParamsOf<C>;
      const query = inputs.query(request.query) as QueryOf<C>;
      const body = inputs.body(request.body) as BodyOf<C>;
      const account = callAccount(call, resolved);
      assertRecentlyVerified(call, session, account);
      const captchaRefusal = call.captcha
        ? await checkCaptcha(call, request, captcha, options.captcha === 'hand-over')
        : null;
      const result = await handler({
        params,
        query,
        body,
        // callSession and callAccount refuse a `token` call without them and give a `public` one none.
        session: session as CallInput<C>['session'],
        account: account as CallInput<C>['account'],
        request,
        reply,
        captchaRefusal,
        operator: operator as CallInput<C>['operator'],
      });
      const format = answerFormat(request);
      return sendText(reply, call.status, format, answerText(call, request, result, format, frozen));
    },
  });
}
