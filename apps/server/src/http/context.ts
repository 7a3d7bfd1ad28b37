// What every request carries (spec 001 §7 "Common to every request"), read once per request.
import { negotiateLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResolvedSession } from '../modules/sessions/service.ts';
import type { ApiClient } from './api-key.ts';

export interface RequestContext {
  /** Language of messages and mails, from Accept-Language. */
  locale: LocaleTag;
  visitorId: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null };
  gameReferrer: string | null;
  accessToken: string | null;
  /** The session of the access token, resolved for calls that take one. */
  session: ResolvedSession | null;
  /** The registered client that sent X-Hydra-API-Key (set on /api routes). */
  apiClient: ApiClient | null;
  /** Answer in application/x-ag-json (else plain JSON). */
  agJson: boolean;
  /** expand_localizations query parameter: default True. */
  expandLocalizations: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

const UUIDISH = /^[0-9a-zA-Z-]{8,64}$/;

function header(request: FastifyRequest, name: string, max = 200): string | null {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === '' || text === 'null' || text === 'undefined') return null;
  return text.slice(0, max);
}

export function readContext(request: FastifyRequest): RequestContext {
  const visitorId = header(request, 'x-hydra-visitor-id');
  const expand = (request.query as Record<string, unknown> | undefined)?.expand_localizations;
  const expandText = Array.isArray(expand) ? expand[0] : expand;
  return {
    locale: negotiateLocale(header(request, 'accept-language', 4096) ?? undefined),
    visitorId: visitorId !== null && UUIDISH.test(visitorId) ? visitorId : null,
    utm: {
      source: header(request, 'x-hydra-utm-source'),
      medium: header(request, 'x-hydra-utm-medium'),
      campaign: header(request, 'x-hydra-utm-campaign'),
    },
    gameReferrer: header(request, 'x-hydra-game-referrer'),
    // Games' OAuth libraries send the standard Authorization: Bearer header instead.
    accessToken: header(request, 'x-hydra-access-token', 512) ?? bearerToken(request.headers.authorization),
    session: null,
    apiClient: null,
    agJson: wantsAgJson(request.headers.accept),
    expandLocalizations: typeof expandText !== 'string' || !['false', 'False', '0'].includes(expandText),
  };
}

function bearerToken(authorization: string | undefined): string | null {
  const match = authorization && authorization.length <= 512 ? /^Bearer ([A-Za-z0-9_-]+)$/.exec(authorization) : null;
  return match?.[1] ?? null;
}

export function wantsAgJson(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes('application/x-ag-json');
}

export function registerContext(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', (request, _reply, done) => {
    request.ctx = readContext(request);
    const { visitorId, utm, gameReferrer } = request.ctx;
    // Where the visitor came from goes into every log line of the request.
    if (visitorId || utm.source || utm.medium || utm.campaign || gameReferrer) {
      request.log = request.log.child({ visitorId, utm, gameReferrer });
    }
    done();
  });
}
