import { ERRORS } from '@portal/contract/errors/catalogue';
import { GENERIC_MESSAGE } from '@portal/contract/errors/catalogue';
import { wireError } from '@portal/contract/errors/wire-error';
import type { WireError } from '@portal/contract/errors/wire-error';
import { restrictionNotice } from '@portal/contract/data/moderation';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
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

/**
 * The refusals of a restricted account (issue 30): a ban (1030) or a hold (1033). Each carries the
 * notice the player is shown (`body.restriction`). A ban of one game (`restriction.game` set) refuses
 * only that game's sign-in; any other refusal ends the session (accountRefusal).
 */
export const FORCE_LOGOUT_ERRORS = ['account_banned', 'account_blocked'] as const;

/** A moment as the notice may carry it: an ISO string, or a Date the x-ag-json codec decoded. */
function moment(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
const validMoment = (value: string | null) => value === null || !Number.isNaN(Date.parse(value));

/** The notice of a refusal, or null when its body carries none that can be read. */
export function restrictionNoticeOf(error: ApiError): RestrictionNotice | null {
  const raw = error.wire.body?.restriction;
  if (raw === null || typeof raw !== 'object') return null;
  const fields = raw as Record<string, unknown>;
  const parsed = restrictionNotice.safeParse({
    ...fields,
    starts_at: moment(fields.starts_at),
    ends_at: moment(fields.ends_at),
  });
  if (!parsed.success || !validMoment(parsed.data.starts_at) || !validMoment(parsed.data.ends_at)) return null;
  return parsed.data;
}

/**
 * A refusal of the whole account (banned, or on hold): the session cannot go on, the player is
 * signed out and shown the notice (null when the answer carried none).
 */
export function accountRefusal(error: unknown): { notice: RestrictionNotice | null } | null {
  if (!(error instanceof ApiError) || !FORCE_LOGOUT_ERRORS.some((name) => error.is(name))) return null;
  const notice = restrictionNoticeOf(error);
  if (error.is('account_banned') && notice?.game) return null;
  return { notice };
}

/** A ban of one game (the game's sign-in refused): the player stays signed in to the portal. */
export function gameRestriction(error: unknown): RestrictionNotice | null {
  if (!(error instanceof ApiError) || !error.is('account_banned')) return null;
  const notice = restrictionNoticeOf(error);
  return notice?.game ? notice : null;
}
