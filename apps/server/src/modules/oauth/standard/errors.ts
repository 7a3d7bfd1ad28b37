// The error bodies of the standard endpoints (RFC 6749 §5.2): `error`, `error_description` and the
// HTTP status, and which of them a portal error (RequestError) stands for.
import { toRequestError } from '../../../http/error-handler.ts';

/** An RFC 6749 §5.2 error: `error` and a description, with its HTTP status. */
export class OAuthError extends Error {
  readonly error: string;
  readonly description: string;
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(error: string, description: string, status = 400, extra: Record<string, unknown> = {}) {
    super(description);
    this.error = error;
    this.description = description;
    this.status = status;
    this.extra = extra;
  }
}

/** What a grant's error means, when the refusal names no reason of its own (RFC 6749 §5.2, RFC 8628 §3.5). */
const GRANT_DESCRIPTIONS: Record<string, string> = {
  authorization_pending: 'the player has not approved the device yet; poll again after the interval',
  slow_down: 'polling too often; wait the interval (now longer) between polls',
  expired_token: 'the device code has expired; start again',
  access_denied: 'the player declined',
  invalid_grant: 'the grant is not valid',
};

/** The RFC error a thrown error stands for on the standard endpoints; undefined for an unexpected one. */
export function toOAuthError(thrown: unknown): OAuthError | undefined {
  if (thrown instanceof OAuthError) return thrown;
  const known = toRequestError(thrown);
  if (!known) return undefined;
  const body = (known.body ?? {}) as Record<string, unknown>;
  const rfc = typeof body.error === 'string' ? body.error : undefined;
  const description = String(body.reason ?? (rfc ? GRANT_DESCRIPTIONS[rfc] : undefined) ?? known.errorName);
  switch (known.errorName) {
    case 'invalid_request': {
      if (!rfc) return new OAuthError('invalid_request', description);
      const { error: _error, reason: _reason, ...extra } = body;
      return new OAuthError(rfc, description, 400, extra);
    }
    case 'redirect_uri_mismatch':
    case 'oauth_code_challenge_failed':
    case 'auth_expired':
      return new OAuthError('invalid_grant', known.errorName);
    case 'account_banned':
    case 'account_blocked':
      // The grant stands for an account a ban or block keeps out (issue 30): the game hears why.
      return new OAuthError('invalid_grant', known.errorName, 400, { restriction: body.restriction });
    case 'too_many_requests':
      return new OAuthError('slow_down', 'too many requests', 429);
    case 'unsupported_media_type':
      return new OAuthError('invalid_request', 'use application/x-www-form-urlencoded');
    default:
      return new OAuthError('invalid_request', known.errorName, known.status >= 500 ? 400 : known.status);
  }
}
