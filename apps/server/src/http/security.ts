// Security headers for every answer and CORS for the web origins an operator allows.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  corsOrigins: string[];
  /** Tag manager id: its script host is allowed when set. */
  gtmId?: string;
  /** Error-reporting DSN: its host is allowed as a connection target when set. */
  sentryDsn?: string;
}

function origin(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const gtm = options.gtmId ? ['https://www.googletagmanager.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...gtm],
        styleSrc: ["'self'"],
        // Inline style attributes only (positioning by accessible components); no <style> injection.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.corsOrigins, ...origin(options.sentryDsn), ...gtm],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // HSTS is added below only when the request really came over TLS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    // OAuth and platform sign-in pages open popups that must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
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
