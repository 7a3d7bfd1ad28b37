// Consents to the versioned terms of use and privacy policy. Each account row carries the versions
// it consented to; the published versions are few and change rarely, so they are read once and
// kept for LEGAL_DOCUMENTS_TTL_MS (publishing through this instance refreshes them at once, and a
// version published for a later date takes effect at that date). Deciding whether an account must
// consent again thus costs no query.
import { sql } from 'drizzle-orm';
import type { Account } from '@portal/contract/calls/entities';
import { rowsOf } from '../../db/database.ts';
import type { Orm } from '../../db/database.ts';
import { toAccount } from './account-view.ts';
import type { AccountRow } from './repo.ts';

export type LegalDocument = 'tos' | 'privacy_policy';
export interface ConsentState {
  tos: boolean;
  privacy_policy: boolean;
}

/** How long another instance's publication may take to be seen here. */
export const LEGAL_DOCUMENTS_TTL_MS = 10_000;

interface Published {
  type: LegalDocument;
  version: number;
  publishedAt: number;
}

const VERSION_COLUMN = { tos: 'tos_version', privacy_policy: 'privacy_policy_version' } as const;

function consentedVersion(row: AccountRow, type: LegalDocument): number | null {
  return type === 'tos' ? row.tosVersion : row.privacyPolicyVersion;
}

export class Consents {
  readonly #orm: Orm;
  #published: Promise<Published[]> | null = null;
  #loadedAt = 0;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** The current version of each published document (documents never published are absent). */
  async current(now = Date.now()): Promise<Partial<Record<LegalDocument, number>>> {
    const published =
      this.#published && Math.abs(now - this.#loadedAt) <= LEGAL_DOCUMENTS_TTL_MS ? this.#published : this.#load(now);
    const current: Partial<Record<LegalDocument, number>> = {};
    for (const doc of await published) {
      if (doc.publishedAt <= now && doc.version > (current[doc.type] ?? 0)) current[doc.type] = doc.version;
    }
    return current;
  }

  /** Which published documents the account has not consented to in their current version. */
  async required(row: AccountRow): Promise<ConsentState> {
    const current = await this.current();
    const behind = (type: LegalDocument) => {
      const version = current[type];
      return version !== undefined && (consentedVersion(row, type) ?? 0) < version;
    };
    return { tos: behind('tos'), privacy_policy: behind('privacy_policy') };
  }

  /** Records consent to the current version of a document (idempotent); answers the updated row. */
  async consent(row: AccountRow, type: LegalDocument): Promise<AccountRow> {
    const column = sql.raw(VERSION_COLUMN[type]);
    const [recorded] = rowsOf<{ version: number }>(
      await this.#orm.execute(sql`
        WITH doc AS (
          SELECT max(version) AS v FROM legal_documents WHERE type = ${type} AND published_at <= now()
        ), recorded AS (
          INSERT INTO consents (account_id, type, version)
          SELECT ${row.id}, ${type}, v FROM doc WHERE v IS NOT NULL
          ON CONFLICT DO NOTHING
        )
        UPDATE accounts SET ${column} = greatest(coalesce(${column}, 0), doc.v)
        FROM doc WHERE id = ${row.id} AND doc.v IS NOT NULL
        RETURNING ${column} AS version`),
    );
    if (!recorded) return row;
    const version = Number(recorded.version);
    // Consented to a version this instance has not seen yet: read the published versions again.
    if (version > ((await this.current())[type] ?? 0)) this.#published = null;
    return type === 'tos' ? { ...row, tosVersion: version } : { ...row, privacyPolicyVersion: version };
  }

  /** Publishes the next version of a document, effective now; answers its version. */
  async publish(type: LegalDocument): Promise<number> {
    const [row] = rowsOf<{ version: number }>(
      await this.#orm.execute(sql`
        INSERT INTO legal_documents (type, version)
        SELECT ${type}, coalesce(max(version), 0) + 1 FROM legal_documents WHERE type = ${type}
        RETURNING version`),
    );
    this.#published = null;
    return Number(row?.version);
  }

  /** The account as the contract shows it, with its consent state. */
  async view(row: AccountRow): Promise<Account> {
    const required = await this.required(row);
    return {
      ...toAccount(row),
      tos_consent_required: required.tos,
      privacy_policy_consent_required: required.privacy_policy,
    };
  }

  #load(now: number): Promise<Published[]> {
    this.#loadedAt = now;
    const loading = this.#orm
      .execute(
        sql`SELECT type, version, (extract(epoch FROM published_at) * 1000)::bigint::text AS at FROM legal_documents`,
      )
      .then((result) =>
        rowsOf<{ type: LegalDocument; version: number; at: string }>(result).map((r) => ({
          type: r.type,
          version: Number(r.version),
          publishedAt: Number(r.at),
        })),
      );
    // A failed read is not kept: the next call tries again.
    loading.catch(() => {
      if (this.#published === loading) this.#published = null;
    });
    this.#published = loading;
    return loading;
  }
}
