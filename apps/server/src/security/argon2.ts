// argon2id with OWASP's parameters (19 MiB, t=2, p=1), for what must be stored with an approved
// password hash and a salt: passwords (modules/accounts/password-hasher.ts) and two-factor backup
// codes (modules/mfa/backup-codes.ts). Every hash gets its own random salt (the library's, 16 bytes)
// and records its parameters, so a hash made with older parameters is recognised. The work runs on
// the libuv thread pool: hashes started together run side by side.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the enum is a const enum, which type stripping cannot read at run time. */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** How every argon2id hash starts, whatever its parameters. */
export const ARGON2ID_PREFIX = '$argon2id$';
const CURRENT = `${ARGON2ID_PREFIX}v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

/** A salted argon2id hash of `secret` with ARGON2_PARAMS. */
export function argon2Hash(secret: string): Promise<string> {
  return hash(secret, ARGON2_PARAMS);
}

/** Whether `secret` matches `stored`; false for anything that is not an argon2 hash. */
export async function argon2Verify(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/** Whether `stored` was made otherwise than with ARGON2_PARAMS (or is no argon2id hash at all). */
export function argon2NeedsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT);
}
