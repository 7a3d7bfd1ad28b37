// Playtests, the players' side (issue 18, ADR 023): what a player sees of each playtest, registration
// and preferences, redeeming a campaign or referral code, the platform key handed out once, and
// referral codes. Each change runs under the player's lock (repo.withPlayer); playtest-rules.ts decides.
import { randomInt } from 'node:crypto';
import type { Beta } from '@portal/contract/calls/entities';
import type { GameConfig, GamePlatformKey } from '@portal/contract/calls/games';
import { RequestError } from '../../http/request-error.ts';
import type { Account } from '../accounts/service.ts';
import { ageOn } from '../accounts/service.ts';
import type { GamesService } from '../games/service.ts';
import {
  decideAward,
  decideLeave,
  decideRedeem,
  decideRegister,
  decideReferral,
  decideTerms,
  decideUpdate,
  playtestState,
  redeemable,
  referralAllowed,
  termsAccepted,
  updateable,
  windowOpen,
} from './playtest-rules.ts';
import type { Decision, Preferences } from './playtest-rules.ts';
import type { BetasRepo, PlayerBeta, Tx } from './repo.ts';
import { factsOf } from './repo.ts';

export type { PlayerBeta } from './repo.ts';

/** Codes players type: four groups of four from an alphabet without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newCode(groups = 4): string {
  const group = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: groups }, group).join('-');
}

/** A code as the player typed it, as stored. */
export const typedCode = (code: string) => code.trim().toUpperCase();

function refusal(decision: Decision): RequestError | null {
  if (decision.ok) return null;
  if (decision.error === 'invalid_request') {
    const message =
      decision.field === 'speed'
        ? 'Please choose your internet speed.'
        : 'Please choose platforms this playtest offers.';
    return new RequestError('invalid_request', {
      body: { issues: [{ path: `body.${decision.field}`, code: 'custom', message }] },
    });
  }
  return new RequestError(decision.error);
}

function check(decision: Decision): void {
  const error = refusal(decision);
  if (error) throw error;
}

/** The answer's view of a playtest for one player (the contract's `beta`). */
export function betaView(player: PlayerBeta, now: Date, game?: GameConfig): Beta {
  const { beta, registration, platformKey } = player;
  const facts = factsOf(player);
  const text = (field: string) => (beta.texts[field] ?? null) as Beta['title'] | null;
  const view = {
    id: beta.id,
    version: beta.version,
    state: playtestState(facts, now),
    redeemable: redeemable(facts, now),
    updateable: updateable(facts, now),
    referral_allowed: referralAllowed(facts),
    record: registration && {
      id: registration.id,
      campaign_id: beta.key,
      speed: registration.speed as NonNullable<Beta['record']>['speed'],
      platforms: [...registration.platforms],
      beta_tos: termsAccepted(facts),
    },
    campaign_code:
      registration?.code == null
        ? null
        : {
            code: registration.code,
            code_type: registration.codeType ?? 'single',
            state: 'redeemed',
            degree: registration.codeDegree,
          },
    platform_code: platformKey,
    registration_window: { start: beta.registrationStart, end: beta.registrationEnd },
    redemption_window: { start: beta.redemptionStart, end: beta.redemptionEnd },
    speed_check: beta.speedCheck,
    platform_choices: [...beta.platforms],
    registration_success: text('registration_success'),
    game_platforms: [...beta.platforms],
    registration_open: windowOpen(facts.beta.registration, now),
    redemption_open: windowOpen(facts.beta.redemption, now),
    title: text('title') as Beta['title'],
    landing_page_text: text('landing_page_text'),
    platform_survey_msg: text('platform_survey_msg'),
    license_messaging_text: text('license_messaging_text'),
    referral_max_count: beta.referralMaxCount,
    referral_degree: beta.referralDegree,
    description: text('description'),
    redemption_agreement: text('redemption_agreement'),
    platform_survey: beta.platformSurvey,
    assets: { cover: beta.cover },
    ...(game ? { game } : {}),
  };
  return view as Beta;
}

