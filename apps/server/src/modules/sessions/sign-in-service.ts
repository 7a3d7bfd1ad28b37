// The sign-in calls of the web app (spec 001 §7 "Sessions"): a code mailed for signing in, the
// password and emailed-code grants and the refresh of POST /sessions/auth/token, completing a
// sign-in pending two-factor, and proving the player again in a session. The game grants of the
// same endpoint are the oauth module's; the password rules and the soft lock are the accounts
// module's (AccountsService.checkPassword).
import type { LocaleTag } from '@portal/contract/data/locales';
import { RequestError } from '../../http/request-error.ts';
import type { RequestOrigin } from '../../http/origin.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { EvenTiming } from '../../security/even-timing.ts';
import type { AuditService } from '../audit/service.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import { CODE_TTL_MINUTES } from '../email-codes/service.ts';
import type { EmailCodesService } from '../email-codes/service.ts';
import type { MfaService } from '../mfa/service.ts';
import type { PasskeysService } from '../passkeys/service.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { cameThroughMailbox, passwordFactor, secondSteps } from './second-step.ts';
import type { ResolvedSession, SessionsService } from './service.ts';
import { signInOf } from './token-service.ts';
import type { IssuedTokens, TokenService } from './token-service.ts';

export interface SignedIn {
  tokens: IssuedTokens;
  account: Account;
}

/** The kind of API client that calls (the X-Hydra-API-Key's), when known. */
export type Caller = { kind: 'portal' | 'game' | 'tool' } | null;

/**
 * Password and emailed-code sign-ins are the portal's own: a game signs its players in through
 * OAuth, its device flow or a platform, so every path of a game's key gets a game's session and its
 * two-factor (ASVS 6.3.4, ADR 029). A game's key is refused here.
 */
function assertNotGame(caller: Caller): void {
  if (caller?.kind === 'game') throw new RequestError('invalid_api_key', { body: { reason: 'game_key' } });
}

export interface SignInDeps {
  accounts: AccountsService;
  codes: EmailCodesService;
  sessions: SessionsService;
  tokens: TokenService;
  mfa: MfaService;
  passkeys: PasskeysService;
  mailer: Mailer;
  audit: Pick<AuditService, 'record'>;
  /** Answers for addresses with and without an account take as long (security/even-timing.ts). */
  even: EvenTiming;
}

export class SignInService {
  readonly #d: SignInDeps;
  constructor(deps: SignInDeps) {
    this.#d = deps;
  }

