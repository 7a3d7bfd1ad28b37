// The reads of player support in the console (issue 33): finding players, and what a player's page
// shows beside the account row. Each search is an exact match on an indexed expression.
import type { Database } from '../../db/database.ts';

export interface FoundRow extends Record<string, unknown> {
  id: string;
  matched: 'id' | 'email' | 'display_name' | 'platform';
  link_platform: string | null;
  link_subject: string | null;
  link_name: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class SupportRepo {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Players matching `q`: by account id, exact email or display name (any case); with a platform, by
   * that platform's subject or last seen name. `limit` rows from `offset`, oldest account first.
   */
  async search(q: string, platform: string | undefined, offset: number, limit: number): Promise<FoundRow[]> {
    if (platform !== undefined) {
      return this.#db.query<FoundRow>(
        `SELECT account_id AS id, 'platform' AS matched, platform AS link_platform, subject AS link_subject,
                username AS link_name
           FROM platform_links
          WHERE platform = $1 AND (subject = $2 OR lower(username) = lower($2))
          ORDER BY linked_at, account_id LIMIT $3 OFFSET $4`,
        [platform, q, limit, offset],
      );
    }
    if (UUID.test(q)) {
      return this.#db.query<FoundRow>(
        `SELECT id, 'id' AS matched, NULL AS link_platform, NULL AS link_subject, NULL AS link_name
           FROM accounts WHERE id = $1 LIMIT $2 OFFSET $3`,
        [q.toLowerCase(), limit, offset],
      );
    }
    return this.#db.query<FoundRow>(
      `SELECT id, matched, NULL AS link_platform, NULL AS link_subject, NULL AS link_name FROM (
         SELECT id, 'email' AS matched, created_at FROM accounts WHERE lower(email) = lower($1)
         UNION ALL
         SELECT id, 'display_name' AS matched, created_at FROM accounts WHERE lower(username) = lower($1)
       ) found ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [q, limit, offset],
    );
  }

  async linkedAt(
    accountId: string,
  ): Promise<{ platform: string; subject: string; username: string | null; linked_at: Date }[]> {
    return this.#db.query(
      'SELECT platform, subject, username, linked_at FROM platform_links WHERE account_id = $1 ORDER BY platform',
      [accountId],
    );
  }

  async gameProfiles(accountId: string): Promise<{ game_slug: string; updated_at: Date }[]> {
    return this.#db.query(
      'SELECT game_slug, updated_at FROM game_progress WHERE account_id = $1 ORDER BY updated_at DESC LIMIT 100',
      [accountId],
    );
  }

  async playtests(
    accountId: string,
  ): Promise<{ beta: string; platforms: string[]; redeemed: boolean; key_awarded: boolean }[]> {
    return this.#db.query(
      `SELECT b.key AS beta, r.platforms, r.redeemed_at IS NOT NULL AS redeemed,
              EXISTS (SELECT 1 FROM beta_platform_keys k WHERE k.beta_id = r.beta_id AND k.account_id = r.account_id)
                AS key_awarded
         FROM beta_registrations r JOIN betas b ON b.id = r.beta_id
        WHERE r.account_id = $1 ORDER BY r.created_at DESC LIMIT 100`,
      [accountId],
    );
  }

  async passkeyCount(accountId: string): Promise<number> {
    const [row] = await this.#db.query<{ n: number }>('SELECT count(*)::int AS n FROM passkeys WHERE account_id = $1', [
      accountId,
    ]);
    return row?.n ?? 0;
  }

  async deleted(accountId: string): Promise<boolean> {
    const rows = await this.#db.query('SELECT 1 FROM deleted_accounts WHERE account_id = $1', [accountId]);
    return rows.length > 0;
  }

  /** Every row kept about the account, table by table (the data export; secrets left out by the caller). */
  async exportRows(accountId: string): Promise<Record<string, Record<string, unknown>[]>> {
    const tables: [string, string][] = [
      ['platform_links', 'SELECT platform, subject, username, linked_at FROM platform_links WHERE account_id = $1'],
      ['platform_unlinks', 'SELECT platform, subject, unlinked_at FROM platform_unlinks WHERE account_id = $1'],
      ['game_progress', 'SELECT * FROM game_progress WHERE account_id = $1'],
      ['consents', 'SELECT * FROM consents WHERE account_id = $1'],
      [
        'friends',
        `SELECT CASE WHEN account_low = $1 THEN account_high ELSE account_low END AS friend_id, created_at
           FROM friendships WHERE account_low = $1 OR account_high = $1`,
      ],
      ['blocked_players', 'SELECT blocked AS blocked_id, created_at FROM blocks WHERE blocker = $1'],
      [
        'beta_registrations',
        `SELECT b.key AS beta, r.platforms, r.speed, r.code_type, r.redeemed_at, r.created_at
           FROM beta_registrations r JOIN betas b ON b.id = r.beta_id WHERE r.account_id = $1`,
      ],
      [
        'playtest_keys',
        `SELECT b.key AS beta, k.platform, k.key, k.awarded_at FROM beta_platform_keys k JOIN betas b ON b.id = k.beta_id
          WHERE k.account_id = $1`,
      ],
      ['passkeys', 'SELECT name, device_type, backed_up, created_at, last_used_at FROM passkeys WHERE account_id = $1'],
      [
        'sign_ins',
        'SELECT flow, client_id, ip, last_ip, device_name, created_at, last_used_at FROM sign_ins WHERE account_id = $1',
      ],
      [
        'security_events',
        'SELECT type, method, ip, user_agent, client_id, detail, created_at FROM audit_events WHERE account_id = $1',
      ],
      [
        'restrictions',
        'SELECT kind, game_slug, reason, note, starts_at, ends_at, lifted_at FROM account_restrictions WHERE account_id = $1',
      ],
    ];
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const [name, text] of tables) out[name] = await this.#db.query(text, [accountId]);
    return out;
  }
}
