// Twitch drop benefits and the entitlements granted here (migration 0023): each entitlement grants
// once, whoever claims it and however often.
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { rowsOf } from '../../db/database.ts';
import type { Tx } from './repo.ts';
import { textArray, uuid } from './repo.ts';

export interface BenefitRow {
  benefitId: string;
  gameSlug: string;
  betaId: string;
  campaignId: string;
  campaignTitle: unknown;
  cycleId: string;
  cycleStart: Date | null;
  cycleEnd: Date | null;
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));

export class TwitchRepo {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async benefit(benefitId: string): Promise<BenefitRow | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT benefit_id, game_slug, beta_id, campaign_id, campaign_title, cycle_id,
        cycle_start, cycle_end FROM twitch_benefits WHERE benefit_id = ${benefitId}`),
    );
    if (!row) return null;
    return {
      benefitId: String(row.benefit_id),
      gameSlug: String(row.game_slug),
      betaId: String(row.beta_id),
      campaignId: String(row.campaign_id),
      // jsonb: a text ("...") or a text with translations ({default, localizations}), as stored.
      campaignTitle: row.campaign_title ?? null,
      cycleId: String(row.cycle_id),
      cycleStart: date(row.cycle_start),
      cycleEnd: date(row.cycle_end),
    };
  }

  /** Records the grant of an entitlement; false when it was granted before (to anyone). */
  async recordClaim(
    tx: Tx,
    claim: { entitlementId: string; accountId: string; benefitId: string; betaId: string },
  ): Promise<boolean> {
    const rows = rowsOf(
      await tx.execute(sql`INSERT INTO twitch_claims (entitlement_id, account_id, benefit_id, beta_id)
        VALUES (${claim.entitlementId}, ${uuid(claim.accountId)}, ${claim.benefitId}, ${uuid(claim.betaId)})
        ON CONFLICT (entitlement_id) DO NOTHING RETURNING entitlement_id`),
    );
    return rows.length === 1;
  }

  /** Of these entitlements, those granted here already, with the account each went to. */
  async claims(
    entitlementIds: readonly string[],
  ): Promise<Map<string, { accountId: string | null; fulfilled: boolean }>> {
    if (entitlementIds.length === 0) return new Map();
    const rows = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT entitlement_id, account_id, fulfilled_at FROM twitch_claims
        WHERE entitlement_id = ANY(${textArray(entitlementIds)})`),
    );
    return new Map(
      rows.map((row) => [
        String(row.entitlement_id),
        { accountId: (row.account_id as string | null) ?? null, fulfilled: row.fulfilled_at !== null },
      ]),
    );
  }

  async markFulfilled(entitlementIds: readonly string[]): Promise<void> {
    if (entitlementIds.length === 0) return;
    await this.#orm.execute(sql`UPDATE twitch_claims SET fulfilled_at = now()
      WHERE entitlement_id = ANY(${textArray(entitlementIds)}) AND fulfilled_at IS NULL`);
  }
}