export class BetasService {
  readonly #repo: BetasRepo;
  readonly #games: GamesService;
  readonly #now: () => Date;

  constructor(deps: { repo: BetasRepo; games: GamesService; now?: () => Date }) {
    this.#repo = deps.repo;
    this.#games = deps.games;
    this.#now = deps.now ?? (() => new Date());
  }

  async #view(player: PlayerBeta, withGame: boolean): Promise<Beta> {
    const game = withGame ? await this.#games.find(player.beta.gameSlug) : undefined;
    return betaView(player, this.#now(), game);
  }

  /** A playtest as one player (or a visitor) sees it; not_found when there is none. */
  async info(betaId: string, account: Account | null): Promise<Beta> {
    const player = await this.#repo.playerBeta(betaId, account?.id ?? null);
    if (!player) throw new RequestError('not_found');
    return this.#view(player, true);
  }

  /** GET /betas/me/available: open playtests and the player's own, each with its game. */
  async available(account: Account, withGame: boolean): Promise<Beta[]> {
    const players = await this.#repo.visibleTo(account.id, this.#now());
    return Promise.all(players.map((player) => this.#view(player, withGame)));
  }

  /** GET /betas/records: the player's registrations. */
  async records(account: Account): Promise<NonNullable<Beta['record']>[]> {
    const players = await this.#repo.visibleTo(account.id, this.#now());
    const now = this.#now();
    return players.flatMap((player) => {
      const record = betaView(player, now).record;
      return record ? [record] : [];
    });
  }

  /**
   * GET /betas/lookup/campaign/{code}: the playtest of a code that can still be redeemed. A code
   * nobody can use answers as an unknown one.
   */
  async lookupCampaign(code: string, account: Account | null): Promise<Beta> {
    const found = await this.#repo.findCode(typedCode(code));
    if (!found || (found.type !== 'shared' && found.redeemed)) throw new RequestError('beta_code_not_available');
    const player = await this.#repo.playerBeta(found.betaId, account?.id ?? null);
    if (!player) throw new RequestError('beta_code_not_available');
    const end = player.beta.redemptionEnd;
    if (end !== null && this.#now() >= end) throw new RequestError('beta_campaign_closed');
    return this.#view(player, true);
  }

  /**
   * Runs a change under the player's lock and answers the playtest as it is then, without the game
   * (the page has it from the list). `work` answers the playtest itself, from what it read and did, or null to read it again.
   */
  async #change(
    account: Account,
    betaId: string,
    work: (tx: Tx, player: PlayerBeta) => Promise<PlayerBeta | null>,
  ): Promise<Beta> {
    const after = await this.#repo.withPlayer(account.id, betaId, async (tx, player) => {
      if (!player) throw new RequestError('not_found');
      return work(tx, player);
    });
    const player = after ?? (await this.#repo.playerBeta(betaId, account.id));
    if (!player) throw new RequestError('not_found');
    return this.#view(player, false);
  }

  /** POST /betas/me/register (and, registered already, an update of the preferences). */
  register(account: Account, betaId: string, preferences: Preferences): Promise<Beta> {
    return this.#savePreferences(account, betaId, preferences, decideRegister, true);
  }

  /** PUT /betas/me/register/{id}. */
  update(account: Account, betaId: string, preferences: Preferences): Promise<Beta> {
    return this.#savePreferences(account, betaId, preferences, decideUpdate, false);
  }

  /**
   * Stores the record's platforms and speed once `decide` allows it. Registering accepts the terms as
   * they are now (beta_tos); an update keeps the terms the player accepted.
   */
  #savePreferences(
    account: Account,
    betaId: string,
    preferences: Preferences,
    decide: typeof decideRegister,
    acceptsTerms: boolean,
  ): Promise<Beta> {
    return this.#change(account, betaId, async (tx, player) => {
      check(decide(factsOf(player), preferences, this.#now()));
      await this.#repo.register(tx, {
        betaId,
        accountId: account.id,
        platforms: preferences.platforms,
        speed: preferences.speed ?? player.registration?.speed ?? null,
        terms: acceptsTerms
          ? player.beta.termsVersion
          : (player.registration?.termsVersion ?? player.beta.termsVersion),
      });
      return null;
    });
  }

  /** DELETE /betas/me/register/{id}. */
  async leave(account: Account, betaId: string): Promise<void> {
    await this.#repo.withPlayer(account.id, betaId, async (tx, player) => {
      if (!player) throw new RequestError('not_found');
      check(decideLeave(factsOf(player)));
      await this.#repo.leave(tx, betaId, account.id);
    });
  }

  /** POST /betas/me/redeem: a campaign or referral code, with the playtest's terms accepted. */
  async redeem(account: Account, typed: string): Promise<Beta> {
    const code = typedCode(typed);
    const found = await this.#repo.findCode(code);
    if (!found) throw new RequestError('beta_code_not_available');
    const age = account.dateOfBirth ? ageOn(account.dateOfBirth, this.#now()) : null;
    return this.#change(account, found.betaId, async (tx, player) => {
      const locked = await this.#repo.lockCode(tx, code);
      if (!locked) throw new RequestError('beta_code_not_available');
      check(decideRedeem(factsOf(player), locked, { id: account.id, age }, this.#now()));
      if (locked.type !== 'shared') await this.#repo.useCode(tx, code, account.id);
      await this.#repo.grant(tx, {
        betaId: found.betaId,
        accountId: account.id,
        code,
        type: locked.type,
        degree: locked.degree,
        terms: player.beta.termsVersion,
      });
      return null;
    });
  }

  /** POST /betas/me/award: one platform key, once per player and playtest, never one key twice. */
  award(account: Account, betaId: string, platform: GamePlatformKey): Promise<Beta> {
    return this.#change(account, betaId, async (tx, player) => {
      check(decideAward(factsOf(player), platform, this.#now()));
      const key = await this.#repo.takeKey(tx, betaId, platform, account.id);
      if (key === null) throw new RequestError('beta_unable_to_award');
      return { ...player, platformKey: { code: key, platform } };
    });
  }

  /** PUT /betas/me/{code}/update_tos: the terms as they are now, accepted. */
  async acceptTerms(account: Account, typed: string): Promise<Beta> {
    const code = typedCode(typed);
    const betaId = (await this.#repo.betaOfRedeemedCode(account.id, code)) ?? (await this.#repo.findCode(code))?.betaId;
    if (!betaId) throw new RequestError('beta_code_not_available');
    return this.#change(account, betaId, async (tx, player) => {
      check(decideTerms(factsOf(player)));
      await this.#repo.acceptTerms(tx, betaId, account.id, player.beta.termsVersion);
      return null;
    });
  }

  /** GET /betas/me/referrals. */
  async referrals(account: Account, betaId: string) {
    const player = await this.#repo.playerBeta(betaId, account.id);
    if (!player) throw new RequestError('not_found');
    return {
      codes: await this.#repo.referralCodes(betaId, account.id),
      max: player.beta.referralMaxCount,
    };
  }

  /** POST /betas/me/referrals: a new referral code one level further than the player's own. */
  async createReferral(account: Account, betaId: string): Promise<string> {
    let created = '';
    await this.#repo.withPlayer(account.id, betaId, async (tx, player) => {
      if (!player) throw new RequestError('not_found');
      const made = (await this.#repo.referralCodes(betaId, account.id, tx)).length;
      const facts = factsOf(player);
      check(decideReferral(facts, made));
      const degree = (facts.record?.codeDegree ?? 0) + 1;
      for (let attempt = 0; attempt < 5 && !created; attempt++) {
        const code = newCode();
        if (await this.#repo.insertCode(tx, { code, betaId, type: 'referral', degree, owner: account.id }))
          created = code;
      }
      if (!created) throw new RequestError('internal_error');
    });
    return created;
  }
}
