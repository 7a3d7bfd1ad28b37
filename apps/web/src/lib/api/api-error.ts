import { ERRORS } from '@portal/contract/errors/catalogue';
import { GENERIC_MESSAGE } from '@portal/contract/errors/catalogue';
import { wireError } from '@portal/contract/errors/wire-error';
import type { WireError } from '@portal/contract/errors/wire-error';
import { errorMessageKey } from '../i18n/error-keys.ts';
import type { ErrorMessageKey } from '../i18n/error-keys.ts';

/** A failed call: the server's error object, or a network/timeout failure shaped like one. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly wire: WireError;

  constructor(status: number, wire: WireError) {
    super(wire.message);
    this.status = status;
    this.wire = wire;
  }

  /** The message key to show: unknown and debug-only codes show error.generic. */
  messageKey(debug: boolean): ErrorMessageKey {
    return errorMessageKey(this.wire, debug);
  }

  is(name: keyof typeof ERRORS): boolean {
    return this.wire.hydraErrorCode === ERRORS[name].code || this.wire.code === name;
  }

  static fromBody(status: number, body: unknown): ApiError {
    const parsed = wireError.safeParse(body);
    return new ApiError(status, parsed.success ? parsed.data : genericWire());
  }

  static network(reason: 'timeout' | 'offline'): ApiError {
    return new ApiError(0, { ...genericWire(), body: { reason } });
  }
}

function genericWire(): WireError {
  return { message: GENERIC_MESSAGE, key: 'error.generic', body: null, hydraErrorCode: null, code: null };
}

/** Errors after which the session cannot go on: the user is signed out. */
export const FORCE_LOGOUT_ERRORS = ['account_banned', 'account_blocked'] as const;
