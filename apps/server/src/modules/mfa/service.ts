// Two-factor authentication (spec 000 §4, §6): enrolment with an authenticator app, the code check
// used at sign-in and before sensitive changes, backup codes, and removal.
//
// - Setting it up needs a verified email and a password (1011), and not two-factor already on (1010).
// - A code is accepted once: its step must be later than the last accepted step (replay refused).
// - Wrong codes are capped per account (MFA_FAILURES in MFA_FAILURE_WINDOW_MS): beyond that every
//   code is refused with too_many_requests and the wait, right or wrong.
// - Secrets and backup codes are sealed at rest (SecretBox); backup codes are checked by HMAC.
import type { BackupCodes } from '@portal/contract/calls/accounts-mfa';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Account } from '../accounts/service.ts';
import { hashBackupCode, newBackupCodes } from './backup-codes.ts';
import type { MfaRepo, StoredBackupCode } from './repo.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

export const MFA_FAILURES = 5;
export const MFA_FAILURE_WINDOW_MS = 15 * 60_000;

const failureKey = (account: Account) => `mfa-failures:${account.id}`;

function tooMany(resetAt: number): RequestError {
  const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new RequestError('too_many_requests', { body: { seconds }, headers: { 'retry-after': String(seconds) } });
}

export interface MfaDeps {
  repo: MfaRepo;
  box: SecretBox;
  /** HMAC key of the backup codes (MFA_SECRET_KEY). */
  key: string;
  counters: CounterStore;
  mailer: Mailer;
  /** Shown in the authenticator app next to the account (BRAND_NAME). */
  issuer: string;
  now?: () => number;
}

export class MfaService {
  readonly #d: MfaDeps;
  constructor(deps: MfaDeps) {
    this.#d = deps;
  }

  #now(): number {
    return this.#d.now ? this.#d.now() : Date.now();
  }

  /** A new secret waiting for its first code, and the URI the authenticator app reads. */
  async start(account: Account): Promise<{ secret: string; otpauth_uri: string }> {
    if (account.mfaSecret) throw new RequestError('mfa_already_active');
    if (!account.emailVerified || !account.email || account.passwordHash === null)
      throw new RequestError('mfa_not_available');
    const secret = newTotpSecret();
    await this.#d.repo.setPendingSecret(account.id, this.#d.box.seal(secret));
    return { secret, otpauth_uri: otpauthUri(secret, account.email, this.#d.issuer) };
  }

  /** Turns two-factor on with a first code; answers the account and the new backup codes. */
  async activate(account: Account, code: string): Promise<{ account: Account; codes: BackupCodes }> {
    if (account.mfaSecret) throw new RequestError('mfa_already_active');
    if (!account.mfaPendingSecret) throw new RequestError('mfa_not_enabled');
    await this.#refuseWhenTooManyFailures(account);
    const step = matchTotp(this.#d.box.open(account.mfaPendingSecret), code, this.#now());
    if (step === null) return this.#failed(account);
    const plain = newBackupCodes();
    const updated = await this.#d.repo.activate(account.id, account.mfaPendingSecret, step, this.#store(plain));
    if (!updated) throw new RequestError('mfa_already_active');
    await this.#notify(updated, 'mfa_enabled');
    return {
      account: updated,
      codes: this.#view(
        plain.map((c) => ({ code: c, used: false })),
        updated,
      ),
    };
  }

  /** Checks an authenticator code of an account with two-factor on (once per code). */
  async checkCode(account: Account, code: string): Promise<void> {
    if (!account.mfaSecret) throw new RequestError('mfa_not_enabled');
    await this.#refuseWhenTooManyFailures(account);
    const step = matchTotp(this.#d.box.open(account.mfaSecret), code, this.#now());
    if (step === null || !(await this.#d.repo.acceptStep(account.id, step))) return this.#failed(account);
  }

  /** Spends a backup code in place of an authenticator code. */
  async useBackupCode(account: Account, code: string): Promise<void> {
    if (!account.mfaSecret) throw new RequestError('mfa_not_enabled');
    await this.#refuseWhenTooManyFailures(account);
    if (!(await this.#d.repo.spendBackupCode(account.id, hashBackupCode(this.#d.key, code))))
      return this.#failed(account);
  }

  /** The backup codes, after an authenticator code. */
  async backupCodes(account: Account, code: string): Promise<BackupCodes> {
    await this.checkCode(account, code);
    const stored = await this.#d.repo.backupCodes(account.id);
    return this.#view(
      stored.map((c) => ({ code: this.#d.box.open(c.sealedCode), used: c.usedAt !== null })),
      account,
    );
  }

  /** New backup codes in place of the old ones, after an authenticator code. */
  async regenerate(account: Account, code: string): Promise<BackupCodes> {
    await this.checkCode(account, code);
    const plain = newBackupCodes();
    const updated = (await this.#d.repo.replaceBackupCodes(account.id, this.#store(plain))) ?? account;
    await this.#notify(updated, 'backup_codes');
    return this.#view(
      plain.map((c) => ({ code: c, used: false })),
      updated,
    );
  }

  /** Turns two-factor off (the caller has checked that the session was verified just before). */
  async remove(account: Account): Promise<Account> {
    if (!account.mfaSecret) throw new RequestError('mfa_not_enabled');
    const updated = await this.#d.repo.remove(account.id);
    if (!updated) throw new RequestError('auth_expired');
    await this.#notify(updated, 'mfa_disabled');
    return updated;
  }

  #store(codes: string[]): StoredBackupCode[] {
    return codes.map((code) => ({ codeHash: hashBackupCode(this.#d.key, code), sealedCode: this.#d.box.seal(code) }));
  }

  #view(codes: { code: string; used: boolean }[], account: Account): BackupCodes {
    return { backup_codes: codes, generated_at: account.mfaGeneratedAt ?? new Date(this.#now()) };
  }

  async #refuseWhenTooManyFailures(account: Account): Promise<void> {
    // n: 0 reads the window's count without adding to it.
    const [hit] = await this.#d.counters.hitMany([{ key: failureKey(account), windowMs: MFA_FAILURE_WINDOW_MS, n: 0 }]);
    if (hit && hit.count >= MFA_FAILURES) throw tooMany(hit.resetAt);
  }

  async #failed(account: Account): Promise<never> {
    const hit = await this.#d.counters.hit(failureKey(account), MFA_FAILURE_WINDOW_MS);
    if (hit.count > MFA_FAILURES) throw tooMany(hit.resetAt);
    throw new RequestError('mfa_code_invalid', { body: { attempts_left: MFA_FAILURES - hit.count } });
  }

  #notify(account: Account, template: TemplateName): Promise<void> {
    return this.#d.mailer.notify(account, template, { date: new Date() });
  }
}
