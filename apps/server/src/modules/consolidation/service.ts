// Consolidation (spec 000 §4, spec 001 §7 "PUT /accounts/me/transfer/…", issue 16): the player,
// signed in to their full account, moves a stub (platform-first) account into it. The stub is
// named by its access token (source_account_access_token); the whole account, one link or one game
// profile move, in one transaction each (repo.ts), as consolidation-rules.ts decides.
import type { GameConflictBody } from '@portal/contract/calls/accounts-links';
import type { GameProgress } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { RequestError } from '../../http/request-error.ts';
import { standingRefusal } from '../moderation/standing-service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { GameProgressService } from '../games/progress-service.ts';
import type { GamesService } from '../games/service.ts';
import type { SessionsService } from '../sessions/service.ts';
import type {
  ConflictChoice,
  ConsolidationDecision,
  ConsolidationPlan,
  ConsolidationScope,
} from './consolidation-rules.ts';
import { LinkTaken } from './repo.ts';
import type { ConsolidationRepo } from './repo.ts';

export type { ConflictChoice } from './consolidation-rules.ts';

export interface ConsolidationDeps {
  repo: ConsolidationRepo;
  sessions: Pick<SessionsService, 'resolve'>;
  accounts: Pick<AccountsService, 'findById'>;
  progress: Pick<GameProgressService, 'profilesOf'>;
  games: Pick<GamesService, 'find'>;
  /** The notice to the full account's owner of every consolidation. */
  mailer: Pick<Mailer, 'notify'>;
  now?: () => Date;
}

const platformName = (platform: string) => PLATFORM_CATALOGUE[platform as PlatformId]?.name ?? platform;

function conflictSave(save: GameProgress | undefined): GameConflictBody['conflict_game_details'][number]['stub'] {
  return {
    last_seen_platform: save?.last_seen_platform ?? null,
    all_platforms: save?.all_platforms ?? [],
    game_details: save?.game_details ?? {},
    last_game_login: save?.last_game_login?.toISOString() ?? null,
    last_accessed: save?.last_accessed?.toISOString() ?? null,
  };
}

export class ConsolidationService {
  readonly #d: ConsolidationDeps;
  readonly #now: () => Date;

  constructor(deps: ConsolidationDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /** PUT /accounts/me/transfer/account: links, profiles (with the choices of conflicts) and sign-ins. */
  transferAccount(target: Account, sourceToken: string, choices: Readonly<Record<string, ConflictChoice>>) {
    return this.#run(target, sourceToken, { kind: 'account', choices });
  }

  /** PUT /accounts/me/transfer/link/{name}: one platform link. */
  transferLink(target: Account, sourceToken: string, platform: string) {
    return this.#run(target, sourceToken, { kind: 'link', platform });
  }

  /** PUT /accounts/me/transfer/profile/{gameSlug}: one game profile. */
  transferProfile(
    target: Account,
    sourceToken: string,
    gameSlug: string,
    options: { squashConflict: boolean; keepOld: boolean },
  ) {
    const choice = options.squashConflict ? 'squash_conflict' : options.keepOld ? 'keep_old' : null;
    return this.#run(target, sourceToken, { kind: 'profile', gameSlug, choice });
  }

  /**
   * The stub a token stands for: a live session not pending two-factor (the account is checked locked).
   * A stub a ban or block keeps out moves nothing: its links and saves would carry a banned player's
   * platform identities into a clean account (issue 30).
   */
  async #source(token: string): Promise<string> {
    const session = await this.#d.sessions.resolve(token);
    if (!session || session.mfaPending) throw new RequestError('transfer_invalid_token');
    const source = await this.#d.accounts.findById(session.accountId);
    if (source && standingRefusal(source))
      throw new RequestError('consolidation_denied', { body: { reason: 'restricted' } });
    return session.accountId;
  }

  async #run(target: Account, sourceToken: string, scope: ConsolidationScope): Promise<Account> {
    const sourceId = await this.#source(sourceToken);
    let decision: ConsolidationDecision;
    try {
      decision = await this.#d.repo.consolidate(sourceId, target.id, scope);
    } catch (error) {
      if (!(error instanceof LinkTaken)) throw error;
      const platform = scope.kind === 'link' ? scope.platform : undefined;
      throw new RequestError('platform_link_already_exists', { body: await this.#failure(target, { platform }) });
    }
    if (decision.kind === 'conflict') {
      throw new RequestError('game_profile_conflict', {
        body: await this.#conflict(target, sourceId, decision.games),
      });
    }
    if (decision.kind === 'refused') {
      throw new RequestError(decision.error, { body: await this.#failure(target, decision) });
    }
    await this.#notify(target, decision.plan);
    const fresh = await this.#d.accounts.findById(target.id);
    if (!fresh) throw new RequestError('auth_expired');
    return fresh;
  }

  /** The stub failure page's facts (spec 000 §4): linkName, serverGameName and the account's email. */
  async #failure(
    target: Account,
    at: { platform?: string | undefined; gameSlug?: string | undefined },
  ): Promise<Record<string, unknown>> {
    const game = at.gameSlug ? await this.#d.games.find(at.gameSlug) : undefined;
    return {
      ...(at.platform ? { link_name: at.platform } : {}),
      ...(at.gameSlug ? { game: at.gameSlug, server_game_name: game?.name ?? at.gameSlug } : {}),
      email: target.email,
    };
  }

  async #conflict(target: Account, sourceId: string, slugs: readonly string[]): Promise<GameConflictBody> {
    const [stubSaves, accountSaves] = await Promise.all([
      this.#d.progress.profilesOf(sourceId, slugs),
      this.#d.progress.profilesOf(target.id, slugs),
    ]);
    const bySlug = (saves: GameProgress[]) => new Map(saves.map((s) => [s.game_slug, s]));
    const stub = bySlug(stubSaves);
    const account = bySlug(accountSaves);
    return {
      conflict_games: [...slugs],
      conflict_game_details: slugs.map((slug) => ({
        game_slug: slug,
        game_name: (stub.get(slug) ?? account.get(slug))?.game_config?.name ?? slug,
        stub: conflictSave(stub.get(slug)),
        account: conflictSave(account.get(slug)),
      })),
      session: { account_id: target.id, source_account_id: sourceId },
    };
  }

  /** Mails the full account's owner which platforms moved and which save was kept of each game. */
  async #notify(target: Account, plan: ConsolidationPlan): Promise<void> {
    const slugs = [...plan.moveProfiles, ...plan.replaceProfiles, ...plan.dropProfiles];
    if (plan.moveLinks.length === 0 && slugs.length === 0) return;
    const names = new Map<string, string>();
    await Promise.all(slugs.map(async (slug) => names.set(slug, (await this.#d.games.find(slug))?.name ?? slug)));
    const game = (slug: string) => names.get(slug) ?? slug;
    const platforms = (plan.moveLinks.length > 0 ? plan.moveLinks : plan.sourcePlatforms).map(platformName);
    await this.#d.mailer.notify(target, 'account_consolidated', {
      date: this.#now(),
      platform: platforms.length > 0 ? platforms.join(', ') : '-',
      items: [
        ...plan.moveProfiles.map((slug) => ({ kind: 'moved', game: game(slug) })),
        ...plan.replaceProfiles.map((slug) => ({ kind: 'kept_stub', game: game(slug) })),
        ...plan.dropProfiles.map((slug) => ({ kind: 'kept_account', game: game(slug) })),
      ],
    });
  }
}