  /** Mails a sign-in code; the answer is the same whether or not the address has an account. */
  async sendCode(email: string, client: string): Promise<void> {
    const started = performance.now();
    await this.#d.codes.checkSendLimits('sign_in', email, client);
    const account = await this.#d.accounts.findByEmail(email);
    if (!account || account.stub) return this.#d.even.pad('sign_in_code', performance.now() - started);
    await this.#d.mailer.sendWith(async (tx) => ({
      to: account.email ?? email,
      locale: account.locale as LocaleTag,
      template: 'sign_in_code',
      data: { code: await this.#d.codes.issue('sign_in', email, tx), minutes: CODE_TTL_MINUTES },
    }));
    this.#d.even.known('sign_in_code', performance.now() - started);
  }

  /**
   * Email and password; pending two-factor when the account has it on. The account's audit trail
   * gets the sign-in, or the wrong password and the lock it caused.
   */
  async withPassword(email: string, password: string, origin: RequestOrigin, caller: Caller = null): Promise<SignedIn> {
    assertNotGame(caller);
    const started = performance.now();
    let accountFailed = false;
    const account = await this.#d.accounts
      .checkPassword(email, password, (event, failed) => {
        accountFailed = true;
        return this.#d.audit.record(
          failed.id,
          event === 'locked' ? 'account_locked' : 'sign_in_failed',
          origin,
          'password',
        );
      })
      .catch(async (error: unknown) => {
        // A wrong password of an account is counted and audited; an unknown address waits as long.
        const elapsed = performance.now() - started;
        if (accountFailed) this.#d.even.known('password', elapsed);
        else if (error instanceof RequestError && error.errorName === 'invalid_credentials') {
          await this.#d.even.pad('password', elapsed);
        }
        throw error;
      });
    const tokens = await this.#d.tokens.start(signInOf(account, passwordFactor(account)));
    // With two-factor on, the sign-in is recorded when the second step completes it.
    if (!tokens.session.mfaPending) await this.#d.audit.record(account.id, 'sign_in', origin, 'password');
    return { tokens, account };
  }

  /** A code mailed by sendCode; pending two-factor when the account has it on. */
  async withEmailCode(email: string, code: string, caller: Caller = null): Promise<SignedIn> {
    assertNotGame(caller);
    await this.#d.codes.consume('sign_in', email, code);
    const account = await this.#d.accounts.findByEmail(email);
    if (!account || account.stub) throw new RequestError('email_code_invalid');
    if (account.lockedAt !== null) throw new RequestError('account_soft_locked', { body: { reset_password: true } });
    return { tokens: await this.#d.tokens.start(signInOf(account, 'email_code')), account };
  }

  /**
   * A passkey's answer to a sign-in challenge. A passkey that verified the player (PIN or biometrics)
   * is two factors in one, so an account with two-factor on is signed in fully; without user
   * verification it is a first step like the password (ADR 036).
   */
  async withPasskey(
    response: AuthenticationResponseJSON,
    origin: RequestOrigin,
    caller: Caller = null,
  ): Promise<SignedIn> {
    assertNotGame(caller);
    const assertion = await this.#d.passkeys.assert(response, null);
    const account = await this.#d.accounts.findById(assertion.accountId);
    if (!account || account.stub) throw new RequestError('passkey_invalid');
    if (account.lockedAt !== null) throw new RequestError('account_soft_locked', { body: { reset_password: true } });
    const signingIn = signInOf(account, 'passkey');
    const tokens = await this.#d.tokens.start({
      ...signingIn,
      mfaPending: signingIn.mfaPending && !assertion.userVerified,
    });
    if (!tokens.session.mfaPending) await this.#d.audit.record(account.id, 'sign_in', origin, 'passkey');
    return { tokens, account };
  }

  /** Rotates a refresh token (token-service.ts) and answers the account it signs in. */
  async refresh(refreshToken: string): Promise<SignedIn> {
    const tokens = await this.#d.tokens.refresh(refreshToken);
    const account = await this.#d.accounts.findById(tokens.session.accountId);
    if (!account) throw new RequestError('auth_expired');
    return { tokens, account };
  }

  /**
   * Completes a sign-in pending two-factor with an authenticator or backup code: the pending
   * sign-in ends and a full one starts, for the same game when a game started it.
   */
  async completeTwoFactor(
    session: ResolvedSession,
    account: Account,
    input: { code_type: 'mfa_code' | 'backup_code'; code: string },
  ): Promise<SignedIn> {
    if (!session.mfaPending) throw new RequestError('invalid_request', { body: { reason: 'session_not_pending' } });
    if (input.code_type === 'backup_code') await this.#d.mfa.useBackupCode(account, input.code);
    else await this.#d.mfa.checkCode(account, input.code);
    await this.#d.tokens.end(session);
    const tokens = await this.#d.tokens.start({
      account,
      clientId: session.clientId,
      firstFactor: session.firstFactor,
    });
    return { tokens, account: (await this.#d.accounts.findById(account.id)) ?? account };
  }

  /**
   * Proves the player again in this session, with an authenticator code, a code mailed by sendCode
   * or the password: before a sensitive change, or in place of two-factor at sign-in ("try another
   * way"). A second step differs from the first (second-step.ts): a pending sign-in is never
   * completed by the password again, nor by an emailed code after a first step through the mailbox.
   */
  async verify(
    session: ResolvedSession,
    account: Account,
    input:
      | { code_type: 'mfa_code' | 'email_code'; code: string }
      | { code_type: 'password'; password: string }
      | { code_type: 'passkey'; response: AuthenticationResponseJSON },
  ): Promise<void> {
    if (session.mfaPending && input.code_type === 'passkey') {
      // A passkey completes any pending sign-in but one a passkey began.
      if (session.firstFactor === 'passkey') throw new RequestError('passkey_invalid');
    } else if (session.mfaPending && input.code_type !== 'mfa_code') {
      if (input.code_type === 'password' || cameThroughMailbox(session.firstFactor)) {
        throw new RequestError('mfa_email_not_allowed');
      }
    }
    if (input.code_type === 'mfa_code') await this.#d.mfa.checkCode(account, input.code);
    else if (input.code_type === 'password') await this.#checkPassword(account, input.password);
    else if (input.code_type === 'passkey') await this.#d.passkeys.assert(input.response, account.id);
    else {
      if (!account.email) throw new RequestError('missing_email');
      await this.#d.codes.consume('sign_in', account.email, input.code);
    }
    await this.#d.sessions.markVerified(session.id, input.code_type);
  }

  /** The signed-in player's password again: a wrong one counts toward the soft lock (1049, 1220). */
  async #checkPassword(account: Account, password: string): Promise<void> {
    if (!account.email || account.passwordHash === null) throw new RequestError('current_password_incorrect');
    await this.#d.accounts.checkPassword(account.email, password).catch((error: unknown) => {
      throw error instanceof RequestError && error.errorName === 'invalid_credentials'
        ? new RequestError('current_password_incorrect')
        : error;
    });
  }

  /** The session as GET /sessions/me shows it; auth_expired when it is gone. */
  async current(session: ResolvedSession) {
    const found = await this.#d.sessions.find(session.id);
    if (!found) throw new RequestError('auth_expired');
    return {
      mfaRequired: found.mfaPending,
      // The ways to complete a pending sign-in; none once it is complete.
      mfaMethods: found.mfaPending ? secondSteps(found.firstFactor, await this.#d.passkeys.has(found.accountId)) : [],
      createdAt: found.createdAt,
      expiresAt: found.accessExpiresAt,
    };
  }
}
