// Request bodies in application/x-ag-json or application/json are parsed and decoded (typed
// values become Dates, Localized...); answers are encoded the way the caller asked for.
import { AG_JSON, CodecError, decode, encode } from '@portal/contract/codec';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestError } from './request-error.ts';

export function registerCodec(app: FastifyInstance): void {
  // Only JSON bodies are accepted; any other content type is answered 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', AG_JSON], { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, decode(JSON.parse(text)));
    } catch (error) {
      const reason = error instanceof CodecError ? error.message : 'The body is not valid JSON';
      done(new RequestError('invalid_request', { body: { reason } }), undefined);
    }
  });
}

/** Sends a value as application/x-ag-json or application/json, as the request asked. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, status: number, value: unknown) {
  const ctx = request.ctx;
  const agJson = ctx?.agJson ?? false;
  const options = {
    plain: !agJson,
    expandLocalizations: ctx?.expandLocalizations ?? true,
    locale: ctx?.locale ?? 'en-US',
  };
  return reply
    .code(status)
    .type(agJson ? `${AG_JSON}; charset=utf-8` : 'application/json; charset=utf-8')
    .send(JSON.stringify(encode(value, options)));
}
