// Backup codes at rest (ASVS 6.5.2): each code_hash is argon2id, with a random salt of its own, of the
// code's HMAC under the server's key; the sealed copy still shows the codes. A code is spent once, also
// when two requests send it at the same time, and rows stored the old way (the bare HMAC) still sign in
// and are rehashed with argon2id.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticatorCode } from '../../../test/authenticator.ts';
import { apiCall, insertAccount, testApp, testConfig } from '../../../test/helpers.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { RequestError } from '../../http/request-error.ts';
import { argon2Hash, argon2Verify } from '../../security/argon2.ts';
import { SecretBox } from '../../security/secret-box.ts';
import {
  BACKUP_CODE_COUNT,
  hashBackupCode,
  isLegacyBackupCodeHash,
  normalizeBackupCode,
  storedBackupCodeHash,
  verifyBackupCode,
} from './backup-codes.ts';
import { MfaRepo } from './repo.ts';
import { MfaService } from './service.ts';

const PASSWORD = 'Tq8#vLp2-Original';
const KEY = testConfig().MFA_SECRET_KEY;
const box = new SecretBox(KEY);
/** The parameters of security/argon2.ts, as a stored hash names them. */
const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
/** The salt of a PHC string: `$argon2id$v=19$m=..,t=..,p=..$<salt>$<hash>`. */
const saltOf = (phc: string) => phc.split('$')[4];

let t: TestApp;
let passwordHash = '';

beforeAll(async () => {
  t = await testApp({}, { seed: false });
  passwordHash = await argon2Hash(PASSWORD); // as accounts/password-hasher.ts stores it
});
afterAll(() => t.close());
beforeEach(() => t.deps.db.query('DELETE FROM rate_limits'));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);
const signIn = async (email: string) =>
  (await call('POST', '/sessions/auth/password', undefined, { email, password: PASSWORD })).json();
const useBackupCode = async (email: string, code: string) => {
  const pending = await signIn(email);
  expect(pending.mfa_required).toBe(true);
  return call('PUT', '/sessions/mfa', pending.access_token, { code_type: 'backup_code', code });
};

/** A new account with two-factor on: its id, authenticator secret and backup codes. */
async function enrolled(name: string) {
  const email = `${name}@example.com`;
  const id = await insertAccount(t.deps.db, { email, username: name, passwordHash });
  const token = (await signIn(email)).access_token as string;
  await call('PUT', '/sessions/me/verify', token, { code_type: 'password', password: PASSWORD });
  const { secret } = (await call('POST', '/accounts/me/mfa', token)).json();
  const activated = await call('PUT', '/accounts/me/mfa/activate', token, {
    code: authenticatorCode(secret, Date.now()),
  });
  expect(activated.statusCode).toBe(200);
  const codes = (activated.json().backup_codes as { code: string }[]).map((c) => c.code);
  return { id, email, secret: secret as string, codes };
}

interface Row extends Record<string, unknown> {
  id: string;
  code_hash: string;
  sealed_code: string;
  used_at: Date | null;
}
const rowsOf = (accountId: string) =>
  t.deps.db.query<Row>(
    'SELECT id::text, code_hash, sealed_code, used_at FROM mfa_backup_codes WHERE account_id = $1 ORDER BY mfa_backup_codes.id',
    [accountId],
  );
const codesLeft = async (accountId: string) =>
  (
    await t.deps.db.query<{ left: number }>('SELECT mfa_backup_codes_left AS left FROM accounts WHERE id = $1', [
      accountId,
    ])
  )[0]?.left;

/** Puts the rows back as they were stored before argon2id: the bare HMAC of the sealed code. */
async function storeTheOldWay(accountId: string) {
  for (const row of await rowsOf(accountId))
    await t.deps.db.query('UPDATE mfa_backup_codes SET code_hash = $2 WHERE id = $1', [
      row.id,
      hashBackupCode(KEY, box.open(row.sealed_code)),
    ]);
}

