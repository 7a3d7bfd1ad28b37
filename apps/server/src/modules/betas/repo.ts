// Playtests in the database, the players' side (migration 0023, ADR 023). Every change a player makes
// runs in one transaction that first locks the player's account row, so two calls of one player take
// turns (two registrations end as one record, a code is redeemed once per player). What is handed out
// once is decided by one statement under a row lock: a code by locking its row, a platform key by
// taking the first free key no other transaction holds (FOR UPDATE SKIP LOCKED).
import type { GamePlatformKey } from '@portal/contract/calls/games';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { rowsOf } from '../../db/database.ts';
import type { CodeFacts, PlaytestFacts, RecordFacts } from './playtest-rules.ts';

export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
type Runner = Pick<Orm, 'execute'>;

export interface BetaRow {
  id: string;
  key: string;
  gameSlug: string;
  texts: Record<string, unknown>;
  cover: string | null;
  platforms: GamePlatformKey[];
  registrationStart: Date | null;
  registrationEnd: Date | null;
  redemptionStart: Date | null;
  redemptionEnd: Date | null;
  speedCheck: boolean;
  platformSurvey: boolean;
  referralMaxCount: number | null;
  referralDegree: number | null;
  minimumAge: number | null;
  version: number;
  termsVersion: number;
}

/** The player's registration as stored. */
export interface RegistrationRow extends RecordFacts {
  id: string;
  codeType: string | null;
}

/** A playtest with what one player has of it. */
export interface PlayerBeta {
  beta: BetaRow;
  registration: RegistrationRow | null;
  platformKey: { code: string; platform: GamePlatformKey } | null;
}

export const uuid = (id: string) => sql`${id}::uuid`;
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
const int = (value: unknown) => (value === null || value === undefined ? null : Number(value));
/** A text[] parameter (drizzle's sql would spread a plain array into a list). */
export const textArray = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`ARRAY[]::text[]`
    : sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
const textsOf = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

export const BETA_COLUMNS = sql`b.id, b.key, b.game_slug, b.texts, b.cover, b.platforms, b.registration_start,
  b.registration_end, b.redemption_start, b.redemption_end, b.speed_check, b.platform_survey,
  b.referral_max_count, b.referral_degree, b.minimum_age, b.version, b.terms_version`;

export function betaOf(row: Record<string, unknown>): BetaRow {
  return {
    id: String(row.id),
    key: String(row.key),
    gameSlug: String(row.game_slug),
    texts: textsOf(row.texts),
    cover: (row.cover as string | null) ?? null,
    platforms: row.platforms as GamePlatformKey[],
    registrationStart: date(row.registration_start),
    registrationEnd: date(row.registration_end),
    redemptionStart: date(row.redemption_start),
    redemptionEnd: date(row.redemption_end),
    speedCheck: row.speed_check === true,
    platformSurvey: row.platform_survey === true,
    referralMaxCount: int(row.referral_max_count),
    referralDegree: int(row.referral_degree),
    minimumAge: int(row.minimum_age),
    version: Number(row.version),
    termsVersion: Number(row.terms_version),
  };
}

/** A playtest row and the player's registration and key, from PLAYER_COLUMNS. */
function playerBetaOf(row: Record<string, unknown>): PlayerBeta {
  return {
    beta: betaOf(row),
    registration:
      row.r_id === null || row.r_id === undefined
        ? null
        : {
            id: String(row.r_id),
            platforms: row.r_platforms as GamePlatformKey[],
            speed: (row.r_speed as string | null) ?? null,
            termsVersion: Number(row.r_terms_version),
            code: (row.r_code as string | null) ?? null,
            codeType: (row.r_code_type as string | null) ?? null,
            codeDegree: int(row.r_code_degree),
          },
    platformKey:
      row.k_key === null || row.k_key === undefined
        ? null
        : { code: String(row.k_key), platform: row.k_platform as GamePlatformKey },
  };
}

