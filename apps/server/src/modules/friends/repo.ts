// Friends, invitations and blocks in the database (migration 0021, ADR 022). Every change of a pair
// runs in one transaction that first locks both players' account rows in id order: two changes that
// touch a player wait for each other (so the limits hold on every path, and two players inviting
// each other at once end as one friendship), and two changes of different pairs never wait crosswise.
// friends-rules.ts decides from the facts read under those locks.
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database, Orm } from '../../db/database.ts';
import { rowsOf } from '../../db/database.ts';
import type { PairFacts } from './friends-rules.ts';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
type Runner = Pick<Orm, 'execute'>;

export type InvitationState = 'open' | 'accepted' | 'declined' | 'cancelled';

/** What other players see of an account. */
export interface ProfileRow {
  id: string;
  publicId: string;
  username: string | null;
  avatarSlug: string | null;
}

export interface InvitationRow {
  id: string;
  state: InvitationState;
  from: ProfileRow;
  to: ProfileRow;
  createdAt: Date;
  updatedAt: Date;
}

export interface Page<T> {
  items: T[];
  total: number;
}

const uuid = (id: string) => sql`${id}::uuid`;
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const count = (value: unknown) => Number(value ?? 0);

type RawProfile = { id: string; public_id: string; username: string | null; avatar_slug: string | null };
const profile = (row: RawProfile): ProfileRow => ({
  id: row.id,
  publicId: row.public_id,
  username: row.username,
  avatarSlug: row.avatar_slug,
});

/** The columns of an invitation with both players' profiles (aliases f_ and t_). */
const INVITATION_COLUMNS = sql`i.id, i.state, i.created_at, coalesce(i.closed_at, i.created_at) AS updated_at,
  f.id AS f_id, f.public_id AS f_public_id, f.username AS f_username, f.avatar_slug AS f_avatar_slug,
  t.id AS t_id, t.public_id AS t_public_id, t.username AS t_username, t.avatar_slug AS t_avatar_slug`;

