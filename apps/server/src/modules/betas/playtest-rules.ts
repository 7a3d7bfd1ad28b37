// What a player may do in a playtest (spec 000 §4 "Beta", spec 001 §8's beta conditions, issue 18):
// the playtest states, the "redeemable" and "updateable" predicates, whether referrals are allowed,
// and each call's decision, from facts the repo read under the player's registration lock. Pure:
// one test per rule in playtest-rules.test.ts, in the spec's order.
import type { PlaytestState } from '@portal/contract/calls/entities';
import type { GamePlatformKey } from '@portal/contract/calls/games';
import type { ErrorName } from '@portal/contract/errors/catalogue';

export interface Window {
  start: Date | null;
  end: Date | null;
}

export interface BetaFacts {
  registration: Window;
  redemption: Window;
  platforms: readonly GamePlatformKey[];
  speedCheck: boolean;
  referralMaxCount: number | null;
  referralDegree: number | null;
  minimumAge: number | null;
  version: number;
  termsVersion: number;
}

/** The player's registration (the spec's "record"); `code` is the code redeemed, if any. */
export interface RecordFacts {
  platforms: readonly GamePlatformKey[];
  speed: string | null;
  termsVersion: number;
  code: string | null;
  codeDegree: number | null;
}

export interface PlaytestFacts {
  beta: BetaFacts;
  record: RecordFacts | null;
  /** The platform key the player was awarded, if any. */
  platformKey: { code: string; platform: GamePlatformKey } | null;
}

export type Decision = { ok: true } | { ok: false; error: ErrorName; field?: 'platforms' | 'speed' };
const OK: Decision = { ok: true };
const refuse = (error: ErrorName, field?: 'platforms' | 'speed'): Decision =>
  field ? { ok: false, error, field } : { ok: false, error };

/** A window is open from its start (none: always was) until before its end (none: never ends). */
export function windowOpen(window: Window, now: Date): boolean {
  return (window.start === null || window.start <= now) && (window.end === null || now < window.end);
}

const windowEnded = (window: Window, now: Date) => window.end !== null && now >= window.end;

/** The four playtest states. */
export function playtestState(facts: PlaytestFacts, now: Date): PlaytestState {
  if (facts.record?.code) return 'active';
  if (facts.record) return 'pre_registered';
  return windowEnded(facts.beta.registration, now) ? 'registration_ended' : 'not_registered';
}

/** Redeemable: in the redemption period, a record exists, no platform code yet, a code was redeemed. */
export function redeemable(facts: PlaytestFacts, now: Date): boolean {
  return (
    windowOpen(facts.beta.redemption, now) && facts.record !== null && facts.platformKey === null && !!facts.record.code
  );
}

/** Updateable: no code redeemed, a period open, and a record exists. */
export function updateable(facts: PlaytestFacts, now: Date): boolean {
  const periodOpen = windowOpen(facts.beta.registration, now) || windowOpen(facts.beta.redemption, now);
  return facts.record !== null && !facts.record.code && periodOpen;
}

/**
 * Referrals: the player redeemed a code, the playtest offers referral codes (a maximum above 0), and
 * the playtest's referral degree exceeds the degree of the player's code, or it has none.
 */
export function referralAllowed(facts: PlaytestFacts): boolean {
  const { record, beta } = facts;
  if (!record?.code || (beta.referralMaxCount ?? 0) <= 0) return false;
  return beta.referralDegree === null || beta.referralDegree > (record.codeDegree ?? 0);
}

/** The record's terms are those of the playtest now (else they must be accepted again). */
export const termsAccepted = (facts: PlaytestFacts) =>
  facts.record !== null && facts.record.termsVersion >= facts.beta.termsVersion;

export interface Preferences {
  platforms: readonly GamePlatformKey[];
  speed?: string | undefined;
  /** The version of the playtest the page showed. */
  betaVersion?: number | undefined;
}