const playerSelect = (accountId: string) => sql`SELECT ${BETA_COLUMNS},
    r.id AS r_id, r.platforms AS r_platforms, r.speed AS r_speed, r.terms_version AS r_terms_version,
    r.code AS r_code, r.code_type AS r_code_type, r.code_degree AS r_code_degree,
    k.key AS k_key, k.platform AS k_platform
  FROM betas b
  LEFT JOIN beta_registrations r ON r.beta_id = b.id AND r.account_id = ${uuid(accountId)}
  LEFT JOIN beta_platform_keys k ON k.beta_id = b.id AND k.account_id = ${uuid(accountId)}`;

export const factsOf = (player: PlayerBeta): PlaytestFacts => ({
  beta: {
    registration: { start: player.beta.registrationStart, end: player.beta.registrationEnd },
    redemption: { start: player.beta.redemptionStart, end: player.beta.redemptionEnd },
    platforms: player.beta.platforms,
    speedCheck: player.beta.speedCheck,
    referralMaxCount: player.beta.referralMaxCount,
    referralDegree: player.beta.referralDegree,
    minimumAge: player.beta.minimumAge,
    version: player.beta.version,
    termsVersion: player.beta.termsVersion,
  },
  record: player.registration,
  platformKey: player.platformKey,
});

export interface StoredCode extends CodeFacts {
  code: string;
  betaId: string;
}

