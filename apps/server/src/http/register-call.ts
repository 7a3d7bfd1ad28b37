// Mounts a contract call: validates path parameters, query and body with the call's schemas,
// runs the handler and checks its answer against the response schema before encoding it.
import type { Call, ParamsOf, QueryOf, BodyOf, ResponseOf } from '@portal/contract/calls/define';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendEncoded } from './codec.ts';
import { RequestError } from './request-error.ts';

export interface CallInput<C extends Call> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends Call> = (input: CallInput<C>) => Promise<ResponseOf<C>>;

export interface CallRouteOptions {
  /** Accept a session whose two-factor check is still pending (the two-factor calls only). */
  allowMfaPending?: boolean;
  /** Per-route rate limit (requests per minute per client address). */
  rateLimit?: { max: number; timeWindow?: number };
  /**
   * Access tokens a game got (OAuth code or device flow; `session.clientId` set) work only on the
   * calls that say so: `allowed` takes them beside the web app's, `required` takes only them.
   */
  gameToken?: 'allowed' | 'required';
}

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

/**
 * Resolves X-Hydra-Access-Token for calls that take a session. A `token` call without a token is
 * `unauthorized`; with a token that is unknown, revoked or expired it is `auth_expired`, which tells
 * the client to refresh and retry. A session still waiting for two-factor is refused unless allowed.
 */
async function attachSession(app: FastifyInstance, call: Call, request: FastifyRequest, options: CallRouteOptions) {
  if (call.auth === 'public') return;
  const token = request.ctx.accessToken;
  if (token === null) {
    if (call.auth === 'token') throw new RequestError('unauthorized');
    return;
  }
  const session = await app.deps.sessions.resolve(token);
  if (session === null) {
    if (call.auth === 'token') throw new RequestError('auth_expired');
    return;
  }
  if (session.mfaPending && !options.allowMfaPending) {
    throw new RequestError('unauthorized', { body: { mfa_required: true } });
  }
  const gameSession = session.clientId !== null;
  if (gameSession ? options.gameToken === undefined : options.gameToken === 'required') {
    throw new RequestError('unauthorized', { body: { reason: gameSession ? 'game_token' : 'game_token_required' } });
  }
  request.ctx.session = session;
}

export function registerCall<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallRouteOptions = {},
): void {
  implementedCalls.add(call.id);
  app.route({
    method: call.method,
    url: call.path.replace(/\{(\w+)\}/g, ':$1'),
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    config: { callId: call.id, auth: call.auth, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    handler: async (request, reply) => {
      await attachSession(app, call, request, options);
      const params = validate(call.params, request.params, 'params') as ParamsOf<C>;
      const query = validate(call.query, request.query, 'query') as QueryOf<C>;
      const body = validate(call.body, request.body, 'body') as BodyOf<C>;
      const result = await handler({ params, query, body, request, reply });
      const checked = call.response.safeParse(result);
      if (!checked.success) {
        request.log.error({ callId: call.id, issues: checked.error.issues }, 'answer does not match the contract');
        throw new Error(`answer of ${call.id} does not match its response schema`);
      }
      return sendEncoded(request, reply, call.status, checked.data);
    },
  });
}
