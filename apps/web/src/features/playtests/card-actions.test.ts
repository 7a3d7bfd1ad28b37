import { describe, expect, it } from 'vitest';
import {
  atReferralMaximum,
  awardChoices,
  referralsUsed,
  cardActions,
  playtestSections,
  redemptionOpensOn,
} from './card-actions.ts';
import { testBeta, testCampaignCode, testRecord } from './test-beta.ts';

const id = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;

describe('the sections of /playtests', () => {
  it('puts the playtests with a registration in "My playtests", the others in "Available"', () => {
    const open = testBeta({ id: id(1) });
    const ended = testBeta({ id: id(2), state: 'registration_ended', registration_open: false });
    const mine = testBeta({ id: id(3), state: 'pre_registered', record: testRecord() });
    const active = testBeta({ id: id(4), state: 'active', record: testRecord(), campaign_code: testCampaignCode() });
    expect(playtestSections([ended, mine, open, active])).toEqual({ available: [open, ended], mine: [mine, active] });
  });

  it('is empty without playtests', () => {
    expect(playtestSections([])).toEqual({ available: [], mine: [] });
  });
});

describe('the actions of a card', () => {
  const none = {
    register: false,
    ended: false,
    redeemCode: false,
    acceptTerms: false,
    awardPlatforms: [],
    platformKey: false,
    preferences: false,
    leave: false,
    referrals: false,
  };

  it('offers registration while registration is open and the player is not registered', () => {
    expect(cardActions(testBeta())).toEqual({ ...none, register: true });
  });

  it('offers nothing once registration ended for a player who did not register', () => {
    expect(cardActions(testBeta({ state: 'registration_ended', registration_open: false }))).toEqual({
      ...none,
      ended: true,
    });
    // Not registered but the window closed in between: no link to a closed registration.
    expect(cardActions(testBeta({ registration_open: false }))).toEqual(none);
  });

  it('offers a code, the preferences and leaving to a pre-registered player', () => {
    const beta = testBeta({ state: 'pre_registered', record: testRecord(), updateable: true, redemption_open: true });
    expect(cardActions(beta)).toEqual({ ...none, redeemCode: true, preferences: true, leave: true });
  });

  it('offers a code only while codes can be redeemed', () => {
    const beta = testBeta({ state: 'pre_registered', record: testRecord(), updateable: true, redemption_open: false });
    expect(cardActions(beta)).toEqual({ ...none, preferences: true, leave: true });
  });

  it('says when a pre-registered player can start redeeming', () => {
    const start = new Date('2026-05-01T00:00:00Z');
    const waiting = testBeta({
      state: 'pre_registered',
      record: testRecord(),
      redemption_window: { start, end: null },
    });
    expect(redemptionOpensOn(waiting, new Date('2026-04-20T00:00:00Z'))).toEqual(start);
    expect(redemptionOpensOn(waiting, new Date('2026-05-02T00:00:00Z'))).toBeNull();
    expect(redemptionOpensOn({ ...waiting, redemption_open: true }, new Date('2026-04-20T00:00:00Z'))).toBeNull();
    expect(redemptionOpensOn({ ...waiting, state: 'not_registered', record: null }, new Date('2026-04-20'))).toBeNull();
  });

  it('offers the preferences only while the server says they can change', () => {
    const beta = testBeta({ state: 'pre_registered', record: testRecord(), updateable: false });
    expect(cardActions(beta).preferences).toBe(false);
  });

  it('offers a key for the registered platforms when one can be awarded', () => {
    const beta = testBeta({
      state: 'active',
      record: testRecord({ platforms: ['pc_steam', 'ps_5'] }),
      campaign_code: testCampaignCode(),
      redeemable: true,
      redemption_open: true,
    });
    expect(cardActions(beta)).toEqual({ ...none, awardPlatforms: ['ps_5', 'pc_steam'] });
  });

  it('offers the playtest platforms for a key when the registration named none of them', () => {
    const beta = testBeta({ record: testRecord({ platforms: [] }), platform_choices: ['pc_epic', 'ps_4'] });
    expect(awardChoices(beta)).toEqual(['ps_4', 'pc_epic']);
    const dropped = testBeta({ record: testRecord({ platforms: ['xbox_one'] }), platform_choices: ['pc_epic'] });
    expect(awardChoices(dropped)).toEqual(['pc_epic']);
  });

  it('offers for a key only the registered platforms the playtest still has', () => {
    const beta = testBeta({
      record: testRecord({ platforms: ['xbox_one', 'pc_steam'] }),
      platform_choices: ['pc_steam', 'ps_5'],
    });
    expect(awardChoices(beta)).toEqual(['pc_steam']);
  });

  it('shows the key once awarded, and asks for no other', () => {
    const beta = testBeta({
      state: 'active',
      record: testRecord(),
      campaign_code: testCampaignCode(),
      platform_code: { code: 'AAAAA-BBBBB-CCCCC', platform: 'pc_steam' },
      redeemable: true,
    });
    expect(cardActions(beta)).toEqual({ ...none, platformKey: true });
  });

  it('asks to accept changed terms before a key is asked for', () => {
    const beta = testBeta({
      state: 'active',
      record: testRecord({ beta_tos: false }),
      campaign_code: testCampaignCode(),
      redeemable: true,
    });
    expect(cardActions(beta)).toEqual({ ...none, acceptTerms: true });
  });

  it('does not ask for the terms without a redeemed code to accept them with', () => {
    const beta = testBeta({ state: 'pre_registered', record: testRecord({ beta_tos: false }) });
    expect(cardActions(beta).acceptTerms).toBe(false);
  });

  it('offers referral codes when the server allows them', () => {
    const beta = testBeta({
      state: 'active',
      record: testRecord(),
      campaign_code: testCampaignCode(),
      referral_allowed: true,
    });
    expect(cardActions(beta)).toEqual({ ...none, referrals: true });
  });
});

describe('the referral codes', () => {
  const code = (n: number, redeemed = false) => ({ code: `FRIEND-${n}`, redeemed, redeemed_at: null });

  it('can be made until as many were made as allowed, redeemed or not', () => {
    expect(atReferralMaximum({ referral_codes: [], referral_max_count: 5 })).toBe(false);
    expect(atReferralMaximum({ referral_codes: [code(1, true), code(2)], referral_max_count: 3 })).toBe(false);
    expect(atReferralMaximum({ referral_codes: [code(1, true), code(2), code(3)], referral_max_count: 3 })).toBe(true);
    expect(atReferralMaximum({ referral_codes: [], referral_max_count: 0 })).toBe(true);
  });

  it('have no limit without a maximum', () => {
    expect(atReferralMaximum({ referral_codes: [code(1), code(2)], referral_max_count: null })).toBe(false);
  });

  it('count as used once a friend redeemed them, not when they are made (issue 28)', () => {
    expect(referralsUsed({ referral_codes: [], referral_max_count: 5 })).toBe(0);
    expect(referralsUsed({ referral_codes: [code(1), code(2)], referral_max_count: 5 })).toBe(0);
    expect(referralsUsed({ referral_codes: [code(1, true), code(2), code(3, true)], referral_max_count: 5 })).toBe(2);
  });
});
