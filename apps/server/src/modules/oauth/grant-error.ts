import { RequestError } from '../../http/request-error.ts';

/**
 * A grant that gives no tokens: invalid_request with the RFC 6749 §5.2 / RFC 8628 §3.5 error name
 * in `body.error` (invalid_grant, authorization_pending, slow_down, expired_token, access_denied).
 */
export const grantError = (error: string, extra: Record<string, unknown> = {}) =>
  new RequestError('invalid_request', { body: { error, ...extra } });