describe('backup code hashes', () => {
  it('are argon2id of the HMAC under the key, with a new random salt each time', async () => {
    const first = await storedBackupCodeHash(KEY, 'k7m2-x9pq');
    const second = await storedBackupCodeHash(KEY, 'k7m2-x9pq');
    expect(first).toMatch(ARGON2ID);
    expect(second).toMatch(ARGON2ID);
    expect(saltOf(first)).not.toBe(saltOf(second));
    expect(first).not.toBe(second);
    // Each checks the code however it is typed, and nothing else.
    expect(await verifyBackupCode(KEY, first, 'K7M2 X9PQ')).toBe(true);
    expect(await verifyBackupCode(KEY, second, 'k7m2x9pq')).toBe(true);
    expect(await verifyBackupCode(KEY, first, 'k7m2-x9pr')).toBe(false);
    expect(await verifyBackupCode(`${KEY}-other`, first, 'k7m2-x9pq')).toBe(false);
    // What argon2id hashes is the HMAC (the pepper), not the code itself.
    expect(await argon2Verify(first, hashBackupCode(KEY, 'k7m2-x9pq'))).toBe(true);
    expect(await argon2Verify(first, normalizeBackupCode('k7m2-x9pq'))).toBe(false);
  });

  it('tell the old form (the bare HMAC) apart, and never take it as a match', async () => {
    const legacy = hashBackupCode(KEY, 'k7m2-x9pq');
    expect(isLegacyBackupCodeHash(legacy)).toBe(true);
    expect(isLegacyBackupCodeHash(await storedBackupCodeHash(KEY, 'k7m2-x9pq'))).toBe(false);
    expect(await verifyBackupCode(KEY, legacy, 'k7m2-x9pq')).toBe(false);
  });
});

