// One test per rule of playtest-rules.ts, in the spec's order (spec 000 §4 "Beta", spec 001 §8).
import { describe, expect, it } from 'vitest';
import {
  decideAward,
  decideLeave,
  decideRedeem,
  decideReferral,
  decideRegister,
  decideTerms,
  decideUpdate,
  playtestState,
  redeemable,
  referralAllowed,
  updateable,
  windowOpen,
} from './playtest-rules.ts';
import type { BetaFacts, CodeFacts, PlaytestFacts, RecordFacts } from './playtest-rules.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const OPEN = { start: days(-1), end: days(7) };
const ENDED = { start: days(-10), end: days(-1) };
const LATER = { start: days(1), end: days(10) };

const beta = (over: Partial<BetaFacts> = {}): BetaFacts => ({
  registration: OPEN,
  redemption: OPEN,
  platforms: ['pc_steam', 'xbox_series_xs'],
  speedCheck: false,
  referralMaxCount: 3,
  referralDegree: null,
  minimumAge: null,
  version: 2,
  termsVersion: 1,
  ...over,
});
const record = (over: Partial<RecordFacts> = {}): RecordFacts => ({
  platforms: ['pc_steam'],
  speed: null,
  termsVersion: 1,
  code: null,
  codeDegree: null,
  ...over,
});
const facts = (over: Partial<PlaytestFacts> = {}): PlaytestFacts => ({
  beta: beta(),
  record: null,
  platformKey: null,
  ...over,
});
const active = (over: Partial<RecordFacts> = {}) => record({ code: 'SPRING-2026', codeDegree: 0, ...over });
const code = (over: Partial<CodeFacts> = {}): CodeFacts => ({
  type: 'single',
  degree: 0,
  owner: null,
  redeemedBy: null,
  redeemed: false,
  ...over,
});
const me = { id: 'me', age: 30 };
const refused = (error: string, field?: string) => ({ ok: false, error, ...(field ? { field } : {}) });

describe('windows', () => {
  it('are open from their start until before their end; a missing bound does not close them', () => {
    expect(windowOpen(OPEN, NOW)).toBe(true);
    expect(windowOpen(ENDED, NOW)).toBe(false);
    expect(windowOpen(LATER, NOW)).toBe(false);
    expect(windowOpen({ start: null, end: null }, NOW)).toBe(true);
    expect(windowOpen({ start: NOW, end: days(1) }, NOW)).toBe(true);
    expect(windowOpen({ start: days(-1), end: NOW }, NOW)).toBe(false);
  });
});

describe('playtest states', () => {
  it('not registered: no record while registration has not ended', () => {
    expect(playtestState(facts(), NOW)).toBe('not_registered');
    expect(playtestState(facts({ beta: beta({ registration: LATER }) }), NOW)).toBe('not_registered');
  });
  it('pre-registered: a record without a redeemed code', () => {
    expect(playtestState(facts({ record: record() }), NOW)).toBe('pre_registered');
  });
  it('redeemed and active: a record with a redeemed code', () => {
    expect(playtestState(facts({ record: active() }), NOW)).toBe('active');
  });
  it('registration ended: no record and registration closed for good', () => {
    expect(playtestState(facts({ beta: beta({ registration: ENDED }) }), NOW)).toBe('registration_ended');
  });
});

describe('redeemable (a platform key can be awarded)', () => {
  it('needs the redemption period', () => {
    expect(redeemable(facts({ record: active() }), NOW)).toBe(true);
    expect(redeemable(facts({ record: active(), beta: beta({ redemption: ENDED }) }), NOW)).toBe(false);
  });
  it('needs a record', () => {
    expect(redeemable(facts(), NOW)).toBe(false);
  });
  it('needs no platform code yet', () => {
    expect(redeemable(facts({ record: active(), platformKey: { code: 'K', platform: 'pc_steam' } }), NOW)).toBe(false);
  });
  it('needs a campaign code', () => {
    expect(redeemable(facts({ record: record() }), NOW)).toBe(false);
  });
});

