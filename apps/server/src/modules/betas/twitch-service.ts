// Twitch drops that grant a playtest (issue 18): the benefit's game, campaign and cycle, and the claim.
// A claim reads the Drops entitlements of the player's linked Twitch account from the Twitch API,
// grants the playtest for one entitlement of the benefit (under the player's lock, recorded so that
// an entitlement grants once however often it is claimed), and then marks it FULFILLED at Twitch. A
// fulfilment that fails keeps the grant and is tried again on the next claim.
import type { Beta, BenefitLookup } from '@portal/contract/calls/entities';
import type { FastifyBaseLogger } from 'fastify';
import { RequestError } from '../../http/request-error.ts';
import { TwitchDrops, TwitchDropsError } from '../../platforms/twitch-drops.ts';
import type { DropsEntitlement } from '../../platforms/twitch-drops.ts';
import type { Account } from '../accounts/service.ts';
import { ageOn } from '../accounts/service.ts';
import type { GamesService } from '../games/service.ts';
import type { PlatformLinksService } from '../platform-links/service.ts';
import type { PlatformRegistry } from '../platform-links/registry-service.ts';
import { decideRedeem } from './playtest-rules.ts';
import type { BetasRepo } from './repo.ts';
import { factsOf } from './repo.ts';
import type { BetasService } from './service.ts';
import type { TwitchRepo } from './twitch-repo.ts';

export interface TwitchDropsDeps {
  repo: TwitchRepo;
  betasRepo: BetasRepo;
  betas: BetasService;
  games: GamesService;
  platforms: PlatformRegistry;
  platformLinks: PlatformLinksService;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export class TwitchDropsService {
  readonly #d: TwitchDropsDeps;
  /** The Drops client of the Twitch configuration last read (it keeps its app token). */
  #client: { key: string; drops: TwitchDrops } | null = null;

  constructor(deps: TwitchDropsDeps) {
    this.#d = deps;
  }

  #now = () => (this.#d.now ?? (() => new Date()))();

  /** GET /twitch/benefits/{id}. */
  async benefit(benefitId: string): Promise<BenefitLookup> {
    const row = await this.#d.repo.benefit(benefitId);
    const game = row && (await this.#d.games.find(row.gameSlug));
    if (!row || !game) throw new RequestError('not_found');
    return {
      benefit: { benefit_id: row.benefitId },
      game,
      campaign: {
        id: row.campaignId,
        beta_id: row.betaId,
        title: (row.campaignTitle ?? null) as BenefitLookup['campaign']['title'],
      },
      cycle: { id: row.cycleId, start: row.cycleStart, end: row.cycleEnd },
    };
  }

  async #drops(): Promise<TwitchDrops> {
    const { config } = await this.#d.platforms.use('twitch');
    const key = JSON.stringify([config.clientId, config.endpoints.drops_api, config.endpoints.app_token]);
    if (this.#client?.key !== key) {
      const drops = TwitchDrops.from(config);
      if (!drops) throw new RequestError('insufficient_configuration');
      this.#client = { key, drops };
    }
    return this.#client.drops;
  }

  async #entitlements(subject: string, benefitId: string): Promise<{ drops: TwitchDrops; mine: DropsEntitlement[] }> {
    const drops = await this.#drops();
    try {
      const all = await drops.entitlements(subject);
      return { drops, mine: all.filter((e) => e.benefitId === benefitId && e.userId === subject) };
    } catch (error) {
      if (!(error instanceof TwitchDropsError)) throw error;
      this.#d.log?.warn({ err: error.message }, 'twitch drops: entitlements unreadable');
      throw new RequestError('external_service_error');
    }
  }

  /** PUT /twitch/entitlements/me/claim/beta: the playtest of a drop, granted once. */
  async claim(account: Account, gameSlug: string, benefitId: string): Promise<Beta> {
    const benefit = await this.#d.repo.benefit(benefitId);
    if (!benefit || benefit.gameSlug !== gameSlug) throw new RequestError('not_found');
    const subject = await this.#d.platformLinks.linkedSubject(account.id, 'twitch');
    if (!subject) throw new RequestError('twitch_link_missing');
    const { drops, mine } = await this.#entitlements(subject, benefitId);
    const claims = await this.#d.repo.claims(mine.map((e) => e.id));
    const open = mine.find((e) => e.fulfillmentStatus === 'CLAIMED' && !claims.has(e.id));
    const ours = mine.filter((e) => claims.get(e.id)?.accountId === account.id);
    if (!open && ours.length === 0) throw new RequestError('twitch_drop_not_found');

    if (open) await this.#grant(account, benefit.betaId, benefitId, open.id);
    const unfulfilled = [
      ...(open ? [open.id] : []),
      ...ours.filter((e) => !claims.get(e.id)?.fulfilled).map((e) => e.id),
    ];
    await this.#fulfil(drops, unfulfilled);
    return this.#d.betas.info(benefit.betaId, account);
  }

  /** Registers the player when needed and gives them access, unless they have it; records the grant. */
  async #grant(account: Account, betaId: string, benefitId: string, entitlementId: string): Promise<void> {
    const age = account.dateOfBirth ? ageOn(account.dateOfBirth, this.#now()) : null;
    const { betasRepo } = this.#d;
    await betasRepo.withPlayer(account.id, betaId, async (tx, player) => {
      if (!player) throw new RequestError('not_found');
      if (!(await this.#d.repo.recordClaim(tx, { entitlementId, accountId: account.id, benefitId, betaId }))) return;
      if (player.registration?.code) return; // Access already: the drop grants nothing more.
      const terms = player.beta.termsVersion;
      if (!player.registration) {
        await betasRepo.register(tx, { betaId, accountId: account.id, platforms: [], speed: null, terms });
        player = {
          ...player,
          registration: {
            id: '',
            platforms: [],
            speed: null,
            termsVersion: terms,
            code: null,
            codeType: null,
            codeDegree: null,
          },
        };
      }
      const twitchCode = { type: 'shared' as const, degree: 0, owner: null, redeemedBy: null, redeemed: false };
      const decision = decideRedeem(factsOf(player), twitchCode, { id: account.id, age }, this.#now());
      if (!decision.ok) throw new RequestError(decision.error);
      await betasRepo.grant(tx, { betaId, accountId: account.id, code: benefitId, type: 'twitch', degree: 0, terms });
    });
  }

  async #fulfil(drops: TwitchDrops, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.#d.repo.markFulfilled(await drops.fulfil(ids));
    } catch (error) {
      if (!(error instanceof TwitchDropsError)) throw error;
      // The grant stands; the next claim marks it again.
      this.#d.log?.warn({ err: error.message }, 'twitch drops: fulfilment failed');
    }
  }
}
