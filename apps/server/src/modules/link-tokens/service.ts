// Tokens in mailed links: 256 bits from the CSPRNG, stored as SHA-256, single use, expiring; a new
// token of a purpose replaces the account's earlier unused ones.
import { hashToken, newToken } from '../../security/tokens.ts';
import type { Orm } from '../../db/database.ts';
import type { LinkTokensRepo } from './repo.ts';

export type LinkPurpose = 'recovery' | 'unlock' | 'verify_email' | 'email_preferences';

export const LINK_TTL_MINUTES: Record<LinkPurpose, number> = {
  recovery: 30,
  unlock: 24 * 60,
  verify_email: 24 * 60,
  email_preferences: 90 * 24 * 60,
};

/** A token's state: usable, or why not (`used`: it did its job already; a replaced one is `unknown`). */
export type LinkLookup =
  { status: 'valid'; accountId: string; id: string } | { status: 'expired' | 'used' | 'unknown' };

export class LinkTokensService {
  readonly #repo: LinkTokensRepo;
  constructor(repo: LinkTokensRepo) {
    this.#repo = repo;
  }

  /**
   * A new link token; earlier unused ones of the same purpose for the account stop working. With `tx`,
   * in that transaction (the one that queues its mail: Mailer.sendWith).
   */
  async issue(purpose: LinkPurpose, accountId: string, tx?: Orm): Promise<string> {
    const token = newToken('lt');
    await this.#repo.replace(
      {
        purpose,
        accountId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LINK_TTL_MINUTES[purpose] * 60_000),
      },
      tx,
    );
    return token;
  }

  async lookup(purpose: LinkPurpose, token: string): Promise<LinkLookup> {
    const row = await this.#repo.findByHash(purpose, hashToken(token));
    if (row?.usedAt) return { status: 'used' };
    if (!row || row.consumedAt !== null) return { status: 'unknown' };
    if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
    return { status: 'valid', accountId: row.accountId, id: row.id };
  }

  /** Uses the token up; false when it was used meanwhile. */
  consume(id: string): Promise<boolean> {
    return this.#repo.consume(id);
  }
}
