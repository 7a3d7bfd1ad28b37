// Consents to the versioned terms of use and privacy policy.
import { sql } from 'drizzle-orm';
import type { Account } from '@portal/contract/calls/entities';
import type { Orm } from '../../db/database.ts';
import { toAccount } from './account-view.ts';
import type { AccountRow } from './repo.ts';

export type LegalDocument = 'tos' | 'privacy_policy';
export interface ConsentState {
  tos: boolean;
  privacy_policy: boolean;
}

export class Consents {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Which published documents the account has not consented to in their current version. */
  async required(accountId: string): Promise<ConsentState> {
    const rows = (await this.#orm.execute(sql`
      SELECT d.type,
             max(d.version) AS current,
             (SELECT max(c.version) FROM consents c WHERE c.account_id = ${accountId} AND c.type = d.type) AS accepted
      FROM legal_documents d
      WHERE d.published_at <= now()
      GROUP BY d.type`)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    const state: ConsentState = { tos: false, privacy_policy: false };
    for (const row of list) {
      const type = row.type as LegalDocument;
      state[type] = row.accepted === null || Number(row.accepted) < Number(row.current);
    }
    return state;
  }

  /** Records consent to the current version of a document (idempotent). */
  async consent(accountId: string, type: LegalDocument): Promise<void> {
    await this.#orm.execute(sql`
      INSERT INTO consents (account_id, type, version)
      SELECT ${accountId}, ${type}, max(version) FROM legal_documents WHERE type = ${type} AND published_at <= now()
      ON CONFLICT DO NOTHING`);
  }

  /** The account as the contract shows it, with its consent state. */
  async view(row: AccountRow): Promise<Account> {
    const required = await this.required(row.id);
    return {
      ...toAccount(row),
      tos_consent_required: required.tos,
      privacy_policy_consent_required: required.privacy_policy,
    };
  }
}
