// The statements of the audit trail (the audit_events table, migrations 0026 and 0030).
import type { Database } from '../../db/database.ts';

export interface AuditRow {
  type: string;
  method: string | null;
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
  clientName: string | null;
  /** An operator's action (0030): who did it (operators only), the reason they gave, the game banned from. */
  operator: string | null;
  detail: string | null;
  gameSlug: string | null;
  createdAt: Date;
}

export interface NewAuditEvent {
  accountId: string;
  type: string;
  method: string | null;
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
  operator?: string | null;
  detail?: string | null;
  gameSlug?: string | null;
}

export class AuditRepo {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  async insert(event: NewAuditEvent): Promise<void> {
    await this.#db.query(
      `INSERT INTO audit_events (account_id, type, method, ip, user_agent, client_id, operator, detail, game_slug)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        event.accountId,
        event.type,
        event.method,
        event.ip,
        event.userAgent,
        event.clientId,
        event.operator ?? null,
        event.detail ?? null,
        event.gameSlug ?? null,
      ],
      'insert_audit_event',
    );
  }

  /**
   * The newest events of an account first, with the name of the game (its OAuth client's, or the one
   * banned from); only those of `types` when given (the player's recent activity).
   */
  async list(accountId: string, limit: number, types?: readonly string[]): Promise<AuditRow[]> {
    const rows = await this.#db.query<{
      type: string;
      method: string | null;
      ip: string | null;
      user_agent: string | null;
      client_id: string | null;
      client_name: string | null;
      operator: string | null;
      detail: string | null;
      game_slug: string | null;
      created_at: Date | string;
    }>(
      `SELECT e.type, e.method, e.ip, e.user_agent, e.client_id, COALESCE(c.name, g.name) AS client_name,
              e.operator, e.detail, e.game_slug, e.created_at
         FROM audit_events e LEFT JOIN oauth_clients c ON c.client_id = e.client_id
              LEFT JOIN games g ON g.slug = e.game_slug
        WHERE e.account_id = $1 AND ($3::text[] IS NULL OR e.type = ANY($3::text[]))
        ORDER BY e.created_at DESC, e.id DESC LIMIT $2`,
      [accountId, limit, types ? [...types] : null],
    );
    return rows.map((row) => ({
      type: row.type,
      method: row.method,
      ip: row.ip,
      userAgent: row.user_agent,
      clientId: row.client_id,
      clientName: row.client_name,
      operator: row.operator,
      detail: row.detail,
      gameSlug: row.game_slug,
      createdAt: new Date(row.created_at),
    }));
  }
}
