// ETag and 304 Not Modified for the answers a route marks as cacheable (cacheFor): the same for every
// visitor and computed in the process, such as /config.json and /api/settings/public. The tag is a
// hash of the bytes sent, so two instances with the same data give the same tag; a request whose
// If-None-Match holds it gets 304 and no body.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CACHEABLE = Symbol('cacheable');

/** Marks the answer cacheable: `Cache-Control: <cacheControl>`, an ETag, 304 to If-None-Match. */
export function cacheFor(reply: FastifyReply, cacheControl: string, vary?: string): FastifyReply {
  (reply as FastifyReply & { [CACHEABLE]?: boolean })[CACHEABLE] = true;
  reply.header('cache-control', cacheControl);
  // Added to what is there already (CORS names Origin when it answers by the request's origin).
  if (vary) {
    const before = reply.getHeader('vary');
    reply.header('vary', before ? `${String(before)}, ${vary}` : vary);
  }
  return reply;
}

/** The strong ETag of a body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The tags of the last bodies sent: a cacheable answer is the same text request after request (the
 * frozen public settings are encoded once), so its hash is computed once. Keyed by the text itself.
 */
const recentTags = new Map<string, string>();
const RECENT_TAGS = 64;

function etagOfText(body: string): string {
  let tag = recentTags.get(body);
  if (tag === undefined) {
    tag = etagOf(body);
    if (recentTags.size >= RECENT_TAGS) recentTags.delete(recentTags.keys().next().value as string);
    recentTags.set(body, tag);
  }
  return tag;
}

/** True when If-None-Match names the tag (or is `*`); weak tags compare by their value (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((item) => {
    const tag = item.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const marked = (reply as FastifyReply & { [CACHEABLE]?: boolean })[CACHEABLE] === true;
    if (!marked || reply.statusCode !== 200 || !['GET', 'HEAD'].includes(request.method)) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = typeof payload === 'string' ? etagOfText(payload) : etagOf(payload);
    reply.header('etag', etag);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, '');
  });
}
