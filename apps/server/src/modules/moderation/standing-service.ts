// Every way in asks here whether the account may be used (issue 30, ADR 032): each signed-in call
// (registerCall's session policy, with the game of a game's token), every sign-in as its tokens are
// issued (TokenService.start), a refresh the database refused (TokenService.refresh), a game's
// authorization and a device approval (who-may-authorize.ts). An account without restrictions costs
// one array length check; the game of a client is read only when a ban of one game is in force.
import type { Account } from '../accounts/service.ts';
import type { RequestError } from '../../http/request-error.ts';
import { hasGameBanInForce, standingRefusal } from './standing.ts';

export { standingRefusal } from './standing.ts';

export type Standing = Pick<Account, 'restrictions'>;

export interface StandingDeps {
  /** The account's restrictions by id (undefined: no such account). */
  accountOf: (accountId: string) => Promise<Standing | undefined>;
  /** The game an OAuth client belongs to (null: unknown client). */
  gameOfClient: (clientId: string) => Promise<string | null>;
  /** Each refusal (the metrics count them by error and reason). */
  onRefused?: (refusal: RequestError) => void;
  now?: () => Date;
}

export class StandingService {
  readonly #d: StandingDeps;
  constructor(deps: StandingDeps) {
    this.#d = deps;
  }

  /** The refusal of an account used by `clientId` (a game's client; null: the portal), or null. */
  async refusal(account: Standing, clientId: string | null = null): Promise<RequestError | null> {
    if (account.restrictions.length === 0) return null;
    const now = this.#d.now?.() ?? new Date();
    const game =
      clientId !== null && hasGameBanInForce(account.restrictions, now) ? await this.#d.gameOfClient(clientId) : null;
    const refusal = standingRefusal(account, game, now);
    if (refusal) this.#d.onRefused?.(refusal);
    return refusal;
  }

  /** Throws the refusal of an account used by `clientId`, if any. */
  async assert(account: Standing, clientId: string | null = null): Promise<void> {
    const refusal = await this.refusal(account, clientId);
    if (refusal) throw refusal;
  }

  /** The refusal of an account read by its id (a refresh the database refused), or null. */
  async refusalOfId(accountId: string, clientId: string | null): Promise<RequestError | null> {
    const account = await this.#d.accountOf(accountId);
    return account ? this.refusal(account, clientId) : null;
  }
}

/** The reason code of a refusal (the metrics' label), `unknown` when it carries none. */
export function refusedReason(refusal: RequestError): string {
  const restriction = refusal.body?.restriction as { reason?: unknown } | undefined;
  return typeof restriction?.reason === 'string' ? restriction.reason : 'unknown';
}
