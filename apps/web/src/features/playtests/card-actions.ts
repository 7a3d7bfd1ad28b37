// What /playtests shows for each playtest (spec 000 §4 "Beta"): in which section it is, and which
// actions its card offers. The server decides the state and the flags (`state`, `redeemable`,
// `updateable`, `referral_allowed`); this only turns them into the card's parts. Pure, one test a rule.
import type { Beta, ReferralCode } from '@portal/contract/calls/entities';
import { inPlatformOrder } from './platform-text.ts';
import type { GamePlatform } from './platform-text.ts';

export interface PlaytestSections {
  /** Playtests the player has not joined: open for registration first, then those that ended. */
  available: Beta[];
  /** Playtests the player is registered for. */
  mine: Beta[];
}

export function playtestSections(betas: readonly Beta[]): PlaytestSections {
  const available = betas.filter((beta) => beta.record === null);
  return {
    available: [
      ...available.filter((beta) => beta.state !== 'registration_ended'),
      ...available.filter((beta) => beta.state === 'registration_ended'),
    ],
    mine: betas.filter((beta) => beta.record !== null),
  };
}

export interface CardActions {
  /** A link to the registration page: not registered, registration open. */
  register: boolean;
  /** Registration ended before the player registered: the card shows only its state, dimmed. */
  ended: boolean;
  /** Redeem a campaign or referral code: pre-registered, while codes can be redeemed. */
  redeemCode: boolean;
  /** The changed terms wait for the player's acceptance (PUT update_tos with the redeemed code). */
  acceptTerms: boolean;
  /** The platforms a key can be asked for now (empty: no key to ask for). */
  awardPlatforms: GamePlatform[];
  /** The awarded key with its instructions. */
  platformKey: boolean;
  /** Change the speed band and platforms. */
  preferences: boolean;
  /** Leave the playtest: only while pre-registered. */
  leave: boolean;
  /** Create and share referral codes. */
  referrals: boolean;
}

/**
 * The platforms offered for a key: those the player registered with that the playtest still has
 * (all the playtest's platforms when none of them is left).
 */
export function awardChoices(beta: Beta): GamePlatform[] {
  const registered = (beta.record?.platforms ?? []).filter((platform) => beta.platform_choices.includes(platform));
  return inPlatformOrder(registered.length > 0 ? registered : beta.platform_choices);
}

/** When a pre-registered player can start redeeming a code: the redemption start, if still ahead. */
export function redemptionOpensOn(beta: Beta, now: Date): Date | null {
  const start = beta.redemption_window.start;
  if (beta.state !== 'pre_registered' || beta.redemption_open || !start) return null;
  return start.getTime() > now.getTime() ? start : null;
}

export function cardActions(beta: Beta): CardActions {
  const registered = beta.record !== null;
  const acceptTerms = registered && beta.record?.beta_tos === false && beta.campaign_code !== null;
  // A key is asked for under the current terms: once they are accepted.
  const canAward = beta.redeemable && beta.platform_code === null && !acceptTerms;
  return {
    register: !registered && beta.state === 'not_registered' && beta.registration_open,
    ended: !registered && beta.state === 'registration_ended',
    redeemCode: registered && beta.state === 'pre_registered' && beta.redemption_open,
    acceptTerms,
    awardPlatforms: canAward ? awardChoices(beta) : [],
    platformKey: beta.platform_code !== null,
    preferences: registered && beta.updateable,
    leave: registered && beta.state === 'pre_registered',
    referrals: registered && beta.referral_allowed,
  };
}

/** The answer of GET /betas/me/referrals. */
export interface Referrals {
  referral_codes: ReferralCode[];
  referral_max_count: number | null;
}

/** The referral codes used: redeemed by a friend, not only made ("2 of 5 used", issue 28). */
export function referralsUsed(referrals: Referrals): number {
  return referrals.referral_codes.filter((referral) => referral.redeemed).length;
}

/** No new referral code once as many were made as the playtest allows (no limit without a maximum). */
export function atReferralMaximum(referrals: Referrals): boolean {
  const max = referrals.referral_max_count;
  return max !== null && referrals.referral_codes.length >= max;
}
