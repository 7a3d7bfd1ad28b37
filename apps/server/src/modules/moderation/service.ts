// What operators do to an account (issue 30, ADR 032): ban it (whole, or from one game; for a while
// or for good), block it (a hold that is not a punishment), lift either, end every sign-in, set or
// clear the registration flag, and see it all. The command line calls it today, the operators'
// console tomorrow. Each action is written to the account's audit trail with the operator's name and
// reason (the player's recent activity shows the action, never the operator).
//
// A ban or block is in force from the moment it commits: every way in reads the account's
// restrictions (standing-service.ts), and the account row's change reaches every instance's
// signed-in cache (ADR 017). It then ends the sign-ins it covers, so that nothing issued before it
// survives its end; a refresh of one of them answers the refusal, which is how the player learns of it.
import type { BanReason, BlockReason } from '@portal/contract/data/moderation';
import { RequestError } from '../../http/request-error.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { GamesService } from '../games/service.ts';
import type { TokenService } from '../sessions/token-service.ts';
import { ModerationError } from './moderation-rules.ts';
import type { ModerationRepo, OpenCount, RestrictionRow } from './repo.ts';
import { inForce } from './standing.ts';

export { banEnd, ModerationError, operatorName, playerNote, reasonOf } from './moderation-rules.ts';
export type { OpenCount, RestrictionRow } from './repo.ts';

/** Who acts, and the reason they typed (kept in the audit trail; null when none was given). */
export interface Acting {
  by: string;
  why: string | null;
}

export interface BanInput extends Acting {
  reason: BanReason;
  note: string | null;
  /** null: no end. */
  until: Date | null;
  /** The one game banned from; null: the whole account. */
  game: string | null;
}

export interface BlockInput extends Acting {
  reason: BlockReason;
  note: string | null;
}

/** An account as an operator sees it. */
export interface AccountReport {
  account: Account;
  /** Open and past restrictions, newest first, each with whether it is in force now. */
  restrictions: (RestrictionRow & { inForce: boolean })[];
  /** Sign-ins (token families) that are live: of the portal, and of games. */
  signIns: { web: number; games: number };
}

export interface ModerationDeps {
  repo: ModerationRepo;
  accounts: Pick<AccountsService, 'findById' | 'findByEmail' | 'setRegistrationFlagged'>;
  games: Pick<GamesService, 'find' | 'clientIdsOf'>;
  tokens: Pick<TokenService, 'endAll' | 'endClients' | 'liveSignIns'>;
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ModerationService {
  readonly #d: ModerationDeps;
  constructor(deps: ModerationDeps) {
    this.#d = deps;
  }

  #now(): Date {
    return this.#d.now?.() ?? new Date();
  }

  /** The account an operator names by its address or its id; ModerationError when there is none. */
  async find(who: string): Promise<Account> {
    const account = UUID.test(who) ? await this.#d.accounts.findById(who) : await this.#d.accounts.findByEmail(who);
    if (!account) throw new ModerationError(`no account with the ${UUID.test(who) ? 'id' : 'address'} ${who}`);
    return account;
  }

  async report(account: Account): Promise<AccountReport> {
    const now = this.#now();
    const [history, signIns] = await Promise.all([
      this.#d.repo.history(account.id),
      this.#d.tokens.liveSignIns(account.id),
    ]);
    return {
      account,
      restrictions: history.map((row) => ({
        ...row,
        inForce: row.liftedAt === null && inForce(stored(row), now),
      })),
      signIns,
    };
  }

  /**
   * Bans the account, or its use of one game; account_already_banned when a ban of that scope is in
   * force. The sign-ins it covers end: all of them, or the game's.
   */
  async ban(account: Account, input: BanInput): Promise<RestrictionRow> {
    if (input.game !== null && !(await this.#d.games.find(input.game)))
      throw new ModerationError(`no game ${input.game} (npm run admin -- games list)`);
    const set = await this.#d.repo.insert(
      {
        accountId: account.id,
        kind: 'ban',
        gameSlug: input.game,
        reason: input.reason,
        note: input.note,
        startsAt: this.#now(),
        endsAt: input.until,
        createdBy: input.by,
        createdWhy: input.why,
      },
      this.#now(),
    );
    if (set === 'already') throw new RequestError('account_already_banned');
    if (input.game === null) await this.#d.tokens.endAll(account.id);
    else await this.#d.tokens.endClients(account.id, await this.#d.games.clientIdsOf(input.game));
    await this.#record(account, 'account_banned', input, input.reason, input.game);
    return set;
  }

  /** Lifts the ban in force (of the account, or of one game); account_not_banned when there is none. */
  async unban(account: Account, input: Acting & { game: string | null }): Promise<RestrictionRow> {
    const lifted = await this.#d.repo.lift(account.id, 'ban', input.game, { ...input, now: this.#now() });
    if (!lifted) throw new RequestError('account_not_banned');
    await this.#record(account, 'account_unbanned', input, lifted.reason, input.game);
    return lifted;
  }

  /** Puts the account on hold: every sign-in ends and every way in is refused until unblocked. */
  async block(account: Account, input: BlockInput): Promise<RestrictionRow> {
    const set = await this.#d.repo.insert(
      {
        accountId: account.id,
        kind: 'block',
        gameSlug: null,
        reason: input.reason,
        note: input.note,
        startsAt: this.#now(),
        endsAt: null,
        createdBy: input.by,
        createdWhy: input.why,
      },
      this.#now(),
    );
    if (set === 'already') throw new ModerationError('the account is already blocked');
    await this.#d.tokens.endAll(account.id);
    await this.#record(account, 'account_blocked', input, input.reason, null);
    return set;
  }

  async unblock(account: Account, input: Acting): Promise<RestrictionRow> {
    const lifted = await this.#d.repo.lift(account.id, 'block', null, { ...input, now: this.#now() });
    if (!lifted) throw new ModerationError('the account is not blocked');
    await this.#record(account, 'account_unblocked', input, lifted.reason, null);
    return lifted;
  }

  /** Ends every sign-in of the account, everywhere (ASVS 7.4.5); the player may sign in again. */
  async signOut(account: Account, input: Acting): Promise<{ ended: number }> {
    const live = await this.#d.tokens.liveSignIns(account.id);
    await this.#d.tokens.endAll(account.id);
    await this.#record(account, 'signed_out_everywhere', input, null, null);
    return { ended: live.web + live.games };
  }

  /**
   * Sets or clears the registration flag (spec 000 §4 rule 12: a flagged account verifies its address
   * before it goes on, and stays out of games that do not allow flagged accounts).
   */
  async flag(account: Account, flagged: boolean, input: Acting): Promise<boolean> {
    if (account.registrationFlagged === flagged) return false;
    await this.#d.accounts.setRegistrationFlagged(account.id, flagged);
    await this.#record(account, flagged ? 'registration_flagged' : 'registration_unflagged', input, 'operator', null);
    return true;
  }

  /** Restrictions in force now, by kind, scope and reason (GET /metrics). */
  countInForce(): Promise<OpenCount[]> {
    return this.#d.repo.countInForce();
  }

  #record(account: Account, type: OperatorEventType, input: Acting, method: string | null, game: string | null) {
    return this.#d.audit.record(account.id, type, { operator: input.by, why: input.why, method, game });
  }
}

type OperatorEventType = Parameters<AuditService['record']>[1];

function stored(row: RestrictionRow) {
  return { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt?.toISOString() ?? null };
}