type RawInvitation = {
  id: string;
  state: InvitationState;
  created_at: unknown;
  updated_at: unknown;
  [column: string]: unknown;
};
const invitationOf = (row: RawInvitation): InvitationRow => {
  const side = (prefix: 'f' | 't') =>
    profile({
      id: row[`${prefix}_id`] as string,
      public_id: row[`${prefix}_public_id`] as string,
      username: row[`${prefix}_username`] as string | null,
      avatar_slug: row[`${prefix}_avatar_slug`] as string | null,
    });
  return {
    id: row.id,
    state: row.state,
    from: side('f'),
    to: side('t'),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
};

/**
 * A page of friends in one statement (one round trip, prepared once per connection): the total (the
 * account's friend_count, kept by a trigger: migration 0022), and the page's rows beside it (an
 * empty page: one row of nulls). $1 the account, $2 the page size, $3
 * the offset, $4 their sum: each side of the pair reads at most that many rows from its index.
 */
const FRIENDS_PAGE = `SELECT me.friend_count AS total, a.id, a.public_id, a.username, a.avatar_slug, f.created_at
  FROM accounts me
  LEFT JOIN (
    SELECT friend, created_at FROM (
      (SELECT account_high AS friend, created_at FROM friendships WHERE account_low = $1::uuid
        ORDER BY created_at DESC LIMIT $4::int)
      UNION ALL
      (SELECT account_low AS friend, created_at FROM friendships WHERE account_high = $1::uuid
        ORDER BY created_at DESC LIMIT $4::int)
    ) AS both_sides ORDER BY created_at DESC, friend LIMIT $2::int OFFSET $3::int
  ) AS f ON true
  LEFT JOIN accounts a ON a.id = f.friend
  WHERE me.id = $1::uuid
  ORDER BY f.created_at DESC, a.id`;

export class FriendsRepo {
  readonly #db: Database;
  readonly #orm: Orm;
  constructor(db: Database) {
    this.#db = db;
    this.#orm = db.orm;
  }

  /**
   * Runs `work` in a transaction holding both players' account rows (in id order). `facts` are
   * read under the locks; `visible` is false when the other account is gone, a stub or incomplete.
   */
  withPair<T>(me: string, other: string, work: (tx: Tx, facts: PairFacts) => Promise<T>): Promise<T> {
    return this.#orm.transaction(async (tx) => {
      const locked = rowsOf<{ id: string; stub: boolean; completed: boolean }>(
        await tx.execute(sql`SELECT id, stub, completed FROM accounts
          WHERE id IN (${uuid(me)}, ${uuid(other)}) ORDER BY id FOR UPDATE`),
      );
      const them = locked.find((row) => row.id === other);
      const facts = await this.#pairFacts(tx, me, other);
      return work(tx, { ...facts, self: me === other, visible: Boolean(them && !them.stub && them.completed) });
    });
  }

  async #pairFacts(tx: Runner, me: string, other: string): Promise<Omit<PairFacts, 'self' | 'visible'>> {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`SELECT
        (SELECT friend_count FROM accounts WHERE id = ${uuid(me)}) AS my_friends,
        (SELECT friend_count FROM accounts WHERE id = ${uuid(other)}) AS their_friends,
        (SELECT count(*) FROM friend_invitations WHERE from_account = ${uuid(me)} AND state = 'open') AS my_open,
        EXISTS (SELECT 1 FROM blocks WHERE blocker = ${uuid(other)} AND blocked = ${uuid(me)}) AS blocked_by_them,
        EXISTS (SELECT 1 FROM blocks WHERE blocker = ${uuid(me)} AND blocked = ${uuid(other)}) AS blocked_by_me,
        EXISTS (SELECT 1 FROM friendships WHERE account_low = least(${uuid(me)}, ${uuid(other)})
          AND account_high = greatest(${uuid(me)}, ${uuid(other)})) AS friends,
        EXISTS (SELECT 1 FROM friend_invitations WHERE from_account = ${uuid(me)}
          AND to_account = ${uuid(other)} AND state = 'open') AS open_from_me,
        EXISTS (SELECT 1 FROM friend_invitations WHERE from_account = ${uuid(other)}
          AND to_account = ${uuid(me)} AND state = 'open') AS open_from_them`),
    );
    return {
      myFriends: count(row?.my_friends),
      theirFriends: count(row?.their_friends),
      myOpenOutgoing: count(row?.my_open),
      blockedByThem: row?.blocked_by_them === true,
      blockedByMe: row?.blocked_by_me === true,
      friends: row?.friends === true,
      openFromMe: row?.open_from_me === true,
      openFromThem: row?.open_from_them === true,
    };
  }

  /** The relation facts without locks (the search). */
  async pairFacts(me: string, other: string): Promise<Omit<PairFacts, 'self' | 'visible'>> {
    return this.#pairFacts(this.#orm, me, other);
  }

  /** The sender and receiver of an invitation, or undefined. */
  async invitationParties(id: string): Promise<{ from: string; to: string } | undefined> {
    const [row] = rowsOf<{ from_account: string; to_account: string }>(
      await this.#orm.execute(sql`SELECT from_account, to_account FROM friend_invitations WHERE id = ${uuid(id)}`),
    );
    return row ? { from: row.from_account, to: row.to_account } : undefined;
  }

  /** The id of the open invitation between two players, either way. */
  async openInvitationBetween(a: string, b: string): Promise<string | null> {
    const [row] = rowsOf<{ id: string }>(
      await this.#orm.execute(sql`SELECT id FROM friend_invitations WHERE state = 'open'
        AND ((from_account = ${uuid(a)} AND to_account = ${uuid(b)}) OR (from_account = ${uuid(b)} AND to_account = ${uuid(a)}))`),
    );
    return row?.id ?? null;
  }

  /** The invitation's state, read again under the pair's locks. */
  async invitationState(tx: Tx, id: string): Promise<InvitationState | undefined> {
    const [row] = rowsOf<{ state: InvitationState }>(
      await tx.execute(sql`SELECT state FROM friend_invitations WHERE id = ${uuid(id)}`),
    );
    return row?.state;
  }

  async friendCounts(tx: Tx, ids: [string, string]): Promise<[number, number]> {
    const counts = await Promise.all(
      ids.map(async (id) => {
        const [row] = rowsOf<{ n: unknown }>(
          await tx.execute(sql`SELECT friend_count AS n FROM accounts WHERE id = ${uuid(id)}`),
        );
        return count(row?.n);
      }),
    );
    return [counts[0] ?? 0, counts[1] ?? 0];
  }

  async insertInvitation(tx: Tx, from: string, to: string): Promise<string> {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(
        sql`INSERT INTO friend_invitations (from_account, to_account) VALUES (${uuid(from)}, ${uuid(to)}) RETURNING id`,
      ),
    );
    if (!row) throw new Error('the invitation was not stored');
    return row.id;
  }

  /** The open invitation from one player to another, accepted; answers its id. */
  async acceptOpen(tx: Tx, from: string, to: string): Promise<string> {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`UPDATE friend_invitations SET state = 'accepted', closed_at = now()
        WHERE from_account = ${uuid(from)} AND to_account = ${uuid(to)} AND state = 'open' RETURNING id`),
    );
    if (!row) throw new Error('no open invitation to accept');
    await this.befriend(tx, from, to);
    return row.id;
  }

  async close(tx: Tx, id: string, state: Exclude<InvitationState, 'open'>): Promise<void> {
    await tx.execute(
      sql`UPDATE friend_invitations SET state = ${state}, closed_at = now() WHERE id = ${uuid(id)} AND state = 'open'`,
    );
  }

  async befriend(tx: Tx, a: string, b: string): Promise<void> {
    await tx.execute(sql`INSERT INTO friendships (account_low, account_high)
      VALUES (least(${uuid(a)}, ${uuid(b)}), greatest(${uuid(a)}, ${uuid(b)})) ON CONFLICT DO NOTHING`);
  }

  async unfriend(tx: Tx, a: string, b: string): Promise<void> {
    await tx.execute(sql`DELETE FROM friendships
      WHERE account_low = least(${uuid(a)}, ${uuid(b)}) AND account_high = greatest(${uuid(a)}, ${uuid(b)})`);
  }

  /**
   * A block: the friendship ends, the blocker's open invitation is cancelled and the blocked
   * player's is declined (exactly as a decline reads to them).
   */
  async block(tx: Tx, blocker: string, blocked: string): Promise<void> {
    await tx.execute(
      sql`INSERT INTO blocks (blocker, blocked) VALUES (${uuid(blocker)}, ${uuid(blocked)}) ON CONFLICT DO NOTHING`,
    );
    await this.unfriend(tx, blocker, blocked);
    await tx.execute(sql`UPDATE friend_invitations
      SET state = CASE WHEN from_account = ${uuid(blocker)} THEN 'cancelled' ELSE 'declined' END, closed_at = now()
      WHERE state = 'open' AND ((from_account = ${uuid(blocker)} AND to_account = ${uuid(blocked)})
        OR (from_account = ${uuid(blocked)} AND to_account = ${uuid(blocker)}))`);
  }

  /** Removes a block; answers whether there was one. */
  async unblock(blocker: string, blocked: string): Promise<boolean> {
    const rows = rowsOf<{ blocker: string }>(
      await this.#orm.execute(
        sql`DELETE FROM blocks WHERE blocker = ${uuid(blocker)} AND blocked = ${uuid(blocked)} RETURNING blocker`,
      ),
    );
    return rows.length > 0;
  }

  async invitation(id: string): Promise<InvitationRow | undefined> {
    const [row] = rowsOf<RawInvitation>(
      await this.#orm.execute(sql`SELECT ${INVITATION_COLUMNS} FROM friend_invitations i
        JOIN accounts f ON f.id = i.from_account JOIN accounts t ON t.id = i.to_account WHERE i.id = ${uuid(id)}`),
    );
    return row ? invitationOf(row) : undefined;
  }

  /**
   * A page of the friends of an account, newest friendship first. Each side of the pair index gives
   * at most `offset + limit` rows in order, so only the page's rows are sorted and joined with their
   * accounts, however many friends there are.
   */
  async friends(me: string, limit: number, offset: number): Promise<Page<{ account: ProfileRow; since: Date }>> {
    const rows = await this.#db.query<Partial<RawProfile> & { created_at: unknown; total: unknown }>(
      FRIENDS_PAGE,
      [me, limit, offset, offset + limit],
      'friends_page',
    );
    return {
      items: rows
        .filter((row) => row.id)
        .map((row) => ({ account: profile(row as RawProfile), since: date(row.created_at) })),
      total: count(rows[0]?.total),
    };
  }

  /** A page of the invitations an account received (`incoming`) or sent, in one state, newest first. */
  async invitations(
    me: string,
    direction: 'incoming' | 'outgoing',
    state: InvitationState,
    limit: number,
    offset: number,
  ): Promise<Page<InvitationRow>> {
    const mine = direction === 'incoming' ? sql`i.to_account = ${uuid(me)}` : sql`i.from_account = ${uuid(me)}`;
    const where = sql`${mine} AND i.state = ${state}`;
    const [rows, total] = await Promise.all([
      this.#orm.execute(sql`SELECT ${INVITATION_COLUMNS} FROM friend_invitations i
        JOIN accounts f ON f.id = i.from_account JOIN accounts t ON t.id = i.to_account
        WHERE ${where} ORDER BY i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`),
      this.#total(sql`SELECT count(*) AS n FROM friend_invitations i WHERE ${where}`),
    ]);
    return { items: rowsOf<RawInvitation>(rows).map(invitationOf), total };
  }

  /** A page of the players an account blocked, newest first. */
  async blocked(me: string, limit: number, offset: number): Promise<Page<{ account: ProfileRow; blockedAt: Date }>> {
    const [rows, total] = await Promise.all([
      this.#orm.execute(sql`SELECT a.id, a.public_id, a.username, a.avatar_slug, b.created_at
        FROM blocks b JOIN accounts a ON a.id = b.blocked WHERE b.blocker = ${uuid(me)}
        ORDER BY b.created_at DESC, a.id LIMIT ${limit} OFFSET ${offset}`),
      this.#total(sql`SELECT count(*) AS n FROM blocks WHERE blocker = ${uuid(me)}`),
    ]);
    return {
      items: rowsOf<RawProfile & { created_at: unknown }>(rows).map((row) => ({
        account: profile(row),
        blockedAt: date(row.created_at),
      })),
      total,
    };
  }

  /**
   * The one account an exact search finds: by email or display name, case-insensitively, and only
   * when it allows being found that way; by email only once the address is verified (an address
   * someone else typed at sign-up finds nobody); never a stub or an incomplete account.
   */
  async findForSearch(type: 'email' | 'username', value: string): Promise<ProfileRow | undefined> {
    const match =
      type === 'email'
        ? sql`lower(email) = lower(${value}) AND email_verified AND findable_by_email`
        : sql`lower(username) = lower(${value}) AND findable_by_username`;
    const [row] = rowsOf<RawProfile>(
      await this.#orm.execute(sql`SELECT id, public_id, username, avatar_slug FROM accounts
        WHERE ${match} AND NOT stub AND completed LIMIT 1`),
    );
    return row ? profile(row) : undefined;
  }

  /** The profile of one account (for the search answering a player's own name). */
  async profile(id: string): Promise<ProfileRow | undefined> {
    const [row] = rowsOf<RawProfile>(
      await this.#orm.execute(sql`SELECT id, public_id, username, avatar_slug FROM accounts WHERE id = ${uuid(id)}`),
    );
    return row ? profile(row) : undefined;
  }

  async #total(query: SQL): Promise<number> {
    const [row] = rowsOf<{ n: unknown }>(await this.#orm.execute(query));
    return count(row?.n);
  }
}
