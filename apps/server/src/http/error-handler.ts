// Every failure leaves as the spec's error object {message, key, body, hydraErrorCode, code},
// in the caller's language. Server faults hide their internals and are logged with the request id.
import type { ErrorName } from '@portal/contract/errors/catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from './codec.ts';
import type { ErrorMessages } from './messages.ts';
import { RequestError } from './request-error.ts';

const FASTIFY_ERRORS: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_request',
  FST_ERR_VALIDATION: 'invalid_request',
};

/** Converts anything thrown into a RequestError; undefined when it is a server fault. */
export function toRequestError(error: unknown): RequestError | undefined {
  if (error instanceof RequestError) return error;
  const fastifyError = error as Partial<FastifyError>;
  const mapped = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (mapped) return new RequestError(mapped);
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new RequestError(status === 404 ? 'not_found' : 'invalid_request', { status });
  }
  return undefined;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  messages: ErrorMessages,
  error: RequestError,
): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const locale = request.ctx?.locale ?? 'en-US';
  return sendEncoded(request, reply, error.status, {
    message: messages.message(locale, error.key, error.body),
    key: error.key,
    body: error.body,
    hydraErrorCode: error.hydraErrorCode,
    code: error.errorName,
  });
}

export function registerErrorHandling(app: FastifyInstance, messages: ErrorMessages): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toRequestError(error);
    if (known) return sendError(request, reply, messages, known);
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return sendError(
      request,
      reply,
      messages,
      new RequestError('internal_error', { body: { request_id: String(request.id) } }),
    );
  });
}