describe('backup codes at rest (ASVS 6.5.2)', () => {
  it('stores each code as an argon2id hash with a salt of its own, and a sealed copy that shows it again', async () => {
    const { id, secret, codes } = await enrolled('Stored');
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(BACKUP_CODE_COUNT);
    expect(rows.map((r) => box.open(r.sealed_code))).toEqual(codes);
    for (const [i, row] of rows.entries()) {
      const code = codes[i]!;
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(row.code_hash).toMatch(ARGON2ID);
      expect(row.code_hash).not.toContain(normalizeBackupCode(code));
      expect(row.code_hash).not.toBe(hashBackupCode(KEY, code));
      expect(await argon2Verify(row.code_hash, hashBackupCode(KEY, code))).toBe(true);
    }
    expect(new Set(rows.map((r) => saltOf(r.code_hash))).size).toBe(BACKUP_CODE_COUNT);
    // Renewing stores new argon2id hashes too.
    const full = (await useBackupCode('Stored@example.com', codes[0]!)).json();
    const renewed = await call('PUT', '/accounts/me/mfa/backup_codes', full.access_token, {
      code: authenticatorCode(secret, Date.now() + 30_000),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.json().backup_codes as { code: string }[]).map((c) => c.code);
    const after = await rowsOf(id);
    expect(after.map((r) => box.open(r.sealed_code))).toEqual(fresh);
    for (const [i, row] of after.entries()) {
      expect(row.code_hash).toMatch(ARGON2ID);
      expect(await argon2Verify(row.code_hash, hashBackupCode(KEY, fresh[i]!))).toBe(true);
    }
  });

  it('gives the same code different salts in two accounts', async () => {
    const shared = 'k7m2-x9pq';
    const accounts = [await enrolled('SaltA'), await enrolled('SaltB')];
    for (const account of accounts) {
      const [first] = await rowsOf(account.id);
      // The same code in both accounts, stored the old way: the sign-in rehashes it with argon2id.
      await t.deps.db.query('UPDATE mfa_backup_codes SET code_hash = $2, sealed_code = $3 WHERE id = $1', [
        first!.id,
        hashBackupCode(KEY, shared),
        box.seal(shared),
      ]);
      expect((await useBackupCode(account.email, shared)).statusCode).toBe(200);
    }
    const [a, b] = await Promise.all(accounts.map(async (account) => (await rowsOf(account.id))[0]!.code_hash));
    expect(a).toMatch(ARGON2ID);
    expect(b).toMatch(ARGON2ID);
    expect(saltOf(a!)).not.toBe(saltOf(b!));
    expect(a).not.toBe(b);
    expect(await argon2Verify(a!, hashBackupCode(KEY, shared))).toBe(true);
    expect(await argon2Verify(b!, hashBackupCode(KEY, shared))).toBe(true);
  });

  it('refuses a used code the second time', async () => {
    const { id, email, codes } = await enrolled('Reuse');
    const first = await useBackupCode(email, codes[3]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json().account.mfa).toEqual({ backup_codes: BACKUP_CODE_COUNT - 1 });
    const again = await useBackupCode(email, codes[3]!);
    expect(again.json()).toMatchObject({ code: 'mfa_code_invalid', hydraErrorCode: 1057 });
    expect(await codesLeft(id)).toBe(BACKUP_CODE_COUNT - 1);
    const used = (await rowsOf(id)).filter((r) => r.used_at !== null);
    expect(used.map((r) => box.open(r.sealed_code))).toEqual([codes[3]]);
    // Another code still works.
    expect((await useBackupCode(email, codes[4]!)).statusCode).toBe(200);
    expect(await codesLeft(id)).toBe(BACKUP_CODE_COUNT - 2);
  });

  it('lets exactly one of two sign-ins sending the same code at once complete', async () => {
    const { id, email, codes } = await enrolled('Racer');
    const [one, two] = [await signIn(email), await signIn(email)];
    const answers = await Promise.all(
      [one, two].map((pending) =>
        call('PUT', '/sessions/mfa', pending.access_token, { code_type: 'backup_code', code: codes[0] }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)?.json()).toMatchObject({ code: 'mfa_code_invalid' });
    expect((await rowsOf(id)).filter((r) => r.used_at !== null)).toHaveLength(1);
    expect(await codesLeft(id)).toBe(BACKUP_CODE_COUNT - 1);
  });

  it('spends a code once when two checks of it both pass argon2id before either spends it', async () => {
    const { id, codes } = await enrolled('Barrier');
    const account = await t.deps.accounts.findById(id);
    if (!account) throw new Error('no account');
    // Both requests reach the spending statement before either runs it.
    let arrived = 0;
    let release = () => {};
    const bothThere = new Promise<void>((resolve) => (release = resolve));
    class RacingRepo extends MfaRepo {
      override async spendBackupCode(accountId: string, rowId: number): Promise<boolean> {
        if (++arrived === 2) release();
        await bothThere;
        return super.spendBackupCode(accountId, rowId);
      }
    }
    const mfa = new MfaService({
      repo: new RacingRepo(t.deps.db.orm),
      box,
      key: KEY,
      counters: t.deps.counters,
      mailer: t.deps.mailer,
      issuer: 'Test',
    });
    const results = await Promise.allSettled([
      mfa.useBackupCode(account, codes[0]!),
      mfa.useBackupCode(account, codes[0]!),
    ]);
    expect(arrived).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(RequestError);
    expect((refused?.reason as RequestError).errorName).toBe('mfa_code_invalid');
    expect((await rowsOf(id)).filter((r) => r.used_at !== null)).toHaveLength(1);
    expect(await codesLeft(id)).toBe(BACKUP_CODE_COUNT - 1);
  });

  it('signs in with a code stored the old way (bare HMAC) and rehashes every row of the account with argon2id', async () => {
    const { id, email, secret, codes } = await enrolled('Legacy');
    await storeTheOldWay(id);
    // One code was spent before the upgrade.
    const rows = await rowsOf(id);
    await t.deps.db.query('UPDATE mfa_backup_codes SET used_at = now() WHERE id = $1', [rows[1]!.id]);
    await t.deps.db.query('UPDATE accounts SET mfa_backup_codes_left = $2 WHERE id = $1', [id, BACKUP_CODE_COUNT - 1]);
    for (const row of await rowsOf(id)) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(isLegacyBackupCodeHash(row.code_hash)).toBe(true);
    }

    const done = await useBackupCode(email, codes[0]!);
    expect(done.statusCode).toBe(200);
    expect(done.json().account.mfa).toEqual({ backup_codes: BACKUP_CODE_COUNT - 2 });
    const upgraded = await rowsOf(id);
    expect(upgraded).toHaveLength(BACKUP_CODE_COUNT);
    for (const [i, row] of upgraded.entries()) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(row.code_hash).toMatch(ARGON2ID);
      expect(await argon2Verify(row.code_hash, hashBackupCode(KEY, codes[i]!))).toBe(true);
      expect(box.open(row.sealed_code)).toBe(codes[i]);
    }
    expect(upgraded.map((r) => r.used_at !== null)).toEqual(codes.map((_, i) => i <= 1));

    // The code spent before the upgrade stays spent; another one works on the new hashes.
    expect((await useBackupCode(email, codes[1]!)).json().code).toBe('mfa_code_invalid');
    const next = await useBackupCode(email, codes[2]!);
    expect(next.statusCode).toBe(200);
    // And the player can still view them (the sealed copy), with their state.
    const shown = await call(
      'GET',
      `/accounts/me/mfa/backup_codes?code=${authenticatorCode(secret, Date.now() + 30_000)}`,
      next.json().access_token,
    );
    expect(shown.statusCode).toBe(200);
    const listed = shown.json().backup_codes as { code: string; used: boolean }[];
    expect(listed.map((c) => c.code)).toEqual(codes);
    expect(listed.map((c) => c.used)).toEqual(codes.map((_, i) => i <= 2));
  });
});
