// Playtests in the database, the operators' side (`npm run admin -- betas ...`, `twitch benefits
// put`): definitions, platform keys, campaign codes, figures, and Twitch drop benefits.
import { sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { rowsOf } from '../../db/database.ts';
import type { BenefitDefinition, BetaDefinition } from './beta-definition.ts';
import { TERMS_FIELDS, TEXT_FIELDS } from './beta-definition.ts';
import { BETA_COLUMNS, betaOf, textArray, uuid } from './repo.ts';
import type { BetaRow } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The stored columns of a definition, in a form two definitions compare by. */
function columnsOf(definition: BetaDefinition) {
  const texts: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (definition[field] !== undefined) texts[field] = definition[field];
  return {
    texts,
    cover: definition.assets.cover,
    platforms: definition.platforms,
    registrationStart: iso(definition.registration.start),
    registrationEnd: iso(definition.registration.end),
    redemptionStart: iso(definition.redemption.start),
    redemptionEnd: iso(definition.redemption.end),
    speedCheck: definition.speed_check,
    platformSurvey: definition.platform_survey,
    referralMaxCount: definition.referral_max_count,
    referralDegree: definition.referral_degree,
    minimumAge: definition.minimum_age,
  };
}

function storedColumns(row: BetaRow) {
  return {
    texts: row.texts,
    cover: row.cover,
    platforms: row.platforms,
    registrationStart: iso(row.registrationStart),
    registrationEnd: iso(row.registrationEnd),
    redemptionStart: iso(row.redemptionStart),
    redemptionEnd: iso(row.redemptionEnd),
    speedCheck: row.speedCheck,
    platformSurvey: row.platformSurvey,
    referralMaxCount: row.referralMaxCount,
    referralDegree: row.referralDegree,
    minimumAge: row.minimumAge,
  };
}

/** JSON with object keys sorted, so two equal values compare equal as text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export interface BetaStats {
  registered: number;
  redeemed: number;
  referralCodes: number;
  keys: { platform: string; total: number; awarded: number; left: number }[];
}

export class BetaOperatorsRepo {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** A playtest by its key or id. */
  async find(keyOrId: string): Promise<BetaRow | null> {
    const byId = UUID.test(keyOrId) ? sql`OR b.id = ${uuid(keyOrId)}` : sql``;
    const [row] = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT ${BETA_COLUMNS} FROM betas b WHERE b.key = ${keyOrId} ${byId}`),
    );
    return row ? betaOf(row) : null;
  }

  async list(): Promise<BetaRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT ${BETA_COLUMNS} FROM betas b ORDER BY b.created_at, b.key`),
    );
    return rows.map(betaOf);
  }

  /**
   * Adds or updates a playtest by its key. An update that changes anything raises its version (pages
   * that showed the old one are stale); one that changes the terms raises the terms version too.
   */
  async put(definition: BetaDefinition): Promise<{ id: string; created: boolean; changed: boolean }> {
    return this.#orm.transaction(async (tx) => {
      const [existing] = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`SELECT ${BETA_COLUMNS} FROM betas b WHERE b.key = ${definition.key} FOR UPDATE`),
      );
      const next = columnsOf(definition);
      const values = sql`game_slug = ${definition.game}, texts = ${JSON.stringify(next.texts)}::jsonb,
        cover = ${next.cover}, platforms = ${textArray(next.platforms)},
        registration_start = ${next.registrationStart}::timestamptz, registration_end = ${next.registrationEnd}::timestamptz,
        redemption_start = ${next.redemptionStart}::timestamptz, redemption_end = ${next.redemptionEnd}::timestamptz,
        speed_check = ${next.speedCheck}, platform_survey = ${next.platformSurvey},
        referral_max_count = ${next.referralMaxCount}, referral_degree = ${next.referralDegree},
        minimum_age = ${next.minimumAge}, updated_at = now()`;
      if (!existing) {
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(sql`INSERT INTO betas (key, game_slug, texts, platforms)
            VALUES (${definition.key}, ${definition.game}, '{}'::jsonb, ARRAY[]::text[]) RETURNING id`),
        );
        const id = String(row?.id);
        await tx.execute(sql`UPDATE betas SET ${values} WHERE id = ${uuid(id)}`);
        return { id, created: true, changed: true };
      }
      const stored = betaOf(existing);
      const before = storedColumns(stored);
      const changed = stored.gameSlug !== definition.game || canonical(before) !== canonical(next);
      if (!changed) return { id: stored.id, created: false, changed: false };
      const termsChanged = TERMS_FIELDS.some((f) => canonical(before.texts[f]) !== canonical(next.texts[f]));
      await tx.execute(sql`UPDATE betas SET ${values}, version = version + 1,
        terms_version = terms_version + ${termsChanged ? 1 : 0} WHERE id = ${uuid(stored.id)}`);
      return { id: stored.id, created: false, changed: true };
    });
  }

  /** The keys among `keys` that exist already for the platform (in any playtest). */
  async existingKeys(platform: string, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = rowsOf<{ key: string }>(
      await this.#orm.execute(sql`SELECT key FROM beta_platform_keys
        WHERE platform = ${platform} AND key = ANY(${textArray(keys)})`),
    );
    return new Set(rows.map((row) => row.key));
  }

  /** Imports keys in one transaction: all of them or, when one exists already, none. */
  async importKeys(betaId: string, platform: string, keys: readonly string[]): Promise<number> {
    return this.#orm.transaction(async (tx) => {
      let imported = 0;
      for (let at = 0; at < keys.length; at += 1_000) {
        const batch = keys.slice(at, at + 1_000);
        const rows = rowsOf(
          await tx.execute(sql`INSERT INTO beta_platform_keys (beta_id, platform, key)
            SELECT ${uuid(betaId)}, ${platform}, k FROM unnest(${textArray(batch)}) WITH ORDINALITY AS t(k, n)
            ORDER BY n RETURNING id`),
        );
        imported += rows.length;
      }
      return imported;
    });
  }

  /** Stores a campaign code; false when the code exists already (the caller draws another). */
  async insertCampaignCode(code: string, betaId: string, type: 'single' | 'shared'): Promise<boolean> {
    const rows = rowsOf(
      await this.#orm.execute(sql`INSERT INTO beta_codes (code, beta_id, code_type, degree)
        VALUES (${code}, ${uuid(betaId)}, ${type}, 0) ON CONFLICT (code) DO NOTHING RETURNING code`),
    );
    return rows.length === 1;
  }

  async stats(betaId: string): Promise<BetaStats> {
    const [counts] = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT
        (SELECT count(*) FROM beta_registrations WHERE beta_id = ${uuid(betaId)}) AS registered,
        (SELECT count(*) FROM beta_registrations WHERE beta_id = ${uuid(betaId)} AND code IS NOT NULL) AS redeemed,
        (SELECT count(*) FROM beta_codes WHERE beta_id = ${uuid(betaId)} AND code_type = 'referral') AS referrals`),
    );
    const keys = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT platform, count(*) AS total, count(awarded_at) AS awarded
        FROM beta_platform_keys WHERE beta_id = ${uuid(betaId)} GROUP BY platform ORDER BY platform`),
    );
    return {
      registered: Number(counts?.registered ?? 0),
      redeemed: Number(counts?.redeemed ?? 0),
      referralCodes: Number(counts?.referrals ?? 0),
      keys: keys.map((row) => ({
        platform: String(row.platform),
        total: Number(row.total),
        awarded: Number(row.awarded),
        left: Number(row.total) - Number(row.awarded),
      })),
    };
  }

  async putBenefit(definition: BenefitDefinition, betaId: string): Promise<boolean> {
    const [row] = rowsOf<{ created: boolean }>(
      await this.#orm.execute(sql`INSERT INTO twitch_benefits (benefit_id, game_slug, beta_id, campaign_id,
          campaign_title, cycle_id, cycle_start, cycle_end)
        VALUES (${definition.benefit_id}, ${definition.game}, ${uuid(betaId)}, ${definition.campaign.id},
          ${definition.campaign.title === undefined ? null : JSON.stringify(definition.campaign.title)}::jsonb,
          ${definition.cycle.id}, ${iso(definition.cycle.start)}::timestamptz, ${iso(definition.cycle.end)}::timestamptz)
        ON CONFLICT (benefit_id) DO UPDATE SET game_slug = excluded.game_slug, beta_id = excluded.beta_id,
          campaign_id = excluded.campaign_id, campaign_title = excluded.campaign_title, cycle_id = excluded.cycle_id,
          cycle_start = excluded.cycle_start, cycle_end = excluded.cycle_end, updated_at = now()
        RETURNING (xmax = 0) AS created`),
    );
    return row?.created === true;
  }
}