describe('updateable (preferences can change)', () => {
  it('needs no campaign code', () => {
    expect(updateable(facts({ record: record() }), NOW)).toBe(true);
    expect(updateable(facts({ record: active() }), NOW)).toBe(false);
  });
  it('needs a period open, registration or redemption', () => {
    const closed = beta({ registration: ENDED, redemption: LATER });
    expect(updateable(facts({ record: record(), beta: closed }), NOW)).toBe(false);
    expect(updateable(facts({ record: record(), beta: beta({ registration: ENDED }) }), NOW)).toBe(true);
  });
  it('needs a record', () => {
    expect(updateable(facts(), NOW)).toBe(false);
  });
});

describe('referrals', () => {
  it('are allowed when the referral degree exceeds the code degree', () => {
    expect(referralAllowed(facts({ record: active({ codeDegree: 1 }), beta: beta({ referralDegree: 2 }) }))).toBe(true);
    expect(referralAllowed(facts({ record: active({ codeDegree: 2 }), beta: beta({ referralDegree: 2 }) }))).toBe(
      false,
    );
  });
  it('are allowed at any degree when the playtest has none', () => {
    expect(referralAllowed(facts({ record: active({ codeDegree: 9 }) }))).toBe(true);
  });
  it('need a redeemed code and a playtest that offers referral codes', () => {
    expect(referralAllowed(facts({ record: record() }))).toBe(false);
    expect(referralAllowed(facts({ record: active(), beta: beta({ referralMaxCount: null }) }))).toBe(false);
    expect(referralAllowed(facts({ record: active(), beta: beta({ referralMaxCount: 0 }) }))).toBe(false);
  });
  it('stop at the maximum count: maximum referrals reached', () => {
    expect(decideReferral(facts({ record: active() }), 2)).toEqual({ ok: true });
    expect(decideReferral(facts({ record: active() }), 3)).toEqual(refused('beta_max_referrals'));
  });
  it('refuse a player who may not refer: referral not allowed', () => {
    expect(decideReferral(facts({ record: record() }), 0)).toEqual(refused('beta_referral_not_allowed'));
  });
});

describe('registration', () => {
  const prefs = { platforms: ['pc_steam'] as const, betaVersion: 2 };
  it('is taken while registration is open', () => {
    expect(decideRegister(facts(), prefs, NOW)).toEqual({ ok: true });
  });
  it('is refused outside the registration window: registration closed', () => {
    expect(decideRegister(facts({ beta: beta({ registration: ENDED }) }), prefs, NOW)).toEqual(
      refused('beta_registration_closed'),
    );
    expect(decideRegister(facts({ beta: beta({ registration: LATER }) }), prefs, NOW)).toEqual(
      refused('beta_registration_closed'),
    );
  });
  it('from a page of another version of the playtest is stale', () => {
    expect(decideRegister(facts(), { ...prefs, betaVersion: 1 }, NOW)).toEqual(refused('beta_registration_stale'));
    expect(decideRegister(facts(), { platforms: ['pc_steam'] }, NOW)).toEqual({ ok: true });
  });
  it("takes only the playtest's platforms", () => {
    expect(decideRegister(facts(), { platforms: ['ps_5'] }, NOW)).toEqual(refused('invalid_request', 'platforms'));
  });
  it('needs a speed band when the playtest checks the speed', () => {
    const checked = facts({ beta: beta({ speedCheck: true }) });
    expect(decideRegister(checked, prefs, NOW)).toEqual(refused('invalid_request', 'speed'));
    expect(decideRegister(checked, { ...prefs, speed: '50_100' }, NOW)).toEqual({ ok: true });
  });
  it('again, by a registered player, is an update', () => {
    expect(decideRegister(facts({ record: active() }), prefs, NOW)).toEqual(refused('beta_registration_stale'));
    expect(decideRegister(facts({ record: record() }), prefs, NOW)).toEqual({ ok: true });
  });
});

