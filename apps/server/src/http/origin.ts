// Where a request came from, as the audit trail records it (modules/audit): the client's address
// (behind TRUST_PROXY, from the proxy's header) and its User-Agent. The request being served is also
// kept for what it calls (an AsyncLocalStorage): a sign-in records where it came from wherever in a
// service it is issued, without every caller passing it down (ADR 034).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  clientId?: string | null;
}

export function originOf(request: FastifyRequest, clientId: string | null = null): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null, clientId };
}

const serving = new AsyncLocalStorage<FastifyRequest>();

/** Keeps each request for what it calls (currentOrigin); first of the request's hooks. */
export function registerRequestOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => serving.run(request, done));
}

/** Where the request being served came from; null outside a request (a job, the command line, a test). */
export function currentOrigin(): RequestOrigin | null {
  const request = serving.getStore();
  return request ? originOf(request) : null;
}
