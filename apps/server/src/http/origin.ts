// Where a request came from, as the audit trail records it (modules/audit): the client's address
// (behind TRUST_PROXY, from the proxy's header) and its User-Agent.
import type { FastifyRequest } from 'fastify';

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  clientId?: string | null;
}

export function originOf(request: FastifyRequest, clientId: string | null = null): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null, clientId };
}
