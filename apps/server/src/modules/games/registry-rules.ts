// What the games registry accepts (the admin command line and the demo seed): a game's
// configuration (spec 000 §3), a client id, and the redirect URIs a client may register; and how a
// confidential client's secret is kept.
import { createHash } from 'node:crypto';
import { gameSlug, userExperience } from '@portal/contract/calls/games';
import { z } from 'zod';

/** A game as an operator writes it in a JSON file. */
export const gameInput = z.strictObject({
  slug: gameSlug,
  name: z.string().trim().min(1).max(100),
  user_experience: userExperience,
  mature_audience: z.boolean().default(false),
  flagged_account_oauth_enabled: z.boolean().default(false),
  featured: z.boolean().default(false),
  /** False: the players' stub saves of this game may not move into another account (1400). */
  allow_consolidation: z.boolean().default(true),
});
export type GameInput = z.input<typeof gameInput>;

export const clientId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/, { error: 'A client id is 3-100 letters, digits, ".", "_" or "-"' });

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI cannot be registered, or null when it can (RFC 6749 §3.1.2, RFC 8252 §7):
 * absolute, no fragment; https; http only on a loopback host (whose port may vary at use, RFC 8252
 * §7.3); or a private-use scheme in reverse-domain form (com.example.app:/callback).
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URI';
  }
  if (uri.includes('#')) return 'a redirect URI has no fragment';
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname ? null : 'https needs a host';
  if (scheme === 'http') return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http is allowed on loopback hosts only';
  if (/^(javascript|data|vbscript|file|blob|about|ftp|ws|wss)$/.test(scheme))
    return `the ${scheme} scheme is not allowed`;
  if (!/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) return 'a private-use scheme is a reverse domain name';
  return null;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** A client secret is 256 random bits, so a fast hash is enough to keep it. */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
