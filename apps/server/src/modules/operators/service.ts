// Operators of the console (issue 33, ADR 038): accounts apart from players, created with a setup
// link (the first by `npm run admin -- operators add`, then by an admin in the console), signed in
// with a password and an authenticator code together (the second factor cannot be turned off), in
// short sessions that idle out. Every operator action is written to the operators' audit with the
// operator, the reason typed, and the state before and after.
import type { OperatorRole } from '@portal/contract/calls/console';
import { OPERATOR_ROLES, roleAllows } from '@portal/contract/calls/console';
import { RequestError } from '../../http/request-error.ts';
import { argon2Hash, argon2Verify } from '../../security/argon2.ts';
import type { EvenTiming } from '../../security/even-timing.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { hashToken, looksLikeToken, newToken } from '../../security/tokens.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '../mfa/service.ts';
import type { NewAuditEntry, OperatorAuditRow, OperatorRow, OperatorsRepo } from './repo.ts';

export type { OperatorAuditRow, OperatorRow } from './repo.ts';
export { ConsoleAddresses } from './console-addresses.ts';

/** How long a setup link works. */
export const SETUP_LINK_HOURS = 24;
/**
 * Wrong passwords or codes in a row after which an operator cannot sign in until `operators reset`
 * (a new setup link); the sign-in tier's rate limit slows guessing before that.
 */
export const OPERATOR_LOCK_FAILURES = 10;

export interface OperatorsOptions {
  /** A session's absolute length, and how long it may idle. */
  sessionHours: number;
  idleMinutes: number;
  /** The page operators use a setup link on: `${publicUrl}/console/setup#<token>`. */
  publicUrl: string;
  issuer: string;
}

export interface OperatorsDeps {
  repo: OperatorsRepo;
  /** Seals the authenticator secrets (MFA_SECRET_KEY, use `operators`). */
  box: SecretBox;
  /** Holds the answer for an unknown address as long as a known one's refusal takes (issue 19). */
  even?: EvenTiming;
  now?: () => Date;
}

/** The signed-in operator of a console call. */
export interface OperatorSession {
  operator: OperatorRow;
  tokenHash: string;
  expiresAt: Date;
}

export interface Acting {
  operator: OperatorRow;
  why: string;
}

/** An operator's sign-in: its token (shown once) and when it ends. */
export interface OperatorSignIn {
  token: string;
  expiresAt: Date;
  operator: OperatorRow;
}

/** Why a command-line `operators` call was refused (the operator reads it). */
export class OperatorAdminError extends Error {
  override name = 'OperatorAdminError';
}

export function isRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** What the audit keeps of an operator (never a secret). */
export function operatorState(row: OperatorRow) {
  return { email: row.email, role: row.role, disabled: row.disabledAt !== null };
}

let decoy: Promise<string> | null = null;

/** Why an operator who cannot sign in at all was refused (the audit's reason). */
function refusedBecause(row: OperatorRow): string {
  if (row.disabledAt !== null) return 'disabled';
  if (row.passwordHash === null || row.totpSecret === null) return 'not set up';
  return 'locked after too many failures';
}

export class OperatorsService {
  readonly #d: OperatorsDeps;
  readonly #o: OperatorsOptions;
  constructor(deps: OperatorsDeps, options: OperatorsOptions) {
    this.#d = deps;
    this.#o = options;
  }

  get idleMinutes(): number {
    return this.#o.idleMinutes;
  }

