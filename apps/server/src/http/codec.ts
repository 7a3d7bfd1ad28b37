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

/** How the request asked its answer to be encoded. */
export interface AnswerFormat {
  agJson: boolean;
  expandLocalizations: boolean;
  locale: string;
}

export function answerFormat(request: FastifyRequest): AnswerFormat {
  const ctx = request.ctx;
  return {
    agJson: ctx?.agJson ?? false,
    expandLocalizations: ctx?.expandLocalizations ?? true,
    locale: ctx?.locale ?? 'en-US',
  };
}

/** The text of a value in a format. */
export function encodeAnswer(value: unknown, format: AnswerFormat): string {
  const options = { plain: !format.agJson, expandLocalizations: format.expandLocalizations, locale: format.locale };
  return JSON.stringify(encode(value, options));
}

/** Sends the encoded text of an answer with its content type. */
export function sendText(reply: FastifyReply, status: number, format: AnswerFormat, text: string) {
  // An API answer is about its caller (a signed-in player's data, tokens, a refusal) and is never
  // stored by a browser or a shared cache, unless its route marked it cacheable (cacheFor).
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply
    .code(status)
    .type(format.agJson ? `${AG_JSON}; charset=utf-8` : 'application/json; charset=utf-8')
    .send(text);
}

/** Sends a value as application/x-ag-json or application/json, as the request asked. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, status: number, value: unknown) {
  const format = answerFormat(request);
  return sendText(reply, status, format, encodeAnswer(value, format));
}
