// Opaque tokens: 256 bits from the CSPRNG, base64url, with a type prefix; stored only as SHA-256.
import { createHash, randomBytes } from 'node:crypto';

/** Access, refresh, mailed-link, game authorization-code and device-code tokens. */
export type TokenKind = 'at' | 'rt' | 'lt' | 'ac' | 'dc';

export function newToken(kind: TokenKind): string {
  return `${kind}_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check before any database lookup. */
export function looksLikeToken(token: string, kind: TokenKind): boolean {
  return token.length === kind.length + 1 + 43 && token.startsWith(`${kind}_`) && /^[A-Za-z0-9_-]+$/.test(token);
}
