// The policies a contract call declares (CallPolicies in packages/contract/src/calls/define.ts),
// each decided here once; registerCall applies them in this order: the session (access token, a
// sign-in pending two-factor, a game's token), the request's schemas, the signed-in account, a
// recent verification, the captcha. The rate-limit tier goes into the route's config (tiers.ts).
import type { Call } from '@portal/contract/calls/define';
import type { FastifyRequest } from 'fastify';
import type { Account } from '../modules/accounts/service.ts';
import type { CaptchaVerifier } from '../modules/captcha/service.ts';
import type { StandingService } from '../modules/moderation/standing-service.ts';
import type { ResolvedSession } from '../modules/sessions/service.ts';
import type { SignedInRequest, SignedInService } from '../modules/sessions/signed-in-service.ts';
import { RequestError } from './request-error.ts';

/** How long a session verification (PUT /sessions/me/verify) allows a call that needs a recent one. */
export const VERIFIED_FOR_MS = 10 * 60_000;

/**
 * The session of the request's access token with its account (read together, and kept between
 * calls: SignedInService, ADR 017), for calls that take one. A `token` call without a token is
 * `unauthorized`; with a token that is unknown, revoked or expired it is `auth_expired`, which
 * tells the client to refresh and retry. An account a ban or block keeps out (of the portal, or of
 * the game of a game's token) is refused with it. A session still waiting for two-factor is refused unless
 * the call allows it; a game's token is refused unless the call allows it, and a call that
 * requires one refuses the web app's.
 */
export async function callSession(
  call: Call,
  request: FastifyRequest,
  signedIn: Pick<SignedInService, 'resolve' | 'refusalOfEnded'>,
  standing: Pick<StandingService, 'assert'>,
): Promise<SignedInRequest | null> {
  if (call.auth === 'public') return null;
  const token = request.ctx.accessToken;
  if (token === null) {
    if (call.auth === 'token') throw new RequestError('unauthorized');
    return null;
  }
  const resolved = await signedIn.resolve(token);
  if (resolved === null) {
    if (call.auth === 'token') throw (await signedIn.refusalOfEnded(token)) ?? new RequestError('auth_expired');
    return null;
  }
  const { session, account } = resolved;
  // A ban or block in force refuses every call of the account's tokens, whatever the call (issue 30).
  if (account) await standing.assert(account, session.clientId);
  if (session.mfaPending && !call.allowMfaPending) {
    throw new RequestError('unauthorized', { body: { mfa_required: true } });
  }
  const gameSession = session.clientId !== null;
  if (gameSession ? call.gameToken === 'refused' : call.gameToken === 'required') {
    throw new RequestError('unauthorized', { body: { reason: gameSession ? 'game_token' : 'game_token_required' } });
  }
  return resolved;
}

/**
 * The account of the session (read with it by callSession). A session whose account is gone
 * answers auth_expired on a `token` call; an `optional` call goes on without an account. A browser's
 * session of a stub account (the stub flow) is refused unless the call allows it: a stub is not a
 * valid account for the dashboard (spec 000 §4); a game's session of a stub plays as any account.
 */
export function callAccount(call: Call, signedIn: SignedInRequest | null): Account | null {
  const account = signedIn?.account ?? null;
  if (account === null && call.auth === 'token') throw new RequestError('auth_expired');
  if (account?.stub && signedIn?.session.clientId === null && !call.allowStub) {
    throw new RequestError('unauthorized', { body: { reason: 'stub' } });
  }
  return account;
}

/**
 * A call that changes what protects the account needs the player to have proved themselves just
 * before; a `credential` call, with the password or the authenticator when the account has one of
 * them, or a passkey (an emailed code alone is then not enough: ADR 029, ADR 036).
 */
export function assertRecentlyVerified(
  call: Call,
  session: ResolvedSession | null,
  account: Pick<Account, 'passwordHash' | 'mfaSecret'> | null,
  now = Date.now(),
): void {
  if (!call.recentVerification) return;
  const verifiedAt = session?.verifiedAt;
  const recent = verifiedAt !== null && verifiedAt !== undefined && now - verifiedAt.getTime() <= VERIFIED_FOR_MS;
  if (call.recentVerification === true) {
    if (!recent) throw new RequestError('session_verification_required');
    return;
  }
  const hasCredential = account !== null && (account.passwordHash !== null || account.mfaSecret !== null);
  // The call's own emailed code proves the mailbox of an account with nothing else (ADR 036).
  if (call.recentVerification === 'credential-if-held' && !hasCredential) return;
  const byCredential =
    session?.verifiedBy === 'password' || session?.verifiedBy === 'mfa_code' || session?.verifiedBy === 'passkey';
  if (!recent || (hasCredential && !byCredential)) {
    throw new RequestError(hasCredential ? 'reauthentication_required' : 'session_verification_required');
  }
}

/**
 * The X-Captcha-Response header, checked by the configured verifier: a refusal (1200-1204) is thrown,
 * or with `handOver` answered to the caller, which decides (registration: RISK_CAPTCHA, modules/risk).
 * Null when the captcha passed.
 */
export async function checkCaptcha(
  call: Call,
  request: FastifyRequest,
  captcha: CaptchaVerifier,
  handOver = false,
): Promise<RequestError | null> {
  if (!call.captcha) return null;
  const header = request.headers['x-captcha-response'];
  try {
    await captcha.verify(typeof header === 'string' ? header : undefined, request.ip);
    return null;
  } catch (error) {
    if (handOver && error instanceof RequestError) return error;
    throw error;
  }
}
