// Two-factor authentication (spec 000 §4, §6): enrolment with an authenticator app, the code check
// used at sign-in and before sensitive changes, backup codes, and removal.
//
// - Setting it up needs a verified email and a password (1011), and not two-factor already on (1010).
// - A code is accepted once: its step must be later than the last accepted step (replay refused).
// - Wrong codes are capped per account (MFA_FAILURES in MFA_FAILURE_WINDOW_MS): beyond that every
//   code is refused with too_many_requests and the wait, right or wrong.
// - Secrets are sealed at rest (SecretBox). Each backup code is stored as argon2id (salted) of its
//   HMAC under the key (ASVS 6.5.2), which is what checks a typed code, plus a sealed copy kept for
//   the spec's "view backup codes" modal: the authenticator secret is sealed under the same key, so
//   the sealed copy exposes nothing the key does not already open (backup-codes.ts).
// - Cost of spending a backup code: at most BACKUP_CODE_COUNT argon2id verifications (one per unused
//   code, stopping at the first match; a code that matches nothing costs them all), reached only
//   after the password and behind the account's MFA_FAILURES limit.
import type { BackupCodes } from '@portal/contract/calls/accounts-mfa';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Account } from '../accounts/service.ts';
import {
  isLegacyBackupCodeHash,
  looksLikeBackupCode,
  newBackupCodes,
  storedBackupCodeHash,
  verifyBackupCode,
} from './backup-codes.ts';
import type { MfaRepo, StoredBackupCode } from './repo.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

// The authenticator codes, for the operators' console too (modules/operators).
export { matchTotp, newTotpSecret, otpauthUri } from './totp.ts';

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
  /** HMAC key of the backup codes, the pepper under argon2id (MFA_SECRET_KEY). */
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
    const updated = await this.#d.repo.activate(account.id, account.mfaPendingSecret, step, await this.#store(plain));
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

  /**
   * Spends a backup code in place of an authenticator code: the typed code is checked against each
   * unused code's argon2id hash in turn (at most BACKUP_CODE_COUNT), and the one it matches is spent
   * by its id only if still unused, so the same code sent twice at once succeeds once.
   */
  async useBackupCode(account: Account, code: string): Promise<void> {
    if (!account.mfaSecret) throw new RequestError('mfa_not_enabled');
    await this.#refuseWhenTooManyFailures(account);
    // What cannot be a code costs no argon2id work (it still counts as a wrong code).
    if (!looksLikeBackupCode(code)) return this.#failed(account);
    await this.#upgradeLegacyBackupCodes(account.id);
    for (const stored of await this.#d.repo.unusedBackupCodes(account.id)) {
      if (!(await verifyBackupCode(this.#d.key, stored.codeHash, code))) continue;
      if (await this.#d.repo.spendBackupCode(account.id, stored.id)) return;
      // Spent by another request meanwhile; the codes of an account differ, so no other row matches.
      break;
    }
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
    const updated = (await this.#d.repo.replaceBackupCodes(account.id, await this.#store(plain))) ?? account;
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

  /** The rows of new codes: hashed side by side (argon2id runs on the libuv thread pool). */
  #store(codes: string[]): Promise<StoredBackupCode[]> {
    return Promise.all(
      codes.map(async (code) => ({
        codeHash: await storedBackupCodeHash(this.#d.key, code),
        sealedCode: this.#d.box.seal(code),
      })),
    );
  }

  /**
   * Rows stored before argon2id (the bare HMAC) are rehashed from their sealed copy, used ones too,
   * so that afterwards every code of the account is checked by argon2id only.
   */
  async #upgradeLegacyBackupCodes(accountId: string): Promise<void> {
    const legacy = (await this.#d.repo.legacyBackupCodes(accountId)).filter((row) =>
      isLegacyBackupCodeHash(row.codeHash),
    );
    await Promise.all(
      legacy.map(async (row) => {
        const codeHash = await storedBackupCodeHash(this.#d.key, this.#d.box.open(row.sealedCode));
        await this.#d.repo.upgradeBackupCodeHash(row.id, row.codeHash, codeHash);
      }),
    );
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
