// Security headers for every answer (a page's, or an API answer's) and CORS for the web origins an
// operator allows.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { captchaCspSources, type CaptchaWidget } from '../modules/captcha/providers.ts';

export interface SecurityOptions {
  corsOrigins: string[];
  /** Tag manager id: its script host is allowed when set. */
  gtmId?: string;
  /** Error-reporting DSN: its host is allowed as a connection target when set. */
  sentryDsn?: string;
  /** The captcha widget: its provider's script, frame (and style/connect) hosts are allowed only when set. */
  captcha?: CaptchaWidget | undefined;
}

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The security headers of every answer. They do not depend on the request, so they are built once
 * (a per-request header builder such as @fastify/helmet cost a measurable share of a request).
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const gtm = options.gtmId ? ['https://www.googletagmanager.com'] : [];
  const captcha = captchaCspSources(options.captcha);
  const csp: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...gtm, ...(captcha['script-src'] ?? [])]],
    ...(captcha['frame-src'] ? [['frame-src', ["'self'", ...captcha['frame-src']]] as [string, string[]]] : []),
    ['style-src', ["'self'", ...(captcha['style-src'] ?? [])]],
    // Inline style attributes only (positioning by accessible components); no <style> injection.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      ["'self'", ...options.corsOrigins, ...origin(options.sentryDsn), ...gtm, ...(captcha['connect-src'] ?? [])],
    ],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return {
    'content-security-policy': csp.map(([name, values]) => `${name} ${values.join(' ')}`).join(';'),
    // OAuth and platform sign-in pages open popups that must be able to report back.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // Browsers without frame-ancestors: never framed either.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The headers of an API answer (JSON, never rendered as a page; OWASP REST security): no content may
 * load or frame it, no sniffing, no cross-origin embedding. The page headers (the SPA's CSP, COOP,
 * referrer policy, legacy switches) would be about 600 bytes of every answer that no browser reads.
 * The API's docs page (/api/docs) sets its own CSP.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Headers only a document reads (CSP, framing, COOP, referrer, legacy IE and Flash switches). The
 * built scripts and styles under /assets/ are never documents and go without them; they keep
 * nosniff and the cross-origin resource policy, which guard a script or style.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const pageHeaders = securityHeaders(options);
  const assetHeaders = Object.fromEntries(
    Object.entries(pageHeaders).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)),
  );
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    // Every answer names its request (a hashed asset drops it again: spa.ts).
    reply.header('x-request-id', request.id);
    reply.headers(
      url.startsWith('/api/') ? API_SECURITY_HEADERS : url.startsWith('/assets/') ? assetHeaders : pageHeaders,
    );
    // HSTS only when the request really came over TLS.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: [
        'content-type',
        'accept',
        'accept-language',
        'x-hydra-api-key',
        'x-hydra-visitor-id',
        'x-hydra-access-token',
        'x-hydra-game-referrer',
        'x-hydra-utm-source',
        'x-hydra-utm-medium',
        'x-hydra-utm-campaign',
        'x-captcha-response',
      ],
      exposedHeaders: ['x-request-id', 'retry-after'],
      maxAge: 600,
    });
  }
}