export class BetasRepo {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** One playtest with the player's registration and key (no account: none). */
  async playerBeta(betaId: string, accountId: string | null, runner: Runner = this.#orm): Promise<PlayerBeta | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await runner.execute(sql`${playerSelect(accountId ?? '00000000-0000-0000-0000-000000000000')}
        WHERE b.id = ${uuid(betaId)}`),
    );
    return row ? playerBetaOf(row) : null;
  }

  /** The playtests a player sees: those open for registration or redemption now, and their own. */
  async visibleTo(accountId: string, now: Date): Promise<PlayerBeta[]> {
    const open = (start: SQL, end: SQL) =>
      sql`((${start} IS NULL OR ${start} <= ${now.toISOString()}::timestamptz)
        AND (${end} IS NULL OR ${now.toISOString()}::timestamptz < ${end}))`;
    const rows = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`${playerSelect(accountId)}
        WHERE r.id IS NOT NULL
          OR ${open(sql`b.registration_start`, sql`b.registration_end`)}
          OR ${open(sql`b.redemption_start`, sql`b.redemption_end`)}
        ORDER BY coalesce(b.redemption_end, b.registration_end) NULLS LAST, b.created_at, b.id`),
    );
    return rows.map(playerBetaOf);
  }

  /** Runs `work` with the player's account row locked and the playtest's facts read under that lock. */
  withPlayer<T>(accountId: string, betaId: string, work: (tx: Tx, player: PlayerBeta | null) => Promise<T>) {
    return this.#orm.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM accounts WHERE id = ${uuid(accountId)} FOR UPDATE`);
      return work(tx, await this.playerBeta(betaId, accountId, tx));
    });
  }

  /** A typed code with its row locked until the transaction ends. */
  async lockCode(tx: Tx, code: string): Promise<StoredCode | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`SELECT code, beta_id, code_type, degree, owner, redeemed_by, redeemed_at
        FROM beta_codes WHERE code = ${code} FOR UPDATE`),
    );
    if (!row) return null;
    return {
      code: String(row.code),
      betaId: String(row.beta_id),
      type: row.code_type as StoredCode['type'],
      degree: Number(row.degree),
      owner: (row.owner as string | null) ?? null,
      redeemedBy: (row.redeemed_by as string | null) ?? null,
      redeemed: row.redeemed_at !== null && row.redeemed_at !== undefined,
    };
  }

  /** A code without a lock (the campaign lookup). */
  async findCode(code: string): Promise<{ betaId: string; type: string; redeemed: boolean } | null> {
    const [row] = rowsOf<Record<string, unknown>>(
      await this.#orm.execute(sql`SELECT beta_id, code_type, redeemed_at FROM beta_codes WHERE code = ${code}`),
    );
    return row
      ? { betaId: String(row.beta_id), type: String(row.code_type), redeemed: row.redeemed_at !== null }
      : null;
  }

  /** The playtest whose access the player got with this code (any kind, Twitch drops included). */
  async betaOfRedeemedCode(accountId: string, code: string): Promise<string | null> {
    const [row] = rowsOf<{ beta_id: string }>(
      await this.#orm.execute(sql`SELECT beta_id FROM beta_registrations
        WHERE account_id = ${uuid(accountId)} AND code = ${code} LIMIT 1`),
    );
    return row?.beta_id ?? null;
  }

  async register(
    tx: Tx,
    input: { betaId: string; accountId: string; platforms: readonly string[]; speed: string | null; terms: number },
  ): Promise<void> {
    await tx.execute(sql`INSERT INTO beta_registrations (beta_id, account_id, platforms, speed, terms_version)
      VALUES (${uuid(input.betaId)}, ${uuid(input.accountId)}, ${textArray(input.platforms)}, ${input.speed}, ${input.terms})
      ON CONFLICT (beta_id, account_id) DO UPDATE SET platforms = excluded.platforms, speed = excluded.speed,
        terms_version = greatest(beta_registrations.terms_version, excluded.terms_version), updated_at = now()`);
  }

  async leave(tx: Tx, betaId: string, accountId: string): Promise<void> {
    await tx.execute(sql`DELETE FROM beta_registrations
      WHERE beta_id = ${uuid(betaId)} AND account_id = ${uuid(accountId)} AND code IS NULL`);
  }

  /** Marks a single-use code redeemed by the player (the row is locked: lockCode). */
  async useCode(tx: Tx, code: string, accountId: string): Promise<void> {
    await tx.execute(sql`UPDATE beta_codes SET redeemed_by = ${uuid(accountId)}, redeemed_at = now()
      WHERE code = ${code}`);
  }

  /** Records the code that gave the player access, and the terms they accepted with it. */
  async grant(
    tx: Tx,
    input: { betaId: string; accountId: string; code: string; type: string; degree: number; terms: number },
  ): Promise<void> {
    await tx.execute(sql`UPDATE beta_registrations SET code = ${input.code}, code_type = ${input.type},
        code_degree = ${input.degree}, redeemed_at = now(), updated_at = now(),
        terms_version = greatest(terms_version, ${input.terms})
      WHERE beta_id = ${uuid(input.betaId)} AND account_id = ${uuid(input.accountId)}`);
  }

  async acceptTerms(tx: Tx, betaId: string, accountId: string, terms: number): Promise<void> {
    await tx.execute(sql`UPDATE beta_registrations SET terms_version = greatest(terms_version, ${terms}),
      updated_at = now() WHERE beta_id = ${uuid(betaId)} AND account_id = ${uuid(accountId)}`);
  }

  /**
   * Hands the player the first free key of the platform that no other transaction holds; null when
   * none is left. The holder index keeps it to one key per player and playtest.
   */
  async takeKey(tx: Tx, betaId: string, platform: string, accountId: string): Promise<string | null> {
    const [row] = rowsOf<{ key: string }>(
      await tx.execute(sql`UPDATE beta_platform_keys SET account_id = ${uuid(accountId)}, awarded_at = now()
        WHERE id = (SELECT id FROM beta_platform_keys
          WHERE beta_id = ${uuid(betaId)} AND platform = ${platform} AND awarded_at IS NULL
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING key`),
    );
    return row?.key ?? null;
  }

  async referralCodes(betaId: string, accountId: string, runner: Runner = this.#orm) {
    const rows = rowsOf<Record<string, unknown>>(
      await runner.execute(sql`SELECT code, redeemed_at FROM beta_codes
        WHERE owner = ${uuid(accountId)} AND beta_id = ${uuid(betaId)} ORDER BY created_at, code`),
    );
    return rows.map((row) => ({ code: String(row.code), redeemedAt: date(row.redeemed_at) }));
  }

  /** Stores a new code; false when the code exists already (the caller draws another). */
  async insertCode(
    runner: Runner,
    input: { code: string; betaId: string; type: 'single' | 'shared' | 'referral'; degree: number; owner?: string },
  ): Promise<boolean> {
    const rows = rowsOf(
      await runner.execute(sql`INSERT INTO beta_codes (code, beta_id, code_type, degree, owner)
        VALUES (${input.code}, ${uuid(input.betaId)}, ${input.type}, ${input.degree},
          ${input.owner ? uuid(input.owner) : null})
        ON CONFLICT (code) DO NOTHING RETURNING code`),
    );
    return rows.length === 1;
  }
}