  #now(): Date {
    return this.#d.now?.() ?? new Date();
  }

  /**
   * Adds an operator and answers its setup link (shown once). `by` is the admin acting (audited), or
   * the command line's user for the first operators.
   */
  async add(
    input: { email: string; role: OperatorRole },
    by: Acting | { commandLine: string },
  ): Promise<{ operator: OperatorRow; setupUrl: string; setupExpiresAt: Date }> {
    const token = newToken('os');
    const setupExpiresAt = new Date(this.#now().getTime() + SETUP_LINK_HOURS * 3600_000);
    const createdBy = 'commandLine' in by ? `${by.commandLine} (command line)` : by.operator.email;
    const inserted = await this.#d.repo.insert({
      email: input.email.trim(),
      role: input.role,
      setupTokenHash: hashToken(token),
      setupExpiresAt,
      createdBy,
    });
    if (inserted === 'taken') {
      if ('commandLine' in by) throw new OperatorAdminError(`an operator with the address ${input.email} exists`);
      throw new RequestError('invalid_request', {
        body: { issues: [{ path: 'body.email', code: 'taken', message: 'An operator has this address already' }] },
      });
    }
    await this.audit('commandLine' in by ? null : by, 'operator.add', inserted, null, operatorState(inserted), {
      commandLine: 'commandLine' in by ? by.commandLine : undefined,
    });
    return { operator: inserted, setupUrl: `${this.#o.publicUrl}/console/setup#${token}`, setupExpiresAt };
  }

  /**
   * A new setup link for an operator (a lost authenticator or password): the old password, secret
   * and sessions stop working. By an admin in the console (never for themselves), or the command line.
   */
  async resetSetup(
    id: string,
    by: Acting | { commandLine: string },
  ): Promise<{ setupUrl: string; setupExpiresAt: Date }> {
    const row = await this.#d.repo.findById(id);
    if (!row) {
      if ('commandLine' in by) throw new OperatorAdminError(`no operator ${id}`);
      throw new RequestError('not_found');
    }
    if (!('commandLine' in by) && row.id === by.operator.id) {
      throw new RequestError('invalid_request', {
        body: {
          issues: [{ path: 'params.id', code: 'self', message: 'Ask another admin for a new setup link of your own' }],
        },
      });
    }
    const token = newToken('os');
    const setupExpiresAt = new Date(this.#now().getTime() + SETUP_LINK_HOURS * 3600_000);
    await this.#d.repo.update(id, {
      setupTokenHash: hashToken(token),
      setupExpiresAt,
      passwordHash: null,
      totpSecret: null,
      totpPendingSecret: null,
      failedSignIns: 0,
    });
    await this.#d.repo.deleteSessionsOf(id);
    const state = operatorState(row);
    await this.audit(
      'commandLine' in by ? null : by,
      'operator.reset',
      row,
      state,
      { ...state, set_up: false },
      {
        commandLine: 'commandLine' in by ? by.commandLine : undefined,
      },
    );
    return { setupUrl: `${this.#o.publicUrl}/console/setup#${token}`, setupExpiresAt };
  }

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    return this.#d.repo.findByEmail(email);
  }

  /** What a setup link is for; the authenticator secret is made at the first read and kept pending. */
  async setupInfo(token: string) {
    const row = looksLikeToken(token, 'os')
      ? await this.#d.repo.findBySetupHash(hashToken(token), this.#now())
      : undefined;
    if (!row || row.setupExpiresAt === null) throw new RequestError('operator_setup_invalid');
    let secret = row.totpPendingSecret ? this.#d.box.open(row.totpPendingSecret) : null;
    if (secret === null) {
      secret = newTotpSecret();
      await this.#d.repo.update(row.id, { totpPendingSecret: this.#d.box.seal(secret) });
    }
    return {
      email: row.email,
      role: row.role,
      totpSecret: secret,
      otpauthUri: otpauthUri(secret, row.email, `${this.#o.issuer} console`),
      expiresAt: row.setupExpiresAt,
    };
  }

  /** Uses a setup link: the password and a first code of the authenticator; signs the operator in. */
  async completeSetup(
    input: { token: string; password: string; code: string },
    ip: string | null,
  ): Promise<OperatorSignIn> {
    const now = this.#now();
    const hash = looksLikeToken(input.token, 'os') ? hashToken(input.token) : null;
    const row = hash ? await this.#d.repo.findBySetupHash(hash, now) : undefined;
    if (!hash || !row?.totpPendingSecret) throw new RequestError('operator_setup_invalid');
    const secret = this.#d.box.open(row.totpPendingSecret);
    const step = matchTotp(secret, input.code, now.getTime());
    if (step === null) {
      throw new RequestError('invalid_request', {
        body: {
          issues: [{ path: 'body.code', code: 'mfa_invalid', message: 'This code is not the one your app shows' }],
        },
      });
    }
    const done = await this.#d.repo.completeSetup(hash, now, {
      passwordHash: await argon2Hash(input.password),
      totpSecret: this.#d.box.seal(secret),
      totpLastStep: step,
    });
    if (!done) throw new RequestError('operator_setup_invalid');
    await this.audit({ operator: done, why: 'set up with the setup link' }, 'operator.setup', done, null, null);
    return this.#startSession(done, ip);
  }

  /**
   * Email, password and code together; every mistake answers the same `invalid_credentials` after
   * the same work (a password hash is verified for an unknown address too).
   */
  async signIn(input: { email: string; password: string; code: string }, ip: string | null): Promise<OperatorSignIn> {
    const started = performance.now();
    const row = await this.#d.repo.findByEmail(input.email);
    const usable =
      row &&
      row.disabledAt === null &&
      row.passwordHash !== null &&
      row.totpSecret !== null &&
      row.failedSignIns < OPERATOR_LOCK_FAILURES;
    decoy ??= argon2Hash(`decoy-${Math.random()}`);
    const passwordOk = await argon2Verify(usable ? (row.passwordHash as string) : await decoy, input.password);
    if (!usable || !passwordOk) {
      // A known address's refusal is counted and audited; an unknown one's waits as long.
      if (row) {
        await this.#failed(row, usable ? 'wrong password' : refusedBecause(row), ip, Boolean(usable));
        this.#d.even?.known('operator_sign_in', performance.now() - started);
      } else await this.#d.even?.pad('operator_sign_in', performance.now() - started);
      throw new RequestError('invalid_credentials');
    }
    const step = matchTotp(this.#d.box.open(row.totpSecret as string), input.code, this.#now().getTime());
    if (step === null) {
      await this.#failed(row, 'wrong code', ip);
      throw new RequestError('invalid_credentials');
    }
    // The right password and a code of the app that signed in already: the operator has both
    // factors, so they learn to wait for the next code (a replayed code gets no session either way).
    if (!(await this.#d.repo.useStep(row.id, step))) {
      await this.#failed(row, 'code used already', ip);
      throw new RequestError('operator_code_used');
    }
    const signedIn = await this.#startSession(row, ip);
    await this.audit({ operator: row, why: 'signed in' }, 'operator.sign_in', row, null, { ip });
    return signedIn;
  }

  /** A refused sign-in of a known operator: audited, and counted towards the lock while it can sign in. */
  async #failed(row: OperatorRow, why: string, ip: string | null, count = true): Promise<void> {
    if (count) await this.#d.repo.countFailure(row.id);
    await this.audit({ operator: row, why }, 'operator.sign_in_failed', row, null, { ip });
  }

  async #startSession(row: OperatorRow, ip: string | null): Promise<OperatorSignIn> {
    const now = this.#now();
    const token = newToken('op');
    const expiresAt = new Date(now.getTime() + this.#o.sessionHours * 3600_000);
    await this.#d.repo.insertSession({ tokenHash: hashToken(token), operatorId: row.id, ip, expiresAt });
    const operator = (await this.#d.repo.update(row.id, { lastSignInAt: now, failedSignIns: 0 })) ?? row;
    return { token, expiresAt, operator };
  }

  /**
   * The operator of a console call's bearer token, with at least `role`: `unauthorized` without a
   * live session (a player's token is never one), `operator_role_refused` when the role lacks it.
   */
  async resolve(token: string | null, role: OperatorRole): Promise<OperatorSession> {
    if (token === null || !looksLikeToken(token, 'op')) throw new RequestError('unauthorized');
    const now = this.#now();
    const tokenHash = hashToken(token);
    const found = await this.#d.repo.touchSession(
      tokenHash,
      now,
      new Date(now.getTime() - this.#o.idleMinutes * 60_000),
    );
    if (!found) throw new RequestError('unauthorized');
    if (!roleAllows(found.operator.role, role)) throw new RequestError('operator_role_refused');
    return { operator: found.operator, tokenHash, expiresAt: found.expiresAt };
  }

  async signOut(session: OperatorSession): Promise<void> {
    await this.#d.repo.deleteSession(session.tokenHash);
    await this.audit(
      { operator: session.operator, why: 'signed out' },
      'operator.sign_out',
      session.operator,
      null,
      null,
    );
  }

  async list(): Promise<OperatorRow[]> {
    return this.#d.repo.list();
  }

  /** An admin changes another operator's role or disables them (their sessions end). */
  async update(id: string, change: { role?: OperatorRole; disabled?: boolean }, by: Acting): Promise<OperatorRow> {
    const before = await this.#d.repo.findById(id);
    if (!before) throw new RequestError('not_found');
    if (before.id === by.operator.id) {
      throw new RequestError('invalid_request', {
        body: {
          issues: [{ path: 'params.id', code: 'self', message: 'Ask another admin to change your own role or state' }],
        },
      });
    }
    const changesRole = change.role !== undefined && change.role !== before.role;
    const changesState = change.disabled !== undefined && change.disabled !== (before.disabledAt !== null);
    if (!changesRole && !changesState) {
      const [path, message] =
        change.role !== undefined
          ? ['body.role', `${before.email} is ${before.role} already`]
          : ['body.disabled', `${before.email} is ${before.disabledAt ? 'disabled' : 'enabled'} already`];
      throw new RequestError('invalid_request', { body: { issues: [{ path, code: 'unchanged', message }] } });
    }
    const after = await this.#d.repo.update(id, {
      ...(change.role ? { role: change.role } : {}),
      ...(change.disabled === undefined
        ? {}
        : { disabledAt: change.disabled ? (before.disabledAt ?? this.#now()) : null }),
    });
    if (!after) throw new RequestError('not_found');
    if (after.disabledAt !== null || after.role !== before.role) await this.#d.repo.deleteSessionsOf(id);
    await this.audit(by, 'operator.update', after, operatorState(before), operatorState(after));
    return after;
  }

  /** Writes an operator's action to the audit (null `by`: the command line, named in `extra`). */
  async audit(
    by: Acting | null,
    action: string,
    target: { id: string } & ({ email: string } | object),
    before: unknown,
    after: unknown,
    extra: { commandLine?: string; kind?: 'player' | 'operator' | 'live_ops' } = {},
  ): Promise<void> {
    const entry: NewAuditEntry = {
      operatorId: by?.operator.id ?? null,
      operatorEmail: by?.operator.email ?? `${extra.commandLine ?? 'operator'} (command line)`,
      action,
      targetKind: extra.kind ?? 'operator',
      targetId: target.id,
      why: by?.why ?? 'command line',
      before: before ?? null,
      after: after ?? null,
    };
    await this.#d.repo.insertAudit(entry);
  }

  async auditPage(
    page: number,
    pageSize: number,
    target?: string,
  ): Promise<{ rows: OperatorAuditRow[]; hasMore: boolean }> {
    const rows = await this.#d.repo.auditPage((page - 1) * pageSize, pageSize + 1, target);
    return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
  }
}