function checkPreferences(beta: BetaFacts, preferences: Preferences): Decision {
  if (preferences.platforms.some((platform) => !beta.platforms.includes(platform)))
    return refuse('invalid_request', 'platforms');
  if (beta.speedCheck && !preferences.speed) return refuse('invalid_request', 'speed');
  return OK;
}

const stale = (beta: BetaFacts, preferences: Preferences) =>
  preferences.betaVersion !== undefined && preferences.betaVersion !== beta.version;

/** PUT /betas/me/register/{id}: the preferences of a pre-registered player, while a period is open. */
export function decideUpdate(facts: PlaytestFacts, preferences: Preferences, now: Date): Decision {
  if (!facts.record) return refuse('beta_registration_missing');
  if (stale(facts.beta, preferences)) return refuse('beta_registration_stale');
  // The page offered a change the player can no longer make: the platform is settled once a code
  // was redeemed (the playtest started for them).
  if (facts.record.code) return refuse('beta_registration_stale');
  if (!updateable(facts, now)) return refuse('beta_registration_closed');
  return checkPreferences(facts.beta, preferences);
}

/** POST /betas/me/register: only while registration is open; registering again updates. */
export function decideRegister(facts: PlaytestFacts, preferences: Preferences, now: Date): Decision {
  if (facts.record) return decideUpdate(facts, preferences, now);
  if (stale(facts.beta, preferences)) return refuse('beta_registration_stale');
  if (!windowOpen(facts.beta.registration, now)) return refuse('beta_registration_closed');
  return checkPreferences(facts.beta, preferences);
}

/** DELETE /betas/me/register/{id}: only while pre-registered. */
export function decideLeave(facts: PlaytestFacts): Decision {
  if (!facts.record) return refuse('beta_registration_missing');
  if (facts.record.code) return refuse('beta_registration_stale');
  return OK;
}

/** A code as typed, read from the database. */
export interface CodeFacts {
  type: 'single' | 'shared' | 'referral';
  degree: number;
  owner: string | null;
  redeemedBy: string | null;
  redeemed: boolean;
}

/** POST /betas/me/redeem. `age` is the player's age in years (null: unknown). */
export function decideRedeem(
  facts: PlaytestFacts,
  code: CodeFacts,
  player: { id: string; age: number | null },
  now: Date,
): Decision {
  if (!facts.record) return refuse('beta_registration_missing');
  if (!windowOpen(facts.beta.redemption, now)) return refuse('beta_campaign_closed');
  if (facts.record.code) return refuse('beta_already_awarded');
  const { minimumAge } = facts.beta;
  if (minimumAge !== null && (player.age === null || player.age < minimumAge))
    return refuse('beta_redemption_age_gate');
  if (code.owner === player.id) return refuse('beta_code_not_available');
  if (code.type !== 'shared' && code.redeemed) return refuse('beta_code_not_available');
  return OK;
}

/** POST /betas/me/award: one platform key per player and playtest. */
export function decideAward(facts: PlaytestFacts, platform: GamePlatformKey, now: Date): Decision {
  if (facts.platformKey) return refuse('beta_already_awarded');
  if (!windowOpen(facts.beta.redemption, now)) return refuse('beta_campaign_closed');
  if (!facts.record?.code || !facts.beta.platforms.includes(platform)) return refuse('beta_award_not_allowed');
  if (!termsAccepted(facts)) return refuse('beta_award_not_allowed');
  return OK;
}

/** POST /betas/me/referrals, given how many codes the player made already. */
export function decideReferral(facts: PlaytestFacts, made: number): Decision {
  if (!referralAllowed(facts)) return refuse('beta_referral_not_allowed');
  if (made >= (facts.beta.referralMaxCount ?? 0)) return refuse('beta_max_referrals');
  return OK;
}

/** PUT /betas/me/{code}/update_tos: a registered player accepts the playtest's terms as they are now. */
export function decideTerms(facts: PlaytestFacts): Decision {
  return facts.record ? OK : refuse('beta_registration_missing');
}