describe('preferences and leaving', () => {
  const prefs = { platforms: ['xbox_series_xs'] as const };
  it('change only for a registered player: registration missing', () => {
    expect(decideUpdate(facts(), prefs, NOW)).toEqual(refused('beta_registration_missing'));
  });
  it('cannot change the platform once a code was redeemed', () => {
    expect(decideUpdate(facts({ record: active() }), prefs, NOW)).toEqual(refused('beta_registration_stale'));
  });
  it('change only while a period is open', () => {
    const closed = beta({ registration: ENDED, redemption: ENDED });
    expect(decideUpdate(facts({ record: record(), beta: closed }), prefs, NOW)).toEqual(
      refused('beta_registration_closed'),
    );
  });
  it('leaving is for pre-registered players only', () => {
    expect(decideLeave(facts())).toEqual(refused('beta_registration_missing'));
    expect(decideLeave(facts({ record: active() }))).toEqual(refused('beta_registration_stale'));
    expect(decideLeave(facts({ record: record() }))).toEqual({ ok: true });
  });
});

describe('redeeming a code', () => {
  const registered = facts({ record: record() });
  it('needs a registration: registration missing', () => {
    expect(decideRedeem(facts(), code(), me, NOW)).toEqual(refused('beta_registration_missing'));
  });
  it('happens inside the redemption window: campaign closed', () => {
    const closed = facts({ record: record(), beta: beta({ redemption: ENDED }) });
    expect(decideRedeem(closed, code(), me, NOW)).toEqual(refused('beta_campaign_closed'));
  });
  it('once per player and playtest: already awarded', () => {
    expect(decideRedeem(facts({ record: active() }), code(), me, NOW)).toEqual(refused('beta_already_awarded'));
  });
  it('is age-gated: redemption age gate', () => {
    const gated = facts({ record: record(), beta: beta({ minimumAge: 18 }) });
    expect(decideRedeem(gated, code(), { id: 'me', age: 17 }, NOW)).toEqual(refused('beta_redemption_age_gate'));
    expect(decideRedeem(gated, code(), { id: 'me', age: null }, NOW)).toEqual(refused('beta_redemption_age_gate'));
    expect(decideRedeem(gated, code(), { id: 'me', age: 18 }, NOW)).toEqual({ ok: true });
  });
  it('takes a single or referral code once: code not available', () => {
    expect(decideRedeem(registered, code({ redeemed: true }), me, NOW)).toEqual(refused('beta_code_not_available'));
    expect(decideRedeem(registered, code({ type: 'referral', redeemed: true, owner: 'x' }), me, NOW)).toEqual(
      refused('beta_code_not_available'),
    );
  });
  it('takes a shared code any number of times', () => {
    expect(decideRedeem(registered, code({ type: 'shared', redeemed: true }), me, NOW)).toEqual({ ok: true });
  });
  it("refuses a player's own referral code", () => {
    expect(decideRedeem(registered, code({ type: 'referral', owner: 'me' }), me, NOW)).toEqual(
      refused('beta_code_not_available'),
    );
  });
});

describe('awarding a platform key', () => {
  it('once per player and playtest: already awarded', () => {
    const awarded = facts({ record: active(), platformKey: { code: 'K', platform: 'pc_steam' } });
    expect(decideAward(awarded, 'pc_steam', NOW)).toEqual(refused('beta_already_awarded'));
  });
  it('inside the redemption window: campaign closed', () => {
    expect(decideAward(facts({ record: active(), beta: beta({ redemption: ENDED }) }), 'pc_steam', NOW)).toEqual(
      refused('beta_campaign_closed'),
    );
  });
  it('after a code was redeemed, for a platform of the playtest: award not allowed', () => {
    expect(decideAward(facts({ record: record() }), 'pc_steam', NOW)).toEqual(refused('beta_award_not_allowed'));
    expect(decideAward(facts({ record: active() }), 'ps_5', NOW)).toEqual(refused('beta_award_not_allowed'));
    expect(decideAward(facts({ record: active() }), 'xbox_series_xs', NOW)).toEqual({ ok: true });
  });
  it('after the current terms were accepted', () => {
    const changed = facts({ record: active(), beta: beta({ termsVersion: 2 }) });
    expect(decideAward(changed, 'pc_steam', NOW)).toEqual(refused('beta_award_not_allowed'));
  });
});

describe('terms', () => {
  it('are accepted again by registered players only', () => {
    expect(decideTerms(facts())).toEqual(refused('beta_registration_missing'));
    expect(decideTerms(facts({ record: record() }))).toEqual({ ok: true });
  });
});
