// The session and account of a signed-in call's access token (registerCall's session and account
// policies), kept in this process between calls (ADR 017). A kept entry is used only once the
// instance has heard every change committed before the request came (ChangeFeed.sync: database
// triggers announce each change of an account or of its sessions, migration 0016), so a revoked
// token or a changed account is seen at once on every instance. Whenever the instance is not
// listening (starting, connection lost, reconnecting), every request reads the database and nothing
// is kept; the cache is emptied when listening resumes.
import { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/database.ts';
import { hashToken, looksLikeToken } from '../../security/tokens.ts';
import type { RequestError } from '../../http/request-error.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { StandingService } from '../moderation/standing-service.ts';
import type { ResolvedSession, SessionsService } from './service.ts';
import { SignedInCache } from './signed-in-cache.ts';

/** The channel of the triggers of migration 0016: the id of the changed account, or `*` for all. */
export const ACCOUNT_CHANGED_CHANNEL = 'account_changed';

/** An access token's session and its account (undefined when the account is gone). */
export interface SignedInRequest {
  session: ResolvedSession;
  account: Account | undefined;
}

export interface SignedInOptions {
  /** How many tokens are kept at most; 0 turns the cache off (every request reads the database). */
  maxEntries: number;
  now?: () => number;
}

export class SignedInService {
  readonly #sessions: Pick<SessionsService, 'resolveLive' | 'ended'>;
  readonly #accounts: Pick<AccountsService, 'findById'>;
  readonly #standing: Pick<StandingService, 'refusalOfId'>;
  readonly #db: Pick<Database, 'listen'>;
  readonly #cache: SignedInCache;
  #feed: ChangeFeed | null = null;
  /** Counts changes and resets: a read that saw it move may be stale and is not kept. */
  #epoch = 0;

  /** Whether the cache is on at all (SIGNED_IN_CACHE_ENTRIES > 0). */
  readonly enabled: boolean;

  constructor(
    deps: {
      sessions: Pick<SessionsService, 'resolveLive' | 'ended'>;
      accounts: Pick<AccountsService, 'findById'>;
      standing: Pick<StandingService, 'refusalOfId'>;
      db: Pick<Database, 'listen'>;
    },
    options: SignedInOptions,
  ) {
    this.#sessions = deps.sessions;
    this.#accounts = deps.accounts;
    this.#standing = deps.standing;
    this.#db = deps.db;
    this.#cache = new SignedInCache({ maxEntries: options.maxEntries, ...(options.now ? { now: options.now } : {}) });
    this.enabled = options.maxEntries > 0;
  }

  /** Whether entries are used now: on, and listening to the database's changes. */
  get caching(): boolean {
    return this.#feed?.listening ?? false;
  }

  /** How many tokens are kept. */
  get size(): number {
    return this.#cache.size;
  }

  /** Whether this instance keeps the session of an access token (the next request may use it). */
  keeps(accessToken: string): boolean {
    return this.#cache.has(hashToken(accessToken));
  }

  /** Starts listening to changes; resolves once the first attempt ended (the cache is unused until it succeeds). */
  async start(): Promise<void> {
    if (!this.enabled || this.#feed) return;
    this.#feed = new ChangeFeed(this.#db, ACCOUNT_CHANGED_CHANNEL, {
      onChange: (accountId) => {
        this.#epoch++;
        if (accountId === '*') this.#cache.clear();
        else this.#cache.dropAccount(accountId);
      },
      onReset: () => {
        this.#epoch++;
        this.#cache.clear();
      },
    });
    await this.#feed.started;
  }

  async close(): Promise<void> {
    await this.#feed?.close();
    this.#cache.clear();
  }

  /** The session of an access token and its account, or null when the token is unknown, revoked or expired. */
  async resolve(accessToken: string): Promise<SignedInRequest | null> {
    if (!looksLikeToken(accessToken, 'at')) return null;
    const feed = this.#feed;
    if (feed === null) return this.#read(accessToken, null);
    const tokenHash = hashToken(accessToken);
    // A kept entry counts only after every change committed before this request has been heard.
    if (this.#cache.has(tokenHash) && (await feed.sync())) {
      const kept = this.#cache.get(tokenHash);
      if (kept) return kept;
    }
    return this.#read(accessToken, tokenHash);
  }

  /**
   * Why a token that resolves to nothing is refused, when a ban or block in force on its account (or
   * on the game of its client) ended its sign-in (issue 30); null for any other token (auth_expired).
   * Read from the database: a token that no longer works is not kept.
   */
  async refusalOfEnded(accessToken: string): Promise<RequestError | null> {
    const ended = await this.#sessions.ended(accessToken);
    return ended ? this.#standing.refusalOfId(ended.accountId, ended.clientId) : null;
  }

  async #read(accessToken: string, tokenHash: string | null): Promise<SignedInRequest | null> {
    const epoch = this.#epoch;
    const live = await this.#sessions.resolveLive(accessToken);
    if (!live) return null;
    const account = await this.#accounts.findById(live.session.accountId);
    const read = { session: live.session, account };
    // Kept only if nothing changed while it was read, and while listening (a change may be missed otherwise).
    if (tokenHash !== null && account && this.#epoch === epoch && this.caching) {
      this.#cache.set(tokenHash, { session: live.session, account }, live.expiresAt);
    }
    return read;
  }
}
