// The statements of the audit trail (the audit_events table, migration 0026).
import type { Database } from '../../db/database.ts';

export interface AuditRow {
  type: string;
  method: string | null;
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
  clientName: string | null;
  createdAt: Date;
}

export interface NewAuditEvent {
  accountId: string;
  type: string;
  method: string | null;
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
}

export class AuditRepo {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  async insert(event: NewAuditEvent): Promise<void> {
    await this.#db.query(
      `INSERT INTO audit_events (account_id, type, method, ip, user_agent, client_id) VALUES ($1, $2, $3, $4, $5, $6)`,
      [event.accountId, event.type, event.method, event.ip, event.userAgent, event.clientId],
      'insert_audit_event',
    );
  }

  /** The newest events of an account first, with the name of the game (OAuth client) of each. */
  async list(accountId: string, limit: number): Promise<AuditRow[]> {
    const rows = await this.#db.query<{
      type: string;
      method: string | null;
      ip: string | null;
      user_agent: string | null;
      client_id: string | null;
      client_name: string | null;
      created_at: Date | string;
    }>(
      `SELECT e.type, e.method, e.ip, e.user_agent, e.client_id, c.name AS client_name, e.created_at
         FROM audit_events e LEFT JOIN oauth_clients c ON c.client_id = e.client_id
        WHERE e.account_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT $2`,
      [accountId, limit],
    );
    return rows.map((row) => ({
      type: row.type,
      method: row.method,
      ip: row.ip,
      userAgent: row.user_agent,
      clientId: row.client_id,
      clientName: row.client_name,
      createdAt: new Date(row.created_at),
    }));
  }
}
