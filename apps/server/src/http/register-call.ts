// Mounts a contract call: applies the policies it declares (call-policies.ts, the rate-limit tier),
// validates path parameters, query and body with the call's schemas, runs the handler with the
// session and account, and checks its answer against the response schema before encoding it.
import type { Auth, Call, ParamsOf, QueryOf, BodyOf, ResponseOf } from '@portal/contract/calls/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Account } from '../modules/accounts/service.ts';
import type { ResolvedSession } from '../modules/sessions/service.ts';
import { assertRecentlyVerified, callAccount, callSession, checkCaptcha } from './call-policies.ts';
import { sendEncoded } from './codec.ts';
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
}

export type CallHandler<C extends Call> = (input: CallInput<C>) => Promise<ResponseOf<C>>;

/** Ids of the calls this server implements, for the OpenAPI document. */
export const implementedCalls = new Set<string>();

function validate<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 20).map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    code: issue.code,
    message: issue.message,
  }));
  throw new RequestError('invalid_request', { body: { issues } });
}

/** Mounts `call` on `app` (whose `deps` hold the signed-in sessions, captcha verifier and rate-limit tiers). */
export function registerCall<C extends Call>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  const { signedIn, captcha, rateLimits } = app.deps;
  implementedCalls.add(call.id);
  app.route({
    method: call.method,
    url: call.path.replace(/\{(\w+)\}/g, ':$1'),
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    // The default tier is the limit every request has (counted over all calls); others are per call.
    config: {
      callId: call.id,
      auth: call.auth,
      ...(call.rateLimit !== 'default' ? { rateLimit: rateLimits[call.rateLimit] } : {}),
    },
    handler: async (request, reply) => {
      const resolved = await callSession(call, request, signedIn);
      const session = resolved?.session ?? null;
      request.ctx.session = session;
      const params = validate(call.params, request.params, 'params') as ParamsOf<C>;
      const query = validate(call.query, request.query, 'query') as QueryOf<C>;
      const body = validate(call.body, request.body, 'body') as BodyOf<C>;
      const account = callAccount(call, resolved);
      assertRecentlyVerified(call, session);
      await checkCaptcha(call, request, captcha);
      const result = await handler({
        params,
        query,
        body,
        // callSession and callAccount refuse a `token` call without them and give a `public` one none.
        session: session as CallInput<C>['session'],
        account: account as CallInput<C>['account'],
        request,
        reply,
      });
      const checked = call.response.safeParse(result);
      if (!checked.success) {
        request.log.error({ callId: call.id, issues: checked.error.issues }, 'answer does not match the contract');
        throw new Error(`answer of ${call.id} does not match its response schema`);
      }
      return sendEncoded(request, reply, call.status, checked.data);
    },
  });
}
