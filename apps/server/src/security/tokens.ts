// Opaque tokens, shared by every module that hands one out (sessions, mailed links, game codes):
// 256 bits from the CSPRNG, base64url, with a type prefix; stored only as SHA-256.
import { createHash, randomBytes } from 'node:crypto';

/**
 * Access, refresh, mailed-link, game authorization-code and device-code tokens; an operator's
 * console session (`op`) and an operator's setup link (`os`).
 */
export type TokenKind = 'at' | 'rt' | 'lt' | 'ac' | 'dc' | 'op' | 'os';

const TOKEN_BYTES = 32;
// The CSPRNG is asked for 128 tokens' worth at a time (one call costs as much as 12 slices of a
// pooled buffer); each byte is handed out once. Node buffers randomUUID the same way.
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = Buffer.alloc(0);
let offset = 0;

function randomTokenBytes(): Buffer {
  if (offset + TOKEN_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + TOKEN_BYTES);
  offset += TOKEN_BYTES;
  return bytes;
}

export function newToken(kind: TokenKind): string {
  return `${kind}_${randomTokenBytes().toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check before any database lookup. */
export function looksLikeToken(token: string, kind: TokenKind): boolean {
  return token.length === kind.length + 1 + 43 && token.startsWith(`${kind}_`) && /^[A-Za-z0-9_-]+$/.test(token);
}
