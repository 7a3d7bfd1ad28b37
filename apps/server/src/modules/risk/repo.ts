// The statements of the registration risk rules: where registrations came from (registration_sources,
// migration 0031), written once per registration and counted per key over the window. Times are the
// service's (its clock), never the database's now(), so the window follows the service's clock.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.ts';
import type { Orm } from '../../db/database.ts';
import { registrationSources } from '../../db/schema.ts';

/** Where one registration came from: keyed hashes (null: that rule is off, or nothing was sent). */
export interface RegistrationSource {
  addressHash: string | null;
  visitorHash: string | null;
}

export class RiskRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async record(source: RegistrationSource, at: Date): Promise<void> {
    await this.#orm.insert(registrationSources).values({ ...source, createdAt: at });
  }

  /**
   * The registrations of the address and of the visitor after `since` (and not after `until`), each
   * counted up to `upTo` only: past its limit a rule has fired, and an address that registers
   * thousands of times an hour costs no more than one that registers a few times.
   */
  async countSince(
    source: RegistrationSource,
    since: Date,
    until: Date,
    upTo: { address: number; visitor: number },
  ): Promise<{ address: number; visitor: number }> {
    const from = sql`${since.toISOString()}::timestamptz`;
    const to = sql`${until.toISOString()}::timestamptz`;
    const count = (column: 'address_hash' | 'visitor_hash', key: string | null, limit: number) =>
      key === null || limit <= 0
        ? sql`0`
        : sql`(SELECT count(*) FROM (SELECT 1 FROM registration_sources
                WHERE ${sql.raw(column)} = ${key} AND created_at > ${from} AND created_at <= ${to}
                LIMIT ${limit}) AS counted)`;
    const [row] = rowsOf<{ address: number | string; visitor: number | string }>(
      await this.#orm.execute(
        sql`SELECT ${count('address_hash', source.addressHash, upTo.address)} AS address,
                   ${count('visitor_hash', source.visitorHash, upTo.visitor)} AS visitor`,
      ),
    );
    return { address: Number(row?.address ?? 0), visitor: Number(row?.visitor ?? 0) };
  }
}
